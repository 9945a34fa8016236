// The CLI's admin commands beside a running server: they go through its admin API (so app tokens
// carry the server's own iss/aud, whatever this shell's PORT or LATCHKEY_PUBLIC_URL), list
// organizations, clients and grants, and say plainly why when they cannot (a wrong admin token; the
// embedded store held by the server).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { E2E_ADMIN_TOKEN, type E2eServer, startE2eServer } from './helpers/e2e.ts';
import { cli, type ProcessStore, processStore } from './helpers/process.ts';
import { TEST_DATABASE_URL } from './helpers/store.ts';

let store: ProcessStore;
let s: E2eServer;
let elsewhere: string;
before(async () => {
  store = await processStore();
  s = await startE2eServer(store);
  elsewhere = mkdtempSync(join(tmpdir(), 'latchkey-cli-'));
});
after(async () => {
  await s?.stop();
  await store?.dispose();
  rmSync(elsewhere, { recursive: true, force: true });
});

function claims(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());
}

describe('CLI admin commands beside a running server', () => {
  it('use its admin API: lists, and app tokens the server accepts', async () => {
    // No store settings at all (an empty data directory elsewhere, no DATABASE_URL), and the
    // server's URL in LATCHKEY_PUBLIC_URL, as the server has it: the commands can only have gone
    // through the server.
    const env = {
      LATCHKEY_ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      LATCHKEY_PUBLIC_URL: s.base,
      LATCHKEY_DATA_DIR: elsewhere,
      DATABASE_URL: '',
    };
    const org = cli(['admin', 'create-organization', '--name', 'Listed'], env);
    assert.equal(org.status, 0, org.stderr);
    const organizationId = org.json().organization.id;
    const client = cli(['admin', 'create-client', '--organization-id', organizationId, '--name', 'c1'], env);
    assert.equal(client.status, 0, client.stderr);
    const clientId = client.json().client.id;

    const orgs = cli(['admin', 'list-organizations', '--limit', '1000'], env);
    assert.equal(orgs.status, 0, orgs.stderr);
    assert.ok(orgs.json().organizations.some((o: { id: string }) => o.id === organizationId));
    const clients = cli(['admin', 'list-clients', '--organization-id', organizationId], env);
    assert.equal(clients.status, 0, clients.stderr);
    assert.deepEqual(
      clients.json().clients.map((c: { id: string; name: string }) => [c.id, c.name]),
      [[clientId, 'c1']],
    );
    assert.ok(!clients.stdout.includes('secret'));
    const grants = cli(['admin', 'list-grants', '--client-id', clientId], env);
    assert.equal(grants.status, 0, grants.stderr);
    assert.deepEqual(grants.json(), {
      grants: [{ resourceType: 'organization', resourceId: organizationId, scope: 'organization.admin' }],
    });

    // An app token from a shell whose PORT and LATCHKEY_PUBLIC_URL say nothing of the server: --url.
    const app = cli(['admin', 'app-token', '--app-user-id', '+4790001234', '--url', s.base], {
      ...env,
      LATCHKEY_PUBLIC_URL: '',
      PORT: '1',
    });
    assert.equal(app.status, 0, app.stderr);
    const token = app.json().access_token as string;
    assert.equal(claims(token).iss, s.base);
    assert.equal(claims(token).aud, s.base);
    const keys = await fetch(`${s.base}/v2/app/keys`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(keys.status, 200);
  });

  it('say why when the admin token is not accepted, or when the embedded store is the server’s', () => {
    const wrong = cli(['admin', 'list-organizations'], {
      LATCHKEY_ADMIN_TOKEN: 'not-the-servers-admin-token-0123456789abcdef',
      LATCHKEY_PUBLIC_URL: s.base,
    });
    assert.equal(wrong.status, 2);
    assert.match(wrong.stderr, /did not accept the admin token/);

    // Without the admin token an app token is signed here: not for a server announcing another
    // issuer (the e2e server's is http://127.0.0.1:port; this shell's would be http://localhost:port).
    const port = new URL(s.base).port;
    const elsewhereIssuer = cli(['admin', 'app-token', '--app-user-id', '+4790001235'], {
      ...store.env,
      LATCHKEY_ADMIN_TOKEN: '',
      LATCHKEY_PUBLIC_URL: '',
      PORT: port,
    });
    assert.equal(elsewhereIssuer.status, 2);
    assert.match(
      elsewhereIssuer.stderr,
      new RegExp(`issues tokens as ${s.base}, but this shell's configuration gives http://localhost:${port}`),
    );

    if (!TEST_DATABASE_URL) {
      // Without the admin token the CLI opens the store, which the server holds.
      const held = cli(['admin', 'list-organizations'], { ...store.env, LATCHKEY_ADMIN_TOKEN: '' });
      assert.equal(held.status, 2);
      assert.match(held.stderr, /in use by process \d+/);
      assert.match(held.stderr, /set LATCHKEY_ADMIN_TOKEN to the server's admin token/);
    }
  });
});
