// The CLI's admin commands. Each is one admin API request: beside a running server it goes through
// the server's admin API (so app tokens carry the server's own iss/aud, whatever this shell's PORT
// or LATCHKEY_PUBLIC_URL); without one, the same operation runs in the CLI's process on the store.
// Both ways answer alike (the same walk through both, compared), the API validates and normalises
// the arguments either way, the CLI says on stderr where it acted, an explicit DATABASE_URL wins
// over a server that merely answers, and the CLI says plainly why when it cannot act (a wrong admin
// token; the embedded store held by the server).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { E2E_ADMIN_TOKEN, type E2eServer, startE2eServer } from './helpers/e2e.ts';
import { cli, type ProcessStore, processStore } from './helpers/process.ts';
import { TEST_DATABASE_URL } from './helpers/store.ts';

let store: ProcessStore;
/** A second store, with no server on it. */
let quiet: ProcessStore;
let s: E2eServer;
let elsewhere: string;
before(async () => {
  // Migrated copies: what is tested here is not a first start (test/process.test.ts tests that).
  store = await processStore({ migrated: true });
  quiet = await processStore({ migrated: true });
  s = await startE2eServer(store);
  elsewhere = mkdtempSync(join(tmpdir(), 'latchkey-cli-'));
});
after(async () => {
  await s?.stop();
  await store?.dispose();
  await quiet?.dispose();
  rmSync(elsewhere, { recursive: true, force: true });
});

/** The environment of a shell that reaches the server (no store settings of its own). */
const viaServer = () => ({
  LATCHKEY_ADMIN_TOKEN: E2E_ADMIN_TOKEN,
  LATCHKEY_PUBLIC_URL: s.base,
  LATCHKEY_DATA_DIR: elsewhere,
  DATABASE_URL: '',
});
/** The environment of a shell on the quiet store, where no server answers (PORT 1). */
const onStore = () => ({ DATABASE_URL: '', ...quiet.env, LATCHKEY_ADMIN_TOKEN: '', PORT: '1' });

function ok(args: string[], env: Record<string, string>) {
  const r = cli(args, env);
  assert.equal(r.status, 0, r.stderr);
  return r;
}

/**
 * The same administration through the CLI: ids given in upper case (the API lowercases them), a
 * grant the API refuses, removals answered by 204. The answers, with ids and times replaced by
 * their roles, and the refusal's words.
 */
function walk(env: Record<string, string>) {
  const seen = new Map<string, string>();
  const role = (text: string) =>
    text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
        if (!seen.has(id)) seen.set(id, `<id${seen.size}>`);
        return seen.get(id)!;
      })
      .replace(/"\d{4}-\d\d-\d\dT[^"]+"/g, '"<time>"')
      .replace(/lk_secret_[A-Za-z0-9_-]+/g, '<secret>');
  const org = ok(['admin', 'create-organization', '--name', 'Walked'], env);
  const organizationId: string = org.json().organization.id;
  const client = ok(
    ['admin', 'create-client', '--organization-id', organizationId.toUpperCase(), '--name', 'c1'],
    env,
  );
  const clientId: string = client.json().client.id;
  const refused = cli(
    [
      'admin',
      'grant',
      '--client-id',
      clientId,
      '--resource-type',
      'planet',
      '--resource-id',
      'x',
      '--scope',
      'y',
    ],
    env,
  );
  const grant = ok(
    [
      'admin',
      'grant',
      '--client-id',
      clientId.toUpperCase(),
      '--resource-type',
      'organization',
      '--resource-id',
      organizationId.toUpperCase(),
      '--scope',
      'organization.admin',
    ],
    env,
  );
  const grants = ok(['admin', 'list-grants', '--client-id', clientId], env);
  const revoked = ok(
    ['admin', 'revoke-grant', '--client-id', clientId, '--resource-id', organizationId],
    env,
  );
  const clients = ok(['admin', 'list-clients', '--organization-id', organizationId], env);
  const deleted = ok(['admin', 'delete-client', '--client-id', clientId], env);
  const gone = cli(['admin', 'delete-client', '--client-id', clientId], env);
  return {
    stdout: [org, client, grant, grants, revoked, clients, deleted].map((r) => role(r.stdout)),
    refused: [
      refused.status,
      role(refused.stdout),
      role(refused.stderr.replace(/^latchkey: admin .*\n/, '')),
    ],
    gone: [gone.status, role(gone.stderr.replace(/^latchkey: admin .*\n/, ''))],
    where: org.stderr,
  };
}

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

  it('say on stderr that they went through the server, and stdout stays JSON', () => {
    const r = ok(['admin', 'list-organizations'], viaServer());
    assert.equal(r.stderr, `latchkey: admin list-organizations via the server at ${s.base}\n`);
    assert.ok(Array.isArray(r.json().organizations));
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

describe('CLI admin commands with no server', () => {
  it('run the same operations on the store: the same answers as through the server', () => {
    const through = walk(viaServer());
    const here = walk(onStore());
    assert.deepEqual(here.stdout, through.stdout);
    assert.deepEqual(here.refused.slice(0, 2), through.refused.slice(0, 2));
    assert.equal(through.refused[0], 2);
    assert.equal(through.refused[1], '');
    // The API's own words, each invalid argument named, the same both ways.
    assert.equal(
      here.refused[2],
      (through.refused[2] as string).replace(`the server at ${s.base}`, 'the admin API'),
    );
    assert.match(
      here.refused[2] as string,
      /answered 400: Invalid request body\n {2}resourceType: must be one of organization, project\n/,
    );
    assert.deepEqual(here.gone, [2, 'latchkey: the admin API answered 404: client not found\n']);
    // Removals answered 204 print what was done.
    assert.equal(JSON.parse(here.stdout[4]!).revoked, true);
    assert.equal(JSON.parse(here.stdout[6]!).deleted, true);
  });

  it('say on stderr which store they acted on, never a password', () => {
    const r = ok(['admin', 'list-organizations'], onStore());
    const url = quiet.env.DATABASE_URL;
    if (url) {
      const u = new URL(url);
      assert.equal(
        r.stderr,
        `latchkey: admin list-organizations on PostgreSQL ${u.username}@${u.host}${u.pathname} (DATABASE_URL)\n`,
      );
      const withPassword = new URL(url);
      withPassword.password = 'hunter2-secret';
      // A password in DATABASE_URL is never shown (this server trusts loopback, so it is ignored).
      const refused = cli(['admin', 'list-organizations'], {
        ...onStore(),
        DATABASE_URL: withPassword.toString(),
      });
      assert.ok(!refused.stderr.includes('hunter2-secret'), refused.stderr);
      assert.match(
        refused.stderr,
        new RegExp(`^latchkey: admin list-organizations on PostgreSQL ${u.username}@`),
      );
    } else {
      assert.equal(
        r.stderr,
        `latchkey: admin list-organizations on the embedded store in ${quiet.env.LATCHKEY_DATA_DIR}\n`,
      );
    }
  });

  it('act on DATABASE_URL when it is set, not on a server answering at the default address', {
    skip: !TEST_DATABASE_URL && 'needs PostgreSQL (TEST_DATABASE_URL): DATABASE_URL names one',
  }, () => {
    // The server answers at LATCHKEY_PUBLIC_URL and the admin token is known, but DATABASE_URL
    // names another database: the organization lands there.
    // With the master key that store was written with: each store has its own.
    const env = {
      ...viaServer(),
      DATABASE_URL: quiet.env.DATABASE_URL!,
      LATCHKEY_MASTER_KEY: quiet.env.LATCHKEY_MASTER_KEY ?? '',
    };
    const r = ok(['admin', 'create-organization', '--name', 'Explicit store'], env);
    assert.match(r.stderr, /^latchkey: admin create-organization on PostgreSQL /);
    const id = r.json().organization.id as string;
    const listed = (e: Record<string, string>) =>
      ok(['admin', 'list-organizations', '--limit', '1000'], e)
        .json()
        .organizations.some((o: { id: string }) => o.id === id);
    assert.equal(listed(onStore()), true);
    assert.equal(listed(viaServer()), false);
  });
});
