// A minimal Server-Sent Events client over node:http for stream tests: parses frames as they arrive
// and lets a test wait for the n-th event (no timers: waiting ends when the frames arrive).
import { type IncomingHttpHeaders, request } from 'node:http';

export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** For a refused stream: the problem+json body. */
  body?: any;
  events: SseEvent[];
  comments: number;
  /** The text of the last comment line (after the colon). */
  lastComment?: string;
  /** Resolves when at least n events (or n comments) have arrived; rejects if the stream ends first. */
  waitEvents(n: number): Promise<SseEvent[]>;
  waitComments(n: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openSse(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
  /** The source address to connect from (e.g. 127.0.0.2: every 127/8 address is loopback on Linux). */
  localAddress?: string,
): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, baseUrl), {
      headers: { accept: 'text/event-stream', ...headers },
      localAddress,
      agent: false,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let buffer = '';
      let ended = false;
      let endedResolve!: () => void;
      const waiters = new Set<() => void>();
      const s: SseStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        comments: 0,
        ended: new Promise<void>((r) => {
          endedResolve = r;
        }),
        waitEvents: (n) => waitFor(() => s.events.length >= n).then(() => s.events.slice(0, n)),
        waitComments: (n) => waitFor(() => s.comments >= n),
        close: () => req.destroy(),
      };
      const waitFor = (ok: () => boolean) =>
        new Promise<void>((res2, rej) => {
          const check = () => {
            if (ok()) {
              waiters.delete(check);
              res2();
            } else if (ended) {
              waiters.delete(check);
              rej(new Error(`stream ended with ${s.events.length} events`));
            }
          };
          waiters.add(check);
          check();
        });
      const notify = () => {
        for (const w of [...waiters]) w();
      };
      res.setEncoding('utf8');
      if (s.status !== 200) {
        let text = '';
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => {
          s.body = text ? JSON.parse(text) : undefined;
          resolve(s);
        });
        return;
      }
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let i = buffer.indexOf('\n\n');
        while (i >= 0) {
          const frame = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const ev: SseEvent = { data: '' };
          let isEvent = false;
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) {
              s.comments++;
              s.lastComment = line.slice(1).trim();
            } else if (line.startsWith('id: ')) ev.id = line.slice(4);
            else if (line.startsWith('event: ')) {
              ev.event = line.slice(7);
              isEvent = true;
            } else if (line.startsWith('data: ')) ev.data += line.slice(6);
          }
          if (isEvent) s.events.push(ev);
          i = buffer.indexOf('\n\n');
        }
        notify();
      });
      const finish = () => {
        ended = true;
        endedResolve();
        notify();
      };
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
      resolve(s);
    });
    req.end();
  });
}
