// Backup and restore while the service serves, as an operator does them. A server takes writes from
// two writers (keys created, access events simulated, each event queueing a webhook delivery) and a
// backup is taken in the middle: the embedded store with `latchkey backup` (the running server
// takes it, through its control socket), PostgreSQL with `pg_dump -Fc`. The backup is restored into
// an empty store (`latchkey restore` / `pg_restore`) and a server started on it with the same master
// key: every write acknowledged before the backup began is there (keys, events, deliveries), with
// the same signing keys, and a token signed before the backup verifies. A restore over a store is
// refused.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Db } from '../../src/db/db.ts';
import { openPgStore } from '../../src/db/pg-store.ts';
import { openPgliteStore } from '../../src/db/pglite-store.ts';
import { ADMIN_TOKEN } from '../helpers/app.ts';
import { freePort } from '../helpers/net.ts';
import {
  cli,
  type ProcessStore,
  processStore,
  type ServerProcess,
  startServerProcess,
  waitReady,
} from '../helpers/process.ts';
import { TEST_DATABASE_URL } from '../helpers/store.ts';

const MASTER_KEY = randomBytes(32).toString('base64');
const dirs: string[] = [];
const tempDir = (p: string) => {
  const d = mkdtempSync(join(tmpdir(), p));
  dirs.push(d);
  return d;
};

let store: ProcessStore;
let restoredDb: string | undefined;
before(async () => {
  store = await processStore({ migrated: true });
});
after(async () => {
  await store.dispose();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  if (restoredDb) {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${restoredDb} WITH (FORCE)`);
    await c.end();
  }
});

async function call(base: string, method: string, path: string, o: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${base}${path}`, {
    method,
    headers,
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const text = await r.text();
  return { status: r.status, text, body: text ? JSON.parse(text) : undefined };
}

describe(`backup and restore (${TEST_DATABASE_URL ? 'PostgreSQL: pg_dump, pg_restore' : 'embedded: latchkey backup, restore'})`, () => {
  it('a backup taken under load holds every acknowledged write; tokens signed before it verify after a restore', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const common = {
      PORT: String(port),
      HOST: '127.0.0.1',
      LATCHKEY_MASTER_KEY: MASTER_KEY,
      LATCHKEY_ADMIN_TOKEN: ADMIN_TOKEN,
      LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
      LATCHKEY_WORKER: 'off', // deliveries stay queued: each one is a row the backup must hold
      LATCHKEY_SIMULATIONS_PER_MINUTE: '0',
    };
    let server: ServerProcess = startServerProcess({ ...store.env, ...common });
    await waitReady(base, server, 400_000);
    const org = (
      await call(base, 'POST', '/admin/v1/organizations', { token: ADMIN_TOKEN, body: { name: 'B' } })
    ).body.organization.id;
    const client = (
      await call(base, 'POST', `/admin/v1/organizations/${org}/clients`, {
        token: ADMIN_TOKEN,
        body: { name: 'c' },
      })
    ).body;
    const grant = async (scope: Record<string, string>) =>
      (
        await call(base, 'POST', '/v2/auth/token/', {
          body: {
            grant_type: 'client_credentials',
            client_id: client.client.id,
            client_secret: client.clientSecret,
            ...scope,
          },
        })
      ).body.access_token as string;
    const orgToken = await grant({ scope: 'organization.admin', organization_id: org });
    const project = (
      await call(base, 'POST', `/v2/organization/${org}/projects`, {
        token: orgToken,
        body: { name: 'P', sandbox: true },
      })
    ).body.project.id;
    const token = await grant({ scope: 'project.admin', project_id: project });
    const lock = (
      await call(base, 'POST', `/v2/projects/${project}/locks`, {
        token,
        body: { name: 'L', timezone: 'UTC' },
      })
    ).body.lock.id;
    const webhook = await call(base, 'POST', `/v2/projects/${project}/webhooks`, {
      token,
      body: { url: 'https://127.0.0.1:9/hook', lockId: lock },
    });
    assert.equal(webhook.status, 201, webhook.text);

    // Two writers; each write is recorded with the moment its answer arrived.
    const acked: { kind: 'key' | 'event'; id: string; at: number }[] = [];
    let writing = true;
    const writer = async (n: number) => {
      for (let i = 0; writing; i++) {
        const k = await call(base, 'POST', `/v2/projects/${project}/keys`, {
          token,
          body: {
            keys: [
              {
                lockId: lock,
                appUserId: `+4790${n}${String(i).padStart(5, '0')}`,
                start: new Date(Date.now() - 60_000).toISOString(),
              },
            ],
          },
        });
        assert.equal(k.status, 201, k.text);
        const keyId = k.body.keys[0].id as string;
        acked.push({ kind: 'key', id: keyId, at: Date.now() });
        const e = await call(base, 'POST', `/v2/projects/${project}/keys/${keyId}/simulate`, {
          token,
          body: { action: 'unlocked' },
        });
        assert.equal(e.status, 200, e.text);
        assert.equal(e.body.result.status, 'accepted');
        acked.push({ kind: 'event', id: e.body.result.id, at: Date.now() });
      }
    };
    const writers = [writer(1), writer(2)];
    while (acked.length < 20) await new Promise((r) => setTimeout(r, 50));

    const file = join(tempDir('latchkey-backup-'), 'store.backup');
    const backupStarted = Date.now();
    if (TEST_DATABASE_URL) {
      execFileSync('pg_dump', ['--format=custom', '--no-owner', '--file', file, store.env.DATABASE_URL!]);
    } else {
      const b = cli(['backup', file], { ...store.env, ...common });
      assert.equal(b.status, 0, b.stderr);
      assert.match(b.stderr, /by the server that has it open/);
      assert.equal(statSync(file).mode & 0o777, 0o600);
    }
    const mustHave = acked.filter((w) => w.at < backupStarted);
    while (acked.length < mustHave.length + 10) await new Promise((r) => setTimeout(r, 50)); // writes go on
    writing = false;
    await Promise.all(writers);
    const { rows: kidsBefore } = await (async () => {
      server.child.kill('SIGTERM');
      await server.exited;
      const db = await open(store.env);
      try {
        return await db.query<{ kid: string }>('SELECT kid FROM signing_keys ORDER BY kid');
      } finally {
        await db.close();
      }
    })();

    // Restore into an empty store.
    const restoredEnv: Record<string, string> = { LATCHKEY_DATA_DIR: tempDir('latchkey-restored-') };
    if (TEST_DATABASE_URL) {
      restoredDb = `t_restored_${randomBytes(4).toString('hex')}`;
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`CREATE DATABASE ${restoredDb}`);
      await c.end();
      const u = new URL(TEST_DATABASE_URL);
      u.pathname = `/${restoredDb}`;
      restoredEnv.DATABASE_URL = u.toString();
      execFileSync('pg_restore', [
        '--no-owner',
        '--exit-on-error',
        '--dbname',
        restoredEnv.DATABASE_URL,
        file,
      ]);
    } else {
      const r = cli(['restore', file], { ...restoredEnv, ...common });
      assert.equal(r.status, 0, r.stderr);
      assert.ok(r.json().keys >= mustHave.filter((w) => w.kind === 'key').length);
      const again = cli(['restore', file], { ...restoredEnv, ...common });
      assert.equal(again.status, 2);
      assert.match(again.stderr, /already holds a store: a restore loads into an empty data directory only/);
    }

    server = startServerProcess({ ...common, ...restoredEnv });
    try {
      await waitReady(base, server, 400_000);
      assert.equal(
        (await call(base, 'GET', `/v2/projects/${project}`, { token })).status,
        200,
        'a token signed before the backup verifies',
      );
      assert.ok(
        (await grant({ scope: 'project.admin', project_id: project })).length > 0,
        'client secrets authenticate',
      );
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    const db = await open(restoredEnv);
    try {
      const ids = async (sql: string) => new Set((await db.query<{ id: string }>(sql)).rows.map((r) => r.id));
      const keys = await ids('SELECT id::text AS id FROM keys');
      const events = await ids('SELECT id::text AS id FROM access_events');
      const delivered = await ids('SELECT event_id::text AS id FROM webhook_deliveries');
      for (const w of mustHave) {
        if (w.kind === 'key')
          assert.ok(keys.has(w.id), `key ${w.id} acknowledged before the backup is in it`);
        else {
          assert.ok(events.has(w.id), `event ${w.id} acknowledged before the backup is in it`);
          assert.ok(delivered.has(w.id), `the delivery of event ${w.id} is in it`);
        }
      }
      const { rows: kidsAfter } = await db.query<{ kid: string }>(
        'SELECT kid FROM signing_keys ORDER BY kid',
      );
      assert.deepEqual(kidsAfter, kidsBefore);
      assert.ok(mustHave.length >= 20);
    } finally {
      await db.close();
    }
  });
});

async function open(env: Record<string, string>): Promise<Db> {
  return env.DATABASE_URL
    ? openPgStore({ url: env.DATABASE_URL, poolSize: 1 })
    : openPgliteStore({ dataDir: join(env.LATCHKEY_DATA_DIR!, 'pglite') });
}
