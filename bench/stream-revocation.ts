// How long an open live stream outlives its token, with the default settings
// (LATCHKEY_STREAM_TOKEN_CHECK_MS 2000, LATCHKEY_REVOCATION_CACHE_SECONDS 2), through real
// processes. On PostgreSQL two Latchkey processes share one database; on PGlite there is one (its
// store cannot be shared). For each way a token stops being valid (its grant removed, its
// client's secret rotated, its client deleted: BENCH_TRIALS times each, default 5, each at a
// random moment; and its expiry, once, with LATCHKEY_TOKEN_TTL_SECONDS=60), BENCH_STREAMS
// (default 5) streams per process are open with the token; the change is made through the first
// process; the figure is the time from the change's answer (or from `exp`) until a stream ends,
// the slowest of each process's streams. BENCH_WAIT_S (default 20): a stream still open after
// this long is reported as such.
//   npm run bench:stream-revocation      BENCH_STORES=pg npm run bench:stream-revocation
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import pg from 'pg';
import {
  ADMIN_TOKEN,
  fmt,
  PG_URL,
  type Server,
  type StoreKind,
  seedTenant,
  startLatchkey,
  table,
} from './lib.ts';

const TRIALS = Number(process.env.BENCH_TRIALS ?? 5);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 5);
const WAIT_MS = Number(process.env.BENCH_WAIT_S ?? 20) * 1000;

/** Opens a stream; resolves with a promise of when (ms since the epoch) the server ends it. */
function openStream(base: string, projectId: string, token: string): Promise<{ ended: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/v2/projects/${projectId}/logs/access/stream`, {
      headers: { authorization: `Bearer ${token}` },
      agent: false,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
      res.resume();
      resolve({ ended: new Promise<number>((ended) => res.on('close', () => ended(Date.now()))) });
    });
    req.end();
  });
}

async function endedAfter(ends: Promise<number>[], from: () => number): Promise<number> {
  const timeout = new Promise<number>((r) => setTimeout(() => r(Number.POSITIVE_INFINITY), WAIT_MS));
  const times = await Promise.all(ends.map((e) => Promise.race([e, timeout])));
  return Math.max(...times) - from();
}

type Change = 'grant removed' | 'secret rotated' | 'client deleted';

async function change(base: string, what: Change, t: Awaited<ReturnType<typeof seedTenant>>): Promise<void> {
  const client = t.creds.client_id;
  const [method, path, token] =
    what === 'grant removed'
      ? [
          'DELETE',
          `/v2/organization/${t.organizationId}/projects/${t.projectId}/api-permissions/${client}`,
          t.orgToken,
        ]
      : what === 'secret rotated'
        ? ['POST', `/admin/v1/clients/${client}/rotate-secret`, ADMIN_TOKEN]
        : ['DELETE', `/admin/v1/clients/${client}`, ADMIN_TOKEN];
  const r = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${await r.text()}`);
}

async function servers(kind: StoreKind, env: Record<string, string>) {
  if (kind === 'pglite') return { list: [await startLatchkey('pglite', env)], drop: async () => {} };
  const name = `bench_rev_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  // The same master key (each reads the signing keys the other sealed) and the same issuer.
  const shared = {
    ...env,
    LATCHKEY_MASTER_KEY: randomBytes(32).toString('base64'),
    LATCHKEY_PUBLIC_URL: 'http://latchkey.bench',
  };
  const first = await startLatchkey('pg', shared, { databaseUrl: u.toString() });
  const second = await startLatchkey('pg', shared, { databaseUrl: u.toString() });
  return {
    list: [first, second],
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function streamsOn(list: Server[], projectId: string, token: string) {
  const ends: Promise<number>[][] = [];
  for (const s of list) {
    const mine: Promise<number>[] = [];
    for (let i = 0; i < STREAMS; i++) mine.push((await openStream(s.base, projectId, token)).ended);
    ends.push(mine);
  }
  return ends;
}

async function runStore(kind: StoreKind) {
  const rows: (string | number)[][] = [];
  const fmtS = (ms: number) => (Number.isFinite(ms) ? fmt(ms / 1000, 2) : `> ${WAIT_MS / 1000}`);
  {
    const { list, drop } = await servers(kind, { LATCHKEY_WORKER: 'off' });
    try {
      for (const what of ['grant removed', 'secret rotated', 'client deleted'] as const) {
        const per: number[][] = list.map(() => []);
        for (let trial = 0; trial < TRIALS; trial++) {
          const t = await seedTenant(list[0]!.base);
          const ends = await streamsOn(list, t.projectId, t.projectToken);
          // At a random moment of the check interval: the previous trial ended at a check.
          await new Promise((r) => setTimeout(r, Math.random() * 2000));
          await change(list[0]!.base, what, t);
          const at = Date.now();
          for (const [i, e] of ends.entries()) per[i]!.push(await endedAfter(e, () => at));
        }
        per.forEach((ms, i) => {
          ms.sort((x, y) => x - y);
          rows.push([
            kind,
            what,
            i === 0 ? 'the same' : 'another',
            fmtS(ms[Math.floor(ms.length / 2)]!),
            fmtS(ms.at(-1)!),
          ]);
        });
      }
    } finally {
      for (const s of list) await s.stop();
      await drop();
    }
  }
  {
    const { list, drop } = await servers(kind, { LATCHKEY_WORKER: 'off', LATCHKEY_TOKEN_TTL_SECONDS: '60' });
    try {
      const t = await seedTenant(list[0]!.base);
      const exp = JSON.parse(Buffer.from(t.projectToken.split('.')[1]!, 'base64url').toString()).exp * 1000;
      const ends = await streamsOn(list, t.projectId, t.projectToken);
      await new Promise((r) => setTimeout(r, Math.max(0, exp - Date.now())));
      for (const [i, e] of ends.entries()) {
        const ms = await endedAfter(e, () => exp);
        rows.push([kind, 'token expired', i === 0 ? 'the same' : 'another', fmtS(ms), fmtS(ms)]);
      }
    } finally {
      for (const s of list) await s.stop();
      await drop();
    }
  }
  return rows;
}

async function main() {
  const stores = (process.env.BENCH_STORES ?? 'pg,pglite').split(',') as StoreKind[];
  const rows: (string | number)[][] = [];
  for (const kind of stores) rows.push(...(await runStore(kind)));
  table(
    `Seconds from a token ceasing to be valid to the end of its open streams (${STREAMS} per process, ${TRIALS} trials, default settings; load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')})`,
    ['store', 'what happened', 'stream on the process that made the change', 'median s', 'max s'],
    rows,
  );
}

await main();
