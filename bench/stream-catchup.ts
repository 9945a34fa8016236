// Catch-up beside live streams, through real processes: a Latchkey server (child process) on
// PostgreSQL and on PGlite; project A accepts BENCH_BACKLOG (default 20,000) events; then
// BENCH_RESUMERS (default 10) streams of A resume from A's first event (Last-Event-ID), held by
// another child process, while project B, whose one live stream this process holds, accepts one
// event every BENCH_LIVE_MS (default 250 ms). Per store:
//   quiet:    B's latency (its event's receipt on B's stream − the start of the upload that carried
//             it) over BENCH_LIVE_EVENTS (default 20) events with no resumer;
//   catch-up: the same while the resumers read their backlogs, until every resumer has it all (at
//             least BENCH_LIVE_EVENTS events); and how long the resumers took, and whether each got
//             every event once and in order.
// The question: does catching up hold other projects' live events back?
//   npm run bench:stream-catchup      BENCH_STORES=pg npm run bench:stream-catchup
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { ADMIN_TOKEN, api, fmt, type StoreKind, seedTenant, startLatchkey, table } from './lib.ts';

const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 20_000);
const RESUMERS = Number(process.env.BENCH_RESUMERS ?? 10);
const LIVE_MS = Number(process.env.BENCH_LIVE_MS ?? 250);
const LIVE_EVENTS = Number(process.env.BENCH_LIVE_EVENTS ?? 20);

const now = () => performance.timeOrigin + performance.now();

/** Opens an SSE stream; calls onEvent(id, receivedAt) for each event, onEnd when it ends. */
function sse(
  url: string,
  headers: Record<string, string>,
  onEvent: (id: string, at: number) => void,
  onEnd: () => void = () => {},
) {
  const req = httpRequest(url, { headers, agent: false });
  req.on('error', onEnd);
  req.on('response', (res) => {
    if (res.statusCode !== 200) throw new Error(`stream: ${res.statusCode}`);
    res.on('close', onEnd);
    res.setEncoding('utf8');
    let buf = '';
    res.on('data', (chunk: string) => {
      const at = now();
      buf += chunk;
      let i = buf.indexOf('\n\n');
      while (i >= 0) {
        const frame = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (frame.startsWith('id: ')) onEvent(frame.slice(4, frame.indexOf('\n')), at);
        i = buf.indexOf('\n\n');
      }
    });
  });
  req.end();
  return () => req.destroy();
}

// ---- the resumers (child process): counts, order check, completion time ----
interface ResumerResult {
  /** Until the whole backlog had arrived; undefined if the server ended the stream before. */
  ms: number | undefined;
  received: number;
  inOrder: boolean;
}

function resumersMain(): void {
  process.on('message', (m: { url: string; token: string; from: string; ids: string[] }) => {
    const t0 = now();
    const expected = m.ids;
    const results: ResumerResult[] = [];
    const closers: (() => void)[] = [];
    const finish = (r: ResumerResult) => {
      results.push(r);
      if (results.length < RESUMERS) return;
      for (const c of closers) c();
      process.send!({ results });
    };
    for (let s = 0; s < RESUMERS; s++) {
      let n = 0;
      let inOrder = true;
      let finished = false;
      closers.push(
        sse(
          m.url,
          { authorization: `Bearer ${m.token}`, 'last-event-id': m.from },
          (id, at) => {
            if (finished) return;
            if (id !== expected[n]) inOrder = false;
            if (++n < expected.length) return;
            finished = true;
            finish({ ms: at - t0, received: n, inOrder });
          },
          () => {
            if (finished) return;
            finished = true;
            finish({ ms: undefined, received: n, inOrder });
          },
        ),
      );
    }
  });
}

// ---- the measurement (this process) ----
async function tenantWithKey(base: string) {
  const t = await seedTenant(base);
  const lockId = (
    await api(base, 'POST', `/v2/projects/${t.projectId}/locks`, { name: 'Door' }, t.projectToken)
  ).lock.id as string;
  const phone = `+4799${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const start = new Date(Date.now() - 86_400_000).toISOString();
  const keyId = (
    await api(
      base,
      'POST',
      `/v2/projects/${t.projectId}/keys`,
      { keys: [{ lockId, appUserId: phone, start }] },
      t.projectToken,
    )
  ).keys[0].id as string;
  const app = (await api(base, 'POST', '/admin/v1/app-tokens', { appUserId: phone }, ADMIN_TOKEN))
    .access_token as string;
  return { ...t, keyId, app };
}

async function upload(base: string, x: { keyId: string; app: string }, ids: string[]): Promise<void> {
  const created = new Date(Date.now() - 1000).toISOString();
  const r = await fetch(`${base}/v2/app/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${x.app}` },
    body: JSON.stringify({ events: ids.map((id) => ({ id, keyId: x.keyId, action: 'unlocked', created })) }),
  });
  const text = await r.text();
  if (r.status !== 200 || text.includes('"rejected"'))
    throw new Error(`upload: ${r.status} ${text.slice(0, 200)}`);
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function runStore(kind: StoreKind) {
  const server = await startLatchkey(kind, {
    LATCHKEY_WORKER: 'off',
    LATCHKEY_STREAM_MAX_PER_PROJECT: String(RESUMERS + 1),
    LATCHKEY_STREAMS_PER_CLIENT: String(RESUMERS + 1),
  });
  const child = fork(import.meta.filename, ['resumers'], { execArgv: ['--import', 'tsx'] });
  try {
    const a = await tenantWithKey(server.base);
    const b = await tenantWithKey(server.base);
    const backlog = Array.from({ length: BACKLOG }, () => randomUUID());
    for (let i = 0; i < backlog.length; i += 1000) await upload(server.base, a, backlog.slice(i, i + 1000));

    const sentAt = new Map<string, number>();
    const gotAt = new Map<string, number>();
    const closeLive = sse(
      `${server.base}/v2/projects/${b.projectId}/logs/access/stream`,
      { authorization: `Bearer ${b.projectToken}` },
      (id, at) => gotAt.set(id, at),
    );
    await new Promise((r) => setTimeout(r, 300));
    /** B's events at one per LIVE_MS until `until()` (at least LIVE_EVENTS); their latencies. */
    const live = async (until: () => boolean) => {
      const ids: string[] = [];
      const uploads: Promise<void>[] = [];
      const t0 = now();
      for (let i = 0; ids.length < LIVE_EVENTS || !until(); i++) {
        const wait = t0 + i * LIVE_MS - now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const id = randomUUID();
        ids.push(id);
        sentAt.set(id, now());
        uploads.push(upload(server.base, b, [id]));
      }
      await Promise.all(uploads);
      for (let i = 0; i < 100 && ids.some((id) => !gotAt.has(id)); i++)
        await new Promise((r) => setTimeout(r, 100));
      const lat = ids
        .filter((id) => gotAt.has(id))
        .map((id) => gotAt.get(id)! - sentAt.get(id)!)
        .sort((x, y) => x - y);
      return { n: ids.length, missing: ids.filter((id) => !gotAt.has(id)).length, lat };
    };
    const quiet = await live(() => true);
    let results: ResumerResult[] | undefined;
    child.once('message', (m: { results: typeof results }) => {
      results = m.results;
    });
    child.send({
      url: `${server.base}/v2/projects/${a.projectId}/logs/access/stream`,
      token: a.projectToken,
      from: backlog[0],
      ids: backlog.slice(1),
    });
    const busy = await live(() => results !== undefined);
    closeLive();
    return { kind, quiet, busy, results: results! };
  } finally {
    child.kill();
    await server.stop();
  }
}

async function main() {
  const stores = (process.env.BENCH_STORES ?? 'pg,pglite').split(',') as StoreKind[];
  for (const kind of stores) {
    const rows: (string | number)[][] = [];
    const r = await runStore(kind);
    const done = r.results.filter((x) => x.ms !== undefined);
    const slowest = Math.max(...done.map((x) => x.ms!));
    const closed = r.results.filter((x) => x.ms === undefined).map((x) => fmt(x.received));
    for (const [phase, m] of [
      ['quiet', r.quiet],
      ['catch-up', r.busy],
    ] as const)
      rows.push([
        kind,
        phase,
        `${m.n - m.missing} / ${m.n}`,
        fmt(pct(m.lat, 0.5), 1),
        fmt(m.lat[m.lat.length - 1]!, 1),
        phase === 'quiet' ? '-' : done.length > 0 ? fmt(slowest / 1000, 1) : '-',
        phase === 'quiet'
          ? '-'
          : `${done.length} of ${r.results.length}${closed.length ? ` (the server ended ${closed.length}, at ${closed.join(', ')} events)` : ''}; order ${r.results.every((x) => x.inOrder) ? 'kept' : 'BROKEN'}`,
      ]);
    table(
      `Project B's live events (one every ${LIVE_MS} ms) while ${RESUMERS} streams of project A resume ${fmt(BACKLOG)} events back (load ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')})`,
      [
        'store',
        'phase',
        "B's events arrived",
        'p50 ms',
        'max ms',
        'resumers done s',
        'resumers with their whole backlog',
      ],
      rows,
    );
  }
}

if (process.argv[2] === 'resumers') resumersMain();
else await main();
