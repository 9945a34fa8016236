// `latchkey master-key rotate` on both stores, as an operator runs it: a service written under key
// A is restarted with B (and A as the previous key), the rotation is killed (SIGKILL) after two
// committed batches, the service keeps serving the half-rotated store, the rotation is run again to
// the end, and then the service starts with B alone: tokens signed before verify, client secrets
// still authenticate, webhook secrets and credentials and kept Idempotency-Key answers are the same;
// A alone is then refused. The kill point is set through LATCHKEY_MASTER_KEY_ROTATION_KILL_AFTER.
// Embedded store: the server owns the store, so the rotation runs in it (the control socket) and
// the server is what gets killed. PostgreSQL: the CLI runs it, and the CLI is killed.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openKeyring } from '../../src/crypto/keyring-open.ts';
import { masterKeyId } from '../../src/crypto/master-key.ts';
import { sealedElsewhere } from '../../src/crypto/master-key-rotation.ts';
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

const [A, B] = [randomBytes(32), randomBytes(32)];
const b64 = (k: Buffer) => k.toString('base64');

let store: ProcessStore;
before(async () => {
  store = await processStore({ migrated: true });
});
after(() => store.dispose());

async function call(
  base: string,
  method: string,
  path: string,
  o: { token?: string; body?: unknown; key?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.key) headers['idempotency-key'] = o.key;
  const r = await fetch(`${base}${path}`, {
    method,
    headers,
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const text = await r.text();
  return { status: r.status, text, body: text ? JSON.parse(text) : undefined };
}

/** The embedded store or the test's database, opened by the test (the server stopped, for PGlite). */
async function openDirect(): Promise<Db> {
  return store.env.DATABASE_URL
    ? openPgStore({ url: store.env.DATABASE_URL, poolSize: 1 })
    : openPgliteStore({ dataDir: join(store.env.LATCHKEY_DATA_DIR!, 'pglite') });
}

describe('master-key rotation', () => {
  it('killed half-way loses nothing, is finished by running it again, and the old key is then let go', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      ...store.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LATCHKEY_ADMIN_TOKEN: ADMIN_TOKEN,
      LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
      LATCHKEY_WORKER: 'off',
    };
    const start = async (extra: Record<string, string>) => {
      const s = startServerProcess({ ...env, ...extra });
      await waitReady(base, s, 400_000); // a loaded 2-core machine starts a server slowly
      return s;
    };
    const stop = async (s: ServerProcess) => {
      if (s.child.exitCode === null && s.child.signalCode === null) {
        s.child.kill('SIGTERM');
        await s.exited;
      }
    };

    // Written under A alone.
    let server = await start({ LATCHKEY_MASTER_KEY: b64(A) });
    const admin = { token: ADMIN_TOKEN };
    const org = (await call(base, 'POST', '/admin/v1/organizations', { ...admin, body: { name: 'R' } })).body
      .organization.id;
    const client = (
      await call(base, 'POST', `/admin/v1/organizations/${org}/clients`, { ...admin, body: { name: 'c' } })
    ).body;
    const token = async (scope: Record<string, string>) => {
      const r = await call(base, 'POST', '/v2/auth/token/', {
        body: {
          grant_type: 'client_credentials',
          client_id: client.client.id,
          client_secret: client.clientSecret,
          ...scope,
        },
      });
      assert.equal(r.status, 200, r.text);
      return r.body.access_token as string;
    };
    const orgToken = await token({ scope: 'organization.admin', organization_id: org });
    const project = (
      await call(base, 'POST', `/v2/organization/${org}/projects`, { token: orgToken, body: { name: 'P' } })
    ).body.project.id;
    const before = await token({ scope: 'project.admin', project_id: project });
    const lock = (
      await call(base, 'POST', `/v2/projects/${project}/locks`, {
        token: before,
        body: { name: 'L', timezone: 'UTC' },
      })
    ).body.lock.id;
    const webhooks: { id: string; secret: string; key: string; answer: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const key = `rotation-${i}`;
      const body = { url: `https://user${i}:pass${i}@127.0.0.1:9/hook/${i}`, lockId: lock };
      const r = await call(base, 'POST', `/v2/projects/${project}/webhooks`, { token: before, body, key });
      assert.equal(r.status, 201, r.text);
      webhooks.push({ id: r.body.webhook.id, secret: r.body.webhook.secret, key, answer: r.text });
    }
    const replay = async (tok: string) => {
      for (const [i, w] of webhooks.entries()) {
        const body = { url: `https://user${i}:pass${i}@127.0.0.1:9/hook/${i}`, lockId: lock };
        const r = await call(base, 'POST', `/v2/projects/${project}/webhooks`, {
          token: tok,
          body,
          key: w.key,
        });
        assert.equal(r.status, 201);
        assert.equal(r.text, w.answer, 'the kept answer replays byte for byte');
      }
    };
    await stop(server);

    // B seals, A still opens; the rotation is killed after three committed batches of two.
    const both = { LATCHKEY_MASTER_KEY: b64(B), LATCHKEY_MASTER_KEY_PREVIOUS: b64(A) };
    const kill = { LATCHKEY_MASTER_KEY_ROTATION_KILL_AFTER: '3' };
    if (TEST_DATABASE_URL) {
      server = await start(both);
      const killed = cli(['master-key', 'rotate', '--batch-size', '2'], { ...env, ...both, ...kill });
      assert.equal(killed.signal, 'SIGKILL', killed.stderr);
      // hash_keys (1), signing_keys (1), then two of the four webhook secrets: killed there.
      assert.equal(killed.stderr.match(/re-sealed/g)?.length, 3, killed.stderr);
      assert.match(killed.stderr, /re-sealed 2 in webhooks.secret_enc/);
    } else {
      server = await start({ ...both, ...kill });
      const r = cli(['master-key', 'rotate', '--batch-size', '2'], { ...env, ...both });
      assert.equal(r.status, 2);
      assert.match(r.stderr, /by the server that has it open/);
      assert.match(
        r.stderr,
        /the server stopped before the rotation finished \(3 batches were committed; nothing is lost/,
      );
      await server.exited;
      assert.equal(server.child.signalCode, 'SIGKILL');
      // Half-rotated, as the kill left it.
      const db = await openDirect();
      try {
        const left = Object.values(await sealedElsewhere(db, masterKeyId(B))).reduce((a, n) => a + n, 0);
        const { rows } = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM webhooks WHERE secret_enc LIKE 'v2.%' OR credentials_enc LIKE 'v2.%'",
        );
        assert.ok(left > 0, 'values are left under A');
        assert.equal(rows[0]!.n, 2, 'two webhook secrets are under B');
      } finally {
        await db.close();
      }
      server = await start(both);
    }

    // The half-rotated store serves: old token, client secret, kept answers.
    assert.equal((await call(base, 'GET', `/v2/projects/${project}`, { token: before })).status, 200);
    const during = await token({ scope: 'project.admin', project_id: project });
    await replay(during);

    // Run again: it finishes.
    const done = cli(['master-key', 'rotate', '--batch-size', '2'], { ...env, ...both });
    assert.equal(done.status, 0, done.stderr);
    assert.equal(done.json().keyId, masterKeyId(B));
    assert.match(
      done.stderr,
      /every sealed secret is now under master key .*Remove LATCHKEY_MASTER_KEY_PREVIOUS/,
    );
    await stop(server);

    // B alone: everything is there.
    server = await start({ LATCHKEY_MASTER_KEY: b64(B) });
    try {
      assert.equal((await call(base, 'GET', `/v2/projects/${project}`, { token: before })).status, 200);
      assert.equal((await call(base, 'GET', `/v2/projects/${project}`, { token: during })).status, 200);
      await replay(await token({ scope: 'project.admin', project_id: project }));
    } finally {
      await stop(server);
    }
    const db = await openDirect();
    try {
      const keyring = await openKeyring(db, B);
      assert.deepEqual(
        await sealedElsewhere(db, masterKeyId(B)),
        Object.fromEntries(Object.keys(await sealedElsewhere(db, masterKeyId(B))).map((c) => [c, 0])),
      );
      for (const [i, w] of webhooks.entries()) {
        const { rows } = await db.query<{ secret_enc: string; credentials_enc: string }>(
          'SELECT secret_enc, credentials_enc FROM webhooks WHERE id = $1',
          [w.id],
        );
        assert.equal(keyring.decrypt(rows[0]!.secret_enc), w.secret);
        assert.equal(keyring.decrypt(rows[0]!.credentials_enc), `user${i}:pass${i}`);
      }
    } finally {
      await db.close();
    }

    // A alone no longer opens the store.
    const old = startServerProcess({ ...env, LATCHKEY_MASTER_KEY: b64(A) });
    assert.equal(await old.exited, 1);
    assert.match(old.output(), new RegExp(`sealed under master key ${masterKeyId(B)}`));
  });
});
