// The real thing: the CLI and the server as processes, on a fresh store, with no other setting
// than where the store is. Also: a second server cannot open the same embedded data directory.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { freePort } from './helpers/net.ts';
import { cli, type ProcessStore, processStore, startServerProcess, waitReady } from './helpers/process.ts';
import { TEST_DATABASE_URL } from './helpers/store.ts';

let store: ProcessStore;
before(async () => {
  store = await processStore();
});
after(() => store.dispose());

describe('processes', () => {
  it('latchkey CLI → server → token → project, then a clean SIGTERM', async () => {
    const m = cli(['migrate'], store.env);
    assert.equal(m.status, 0, m.stderr);
    assert.ok(Array.isArray(m.json().applied));

    const org = cli(['admin', 'create-organization', '--name', 'CLI Org'], store.env);
    assert.equal(org.status, 0, org.stderr);
    const organizationId = org.json().organization.id;
    const client = cli(
      ['admin', 'create-client', '--organization-id', organizationId, '--name', 'cli'],
      store.env,
    );
    assert.equal(client.status, 0, client.stderr);
    const { client: c, clientSecret } = client.json();

    const bad = cli(['admin', 'create-client', '--name', 'x'], store.env);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--organization-id is required/);

    const erase = cli(['admin', 'erase-app-user', '--app-user-id', '+4790000123'], store.env);
    assert.equal(erase.status, 0, erase.stderr);
    assert.deepEqual(erase.json(), {
      erased: { accessEvents: 0, keys: 0, managedUsers: 0, sharingRights: 0, deliveries: 0 },
    });
    const badPhone = cli(['admin', 'erase-app-user', '--app-user-id', '4790000123'], store.env);
    assert.equal(badPhone.status, 2);
    assert.match(badPhone.stderr, /E\.164/);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServerProcess({ ...store.env, PORT: String(port), HOST: '127.0.0.1' });
    try {
      await waitReady(base, server);
      // The start summary is the first line (README): only a warning may come before it, never
      // Fastify's "Server listening" lines, the reserve or a background job.
      const lines = server
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { level: number; msg: string });
      const summaryAt = lines.findIndex((l) => l.msg.startsWith('Latchkey at '));
      assert.ok(summaryAt >= 0, server.output());
      assert.deepEqual(
        lines.slice(0, summaryAt).filter((l) => l.level < 40),
        [],
        'nothing below warn before the summary',
      );
      assert.ok(!server.output().includes('Server listening at'), server.output());
      const tok = await fetch(`${base}/v2/auth/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credentials',
          client_id: c.id,
          client_secret: clientSecret,
          scope: 'organization.admin',
          organization_id: organizationId,
        }),
      });
      assert.equal(tok.status, 200);
      const { access_token } = (await tok.json()) as { access_token: string };
      const p = await fetch(`${base}/v2/organization/${organizationId}/projects`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
        body: JSON.stringify({ name: 'From a process' }),
      });
      assert.equal(p.status, 201);

      if (!TEST_DATABASE_URL) {
        const port2 = await freePort();
        const second = startServerProcess({ ...store.env, PORT: String(port2), HOST: '127.0.0.1' });
        assert.equal(await second.exited, 1);
        assert.match(second.output(), /in use by process \d+/);
      }

      // The key rotation command works while the server runs (PostgreSQL; PGlite is single-process).
      if (TEST_DATABASE_URL) {
        const rot = cli(['keys', 'rotate'], store.env);
        assert.equal(rot.status, 0, rot.stderr);
        assert.ok(rot.json().kid);
      }

      // npm start is production-safe and says what it left off, and where the reference is.
      assert.match(
        server.output(),
        /API reference at http:\/\/localhost:\d+\/docs;.*admin API off \(set LATCHKEY_ADMIN_TOKEN\); delivery worker on; metrics off \(set LATCHKEY_METRICS_TOKEN or LATCHKEY_METRICS_PORT\); webhooks to loopback and private addresses refused/,
      );

      server.child.kill('SIGTERM');
      assert.equal(await server.exited, 0);
      const log = server.output();
      assert.ok(!log.includes(clientSecret));
      assert.ok(!log.includes(access_token));
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });

  it('a bad configuration stops the start with a message naming the variable', async () => {
    const server = startServerProcess({ ...store.env, PORT: 'x', LATCHKEY_TOKEN_TTL_SECONDS: '5' });
    assert.equal(await server.exited, 2);
    assert.match(server.output(), /PORT: must be a whole number/);
    assert.match(server.output(), /LATCHKEY_TOKEN_TTL_SECONDS: must be between 60 and 86400/);
  });
});
