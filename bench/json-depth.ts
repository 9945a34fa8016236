// The JSON nesting check against JSON.parse, in one process, on bodies of about 1 MiB: an app upload
// of access events (objects of short strings), one long string (the check's indexOf path), and the
// deep body it refuses (nested `[`, which JSON.parse would otherwise take). Beside them, decoding the
// body's bytes to text (what reading it costs anyway). Medians of repeated runs.
// `npm run bench:json-depth`; figures in docs/performance.md.
import { randomUUID } from 'node:crypto';
import { JSON_MAX_DEPTH, jsonDeeperThan } from '../src/http/json-body.ts';

const MIB = 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

function uploadBody(): string {
  const events: unknown[] = [];
  let size = 0;
  while (size < MIB - 400) {
    const e = {
      id: randomUUID(),
      keyId: randomUUID(),
      lockId: randomUUID(),
      action: 'unlocked',
      at: new Date().toISOString(),
      appUserId: '+4799887766',
      note: 'the door \\"by the stairs\\" {left} [2]',
    };
    size += JSON.stringify(e).length + 1;
    events.push(e);
  }
  return JSON.stringify({ events });
}

const bodies: [string, string][] = [
  ['app upload (objects, short strings)', uploadBody()],
  ['one long string', JSON.stringify({ name: 'x'.repeat(MIB - 20) })],
  ['500,000 nested [ (refused by the check)', `${'['.repeat(500_000)}${']'.repeat(500_000)}`],
];

function medianMs(f: () => void, rounds: number): number {
  const xs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = process.hrtime.bigint();
    f();
    xs.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  xs.sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)]!;
}

console.log('| Body | Size | UTF-8 decode | Nesting check | JSON.parse | check / parse |');
console.log('|---|---|---|---|---|---|');
for (const [name, body] of bodies) {
  const deep = jsonDeeperThan(body, JSON_MAX_DEPTH);
  const bytes = Buffer.from(body, 'utf8');
  const decode = medianMs(() => bytes.toString('utf8'), ROUNDS);
  const check = medianMs(() => jsonDeeperThan(body, JSON_MAX_DEPTH), ROUNDS);
  let parse = Number.NaN;
  try {
    parse = medianMs(() => JSON.parse(body), deep ? Math.min(ROUNDS, 30) : ROUNDS);
  } catch (e) {
    console.error(`${name}: ${(e as Error).message}`);
  }
  console.log(
    `| ${name} | ${(body.length / MIB).toFixed(2)} MiB | ${decode.toFixed(3)} ms | ${check.toFixed(3)} ms | ${parse.toFixed(2)} ms | ${(check / parse).toFixed(3)} |`,
  );
}
