// What the audit trail costs a write: the same writes through two apps on one store in one run,
// one with the trail (each change and its records in one transaction) and one whose audited
// operations run plainly. In process (inject), one request at a time, so the figure is the
// handler's and the store's time per write, without HTTP: the trail's share of a real request is
// smaller. Rounds alternate the two apps so drift on a shared machine falls on both.
//   npm run bench:audit                     (PGlite)
//   TEST_DATABASE_URL=postgres://… npm run bench:audit
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { openTestStore, storeKind } from '../test/helpers/store.ts';
import { fmt, table } from './lib.ts';

const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const BATCH = 1000;
const ADMIN = 'bench-admin-token-0123456789abcdef0123456789';

const config = loadConfig({
  LATCHKEY_DATA_DIR: mkdtempSync(join(tmpdir(), 'latchkey-bench-audit-')),
  LATCHKEY_PUBLIC_URL: 'http://latchkey.bench',
  LATCHKEY_ADMIN_TOKEN: ADMIN,
  LATCHKEY_LOG_LEVEL: 'warn',
  LATCHKEY_TOKEN_RATE_PER_CLIENT: '0',
  LATCHKEY_TOKEN_RATE_PER_IP: '0',
  LATCHKEY_WORKER: 'off',
});
const store = await openTestStore();
const quiet = new Writable({ write: (_c, _e, cb) => cb() });
const ctx = await createContext(config, store.db, { logStream: quiet });
const audited = await buildApp(ctx);
// A context of its own (one metrics registry per app); the same store and signing keys.
const plainCtx = await createContext(config, store.db, { logStream: quiet });
const plain = await buildApp(plainCtx, {
  audited: (_op, _req, _reply, run) => Promise.resolve(run(plainCtx)),
});

async function call(app: FastifyInstance, method: string, url: string, token: string, body?: unknown) {
  const r = await app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    payload: body ? JSON.stringify(body) : undefined,
  });
  assert.ok(r.statusCode < 300, `${method} ${url}: ${r.statusCode} ${r.body.slice(0, 300)}`);
  return r.json();
}

// One tenant, one lock.
const org = (await call(audited, 'POST', '/admin/v1/organizations', ADMIN, { name: 'Bench' })).organization
  .id;
const client = await call(audited, 'POST', `/admin/v1/organizations/${org}/clients`, ADMIN, {
  name: 'bench',
});
const token = async (scope: Record<string, string>) =>
  (
    await audited.inject({
      method: 'POST',
      url: '/v2/auth/token/',
      payload: {
        grant_type: 'client_credentials',
        client_id: client.client.id,
        client_secret: client.clientSecret,
        ...scope,
      },
    })
  ).json().access_token as string;
const orgToken = await token({ scope: 'organization.admin', organization_id: org });
const project = (await call(audited, 'POST', `/v2/organization/${org}/projects`, orgToken, { name: 'HQ' }))
  .project.id;
const pt = await token({ scope: 'project.admin', project_id: project });
const lock = (await call(audited, 'POST', `/v2/projects/${project}/locks`, pt, { name: 'Door' })).lock.id;
let n = 0;
const person = () => `+4791${String(n++).padStart(6, '0')}`;

type Phase = 'create 1 key' | 'revoke 1 key' | `create ${typeof BATCH} keys`;
const times: Record<string, Record<Phase, number[]>> = { audited: {} as never, plain: {} as never };
const note = (app: string, phase: Phase, ms: number) => {
  const t = times[app]!;
  t[phase] ??= [];
  t[phase].push(ms);
};

async function round(name: 'audited' | 'plain', app: FastifyInstance) {
  const ids: string[] = [];
  let t0 = performance.now();
  for (let i = 0; i < WRITES; i++)
    ids.push(
      (
        await call(app, 'POST', `/v2/projects/${project}/keys`, pt, {
          keys: [{ lockId: lock, appUserId: person() }],
        })
      ).keys[0].id,
    );
  note(name, 'create 1 key', (performance.now() - t0) / WRITES);
  t0 = performance.now();
  for (const id of ids) await call(app, 'DELETE', `/v2/projects/${project}/keys/${id}`, pt);
  note(name, 'revoke 1 key', (performance.now() - t0) / WRITES);
  t0 = performance.now();
  const keys = Array.from({ length: BATCH }, () => ({ lockId: lock, appUserId: person() }));
  await call(app, 'POST', `/v2/projects/${project}/keys`, pt, { keys });
  note(name, `create ${BATCH} keys`, performance.now() - t0);
}

// A warm-up round each (schemas compiled, caches and plans made), then alternating rounds.
await round('plain', plain);
await round('audited', audited);
for (const app of ['plain', 'audited'] as const) times[app] = {} as never;
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 === 0 ? (['plain', 'audited'] as const) : (['audited', 'plain'] as const);
  for (const name of order) await round(name, name === 'plain' ? plain : audited);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const records = await store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_records');
table(
  `Audit trail cost per write, ${storeKind}, ${ROUNDS} alternating rounds of ${WRITES} single writes and one batch (median ms; load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${records.rows[0]!.n} records written)`,
  ['write', 'without the trail', 'with the trail', 'ratio'],
  (['create 1 key', 'revoke 1 key', `create ${BATCH} keys`] as Phase[]).map((p) => {
    const a = median(times.plain![p]!);
    const b = median(times.audited![p]!);
    return [p, fmt(a, 2), fmt(b, 2), fmt(b / a, 2)];
  }),
);
await audited.close();
await plain.close();
await store.close();
