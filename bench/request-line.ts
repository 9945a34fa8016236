// The cost of the request line every request writes (src/http/logging.ts): the URL made safe for the
// log (secret-looking query values masked, phone numbers masked) and the line itself, written to a
// destination that drops it. Per URL shape, CPU nanoseconds per line (median of rounds), beside the
// same line written with the URL as it came (the floor): rounds of the two alternate, so load from
// other processes falls on both alike. `npm run bench:request-line`; figures in docs/performance.md.
import { createLoggers, safeUrl } from '../src/http/logging.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21);
const PER_ROUND = Number(process.env.BENCH_LINES ?? 100_000);

const P = '/v2/projects/01936b2e-8d6e-7f70-9a1b-2c3d4e5f6a7b';
const URLS: [string, string][] = [
  ['token request, no query', '/v2/auth/token/'],
  ['resource path, no query', `${P}/locks/01936b2e-8d6e-7f70-9a1b-2c3d4e5f6a7c`],
  ['resource path with a query', `${P}/logs/access?limit=100&from=2026-11-24T10%3A00%3A00Z`],
  ['secret-named query value', `${P}/locks?access_token=eyJhbGciOi.x.y&limit=5`],
  ['phone in the path (URL-encoded)', `${P}/managed-users/%2B4799887766`],
  ['phone in the query (URL-encoded)', `${P}/logs/access?appUserId=%2B4799887766&limit=50`],
  ['phone in the path (raw +)', `${P}/managed-users/+4799887766`],
];

const sink = { write: (_s: string) => true } as unknown as NodeJS.WritableStream;
const { requestLine } = createLoggers('info', sink);

function round(url: string, mask: (u: string) => string): number {
  const t0 = process.cpuUsage();
  for (let i = 0; i < PER_ROUND; i++)
    requestLine({
      reqId: 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d',
      method: 'GET',
      url: mask(url),
      status: 200,
      ms: 1.2,
    });
  const d = process.cpuUsage(t0);
  return ((d.user + d.system) * 1000) / PER_ROUND;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const asIs = (u: string) => u;

console.log('| URL | as logged | line with the URL as it came | line with safeUrl | safeUrl adds |');
console.log('|---|---|---|---|---|');
for (const [name, url] of URLS) {
  const floor: number[] = [];
  const safe: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    floor.push(round(url, asIs));
    safe.push(round(url, safeUrl));
  }
  const f = median(floor);
  const s = median(safe);
  console.log(
    `| ${name} | \`${safeUrl(url).replace(P, '/v2/projects/{id}')}\` | ${Math.round(f)} ns | ${Math.round(s)} ns | ${Math.round(s - f)} ns |`,
  );
}
