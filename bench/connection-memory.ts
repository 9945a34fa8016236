// What a kept-alive webhook connection costs the sender's memory: `npm run bench:connection-memory`.
// The delivery agent (createDeliveryAgent, as the worker builds it) posts once to each of N HTTPS
// origins (a receiver child process listening on N ports: N separate receivers), BENCH_PER_ORIGIN
// requests at once to each, and keeps the connections open; the table gives the process's RSS, V8 heap and
// memory outside the heap before and after (after a full GC), and the growth per connection. This
// is the floor under the worker's resident set with many receivers (docs/performance.md,
// "Real-world receivers").
//   BENCH_ORIGINS (1000), BENCH_PER_ORIGIN (1,4)
import { fork } from 'node:child_process';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { request } from 'undici';
import { startFlags } from '../scripts/build.mjs';
import { parseCidrList } from '../src/delivery/address-policy.ts';
import { createDeliveryAgent } from '../src/delivery/send.ts';
import { fmt, receiverTlsOptions, table, testCa } from './lib.ts';

const ORIGINS = Number(process.env.BENCH_ORIGINS ?? 1000);
const PER_ORIGIN = (process.env.BENCH_PER_ORIGIN ?? '1,4').split(',').map(Number);

function serve(): void {
  const ports: number[] = [];
  for (let i = 0; i < ORIGINS; i++) {
    const s = createServer(receiverTlsOptions(), (req, res) => {
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    s.listen(0, '127.0.0.1', () => {
      ports.push((s.address() as AddressInfo).port);
      if (ports.length === ORIGINS) process.send!(ports);
    });
  }
}

const MB = 2 ** 20;
function memory() {
  if (!globalThis.gc) throw new Error('run with --expose-gc');
  globalThis.gc();
  const m = process.memoryUsage();
  return { rss: m.rss / MB, heap: m.heapUsed / MB, outside: (m.rss - m.heapTotal) / MB };
}

async function measure(ports: number[], perOrigin: number): Promise<string[]> {
  const agent = createDeliveryAgent({
    timeoutMs: 15_000,
    allowed: parseCidrList(['127.0.0.0/8']),
    ca: testCa(),
  });
  const body = 'x'.repeat(600); // about an access event's size
  const post = async (port: number) => {
    const r = await request(`https://127.0.0.1:${port}/hook`, { method: 'POST', body, dispatcher: agent });
    await r.body.text();
  };
  await post(ports[0]!); // code paths warmed: the first connection's cost is not the steady one
  const before = memory();
  await Promise.all(ports.flatMap((p) => Array.from({ length: perOrigin }, () => post(p))));
  const after = memory();
  await agent.close();
  const n = ports.length * perOrigin;
  const kb = (a: number, b: number) => fmt(((a - b) * 1024) / n, 0);
  return [
    `${fmt(ports.length, 0)} × ${perOrigin}`,
    `${fmt(before.rss, 0)} → ${fmt(after.rss, 0)}`,
    kb(after.rss, before.rss),
    kb(after.heap, before.heap),
    kb(after.outside, before.outside),
  ];
}

/** One row in a process of its own: memory freed by an earlier row would be reused by the next. */
async function row(per: number): Promise<string[]> {
  const child = fork(import.meta.filename, ['row', String(per)], {
    execArgv: ['--expose-gc', ...startFlags(), '--import', 'tsx'], // the service's V8 flags, as it ships
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as string[]));
    child.once('exit', (code) => code && reject(new Error(`row ${per} exited with ${code}`)));
  });
}

if (process.argv[2] === 'serve') serve();
else if (process.argv[2] === 'row') {
  const receiver = fork(import.meta.filename, ['serve'], { execArgv: ['--import', 'tsx'] });
  const ports = await new Promise<number[]>((r) => receiver.once('message', (m) => r(m as number[])));
  process.send!(await measure(ports, Number(process.argv[3])));
  receiver.kill();
  process.disconnect();
} else {
  const rows: string[][] = [];
  for (const per of PER_ORIGIN) rows.push(await row(per));
  table(
    `Memory per kept-alive HTTPS connection of the delivery agent (Node ${process.versions.node}, load average ${fmt(loadavg()[0]!, 2)})`,
    [
      'connections (origins × per origin)',
      'RSS MB',
      'RSS KB per connection',
      'V8 heap KB per connection',
      'outside the heap KB per connection',
    ],
    rows,
  );
}
