// Does the answer time of POST /v2/app/auth/otp tell whether a phone is known? Starts a server on a
// fresh PostgreSQL database with 100,000 managed users and 100,000 keys, then asks for codes for
// known phones (managed users) and unknown ones, interleaved, each from its own address (through
// LATCHKEY_TRUST_PROXY, so no limiter interferes), and prints the medians and tails of each.
//
//   node --import tsx scripts/otp-timing.ts            # this checkout
//   OTP_TIMING_ROOT=/path/to/other/checkout node --import tsx scripts/otp-timing.ts
//
// Env: OTP_TIMING_URL (a PostgreSQL server; default postgres://postgres@127.0.0.1:5432/test: a
// database of its own is created there and dropped), OTP_TIMING_ROWS (100000), OTP_TIMING_REQUESTS
// (2000, half of each kind).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { request } from 'undici';

const root = resolve(process.env.OTP_TIMING_ROOT ?? join(import.meta.dirname, '..'));
const baseUrl = process.env.OTP_TIMING_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const rows = Number(process.env.OTP_TIMING_ROWS ?? 100_000);
const requests = Number(process.env.OTP_TIMING_REQUESTS ?? 2000);

const dbName = `otp_timing_${process.pid}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(baseUrl);
url.pathname = `/${dbName}`;
const dataDir = mkdtempSync(join(tmpdir(), 'otp-timing-'));

const { loadConfig } = await import(join(root, 'src/config.ts'));
const { startServer } = await import(join(root, 'src/server.ts'));
const server = await startServer(
  loadConfig({
    DATABASE_URL: url.toString(),
    LATCHKEY_MASTER_KEY: randomBytes(32).toString('base64'),
    PORT: '0',
    HOST: '127.0.0.1',
    LATCHKEY_DATA_DIR: dataDir,
    LATCHKEY_TRUST_PROXY: '127.0.0.1/32',
    LATCHKEY_WORKER: 'off',
    LATCHKEY_LOG_LEVEL: 'warn',
  }),
);

try {
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const org = (
    await db.query("INSERT INTO organizations (id, name) VALUES (gen_random_uuid(), 'o') RETURNING id")
  ).rows[0].id;
  const project = (
    await db.query(
      "INSERT INTO projects (id, organization_id, name) VALUES (gen_random_uuid(), $1, 'p') RETURNING id",
      [org],
    )
  ).rows[0].id;
  const lock = (
    await db.query(
      "INSERT INTO locks (id, project_id, name, timezone) VALUES (gen_random_uuid(), $1, 'l', 'UTC') RETURNING id",
      [project],
    )
  ).rows[0].id;
  await db.query(
    `INSERT INTO managed_users (id, project_id, app_user_id)
     SELECT gen_random_uuid(), $1, '+4720' || lpad(g::text, 7, '0') FROM generate_series(1, $2) g`,
    [project, rows],
  );
  await db.query(
    `INSERT INTO keys (id, project_id, lock_id, app_user_id, origin, starts)
     SELECT gen_random_uuid(), $1, $2, '+4730' || lpad(g::text, 7, '0'), 'integrator', now() FROM generate_series(1, $3) g`,
    [project, lock, rows],
  );
  await db.query('ANALYZE');
  await db.end();

  const base = server.address.replace('0.0.0.0', '127.0.0.1');
  let n = 0;
  const ask = async (phone: string) => {
    n++;
    const t0 = performance.now();
    const r = await request(`${base}/v2/app/auth/otp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`,
      },
      body: JSON.stringify({ appUserId: phone }),
    });
    await r.body.dump();
    const ms = performance.now() - t0;
    if (r.statusCode !== 202) throw new Error(`status ${r.statusCode} for ${phone}`);
    return ms;
  };
  const knownPhone = (i: number) => `+4720${String(1 + ((i * 7919) % rows)).padStart(7, '0')}`;
  const unknownPhone = (i: number) => `+4740${String(i).padStart(7, '0')}`;
  for (let i = 0; i < 50; i++) await ask(i % 2 ? knownPhone(rows - i) : unknownPhone(rows + i));
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < requests / 2; i++) {
    known.push(await ask(knownPhone(i)));
    unknown.push(await ask(unknownPhone(i)));
  }
  // Let the work after the last answers finish before the store closes.
  await new Promise((r) => setTimeout(r, 500));
  const q = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
  const line = (name: string, xs: number[]) =>
    `${name.padEnd(8)} n=${xs.length} median ${q(xs, 0.5).toFixed(2)} ms, p95 ${q(xs, 0.95).toFixed(2)} ms, p99 ${q(xs, 0.99).toFixed(2)} ms`;
  console.log(`${root}: ${rows} managed users and ${rows} keys on PostgreSQL`);
  console.log(line('known', known));
  console.log(line('unknown', unknown));
} finally {
  await server.stop();
  await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
