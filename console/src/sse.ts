// Server-Sent Events over fetch: EventSource cannot send an Authorization header, and tokens
// must not travel in URLs (they would land in logs). Reconnects with Last-Event-ID after a drop,
// so the tail misses nothing the server kept.
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

export function subscribe(
  url: string,
  token: () => Promise<string>,
  onEvent: (e: SseEvent) => void,
  onState: (s: 'connecting' | 'live' | 'error') => void,
): () => void {
  const abort = new AbortController();
  let lastId: string | undefined;
  const run = async () => {
    while (!abort.signal.aborted) {
      onState('connecting');
      try {
        const headers: Record<string, string> = {
          accept: 'text/event-stream',
          authorization: `Bearer ${await token()}`,
        };
        if (lastId) headers['last-event-id'] = lastId;
        const r = await fetch(url, { headers, signal: abort.signal });
        if (!r.ok || !r.body) throw new Error(`stream answered ${r.status}`);
        onState('live');
        const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          let end = buf.indexOf('\n\n');
          while (end >= 0) {
            const block = buf.slice(0, end);
            buf = buf.slice(end + 2);
            const e: SseEvent = { event: 'message', data: '' };
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue; // keep-alive comment
              const i = line.indexOf(':');
              const field = i < 0 ? line : line.slice(0, i);
              const v = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
              if (field === 'id') e.id = v;
              else if (field === 'event') e.event = v;
              else if (field === 'data') data.push(v);
            }
            if (data.length > 0) {
              e.data = data.join('\n');
              if (e.id) lastId = e.id;
              onEvent(e);
            }
            end = buf.indexOf('\n\n');
          }
        }
      } catch {
        if (abort.signal.aborted) return;
        onState('error');
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
  void run();
  return () => abort.abort();
}
