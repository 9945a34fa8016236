// Secrets never reach the logs, and reach a response body only in the one answer that issues them.
// A scenario runs through every secret-handling path (client secret and its rotation, v2, OAuth,
// v1 and app access tokens, app refresh tokens and their rotation, the admin token, an app login code, and webhook secrets and URL
// passwords when the webhook API is there), including the error paths that carry a secret in the
// request. Then every captured log line (TestApp.logs) and every response (body and headers) is
// searched for every secret. The log OTP sender legitimately writes the code in ONE labelled line.
// The creates send an Idempotency-Key (as the console and the typed client do), and the store is
// searched too: every table (the audit trail's among them, holding the records of the changes that
// issued the secrets), and a dump of the whole store (pg_dump of the test schema on PostgreSQL;
// the embedded store's data directory, byte for byte, on PGlite).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { PGlite } from '@electric-sql/pglite';
import type { InjectOptions } from 'fastify';
import { operationsOf } from '../scripts/fuzz-openapi.ts';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../test/helpers/app.ts';
import { lockInsert, newPhone } from '../test/helpers/events.ts';
import { TEST_DATABASE_URL } from '../test/helpers/store.ts';

interface Seen {
  label: string;
  status: number;
  text: string;
}

let t: TestApp;
const seen: Seen[] = [];
/** Each secret, and the label of the one response allowed to carry it (none: no response may). */
const secrets = new Map<string, { value: string; issuedBy?: string }>();
let webhooksCovered = false;
/** Written into the store by the scenario: the dump must hold it (the search is not of nothing). */
const MARKER = `secrets-scenario-${randomBytes(6).toString('hex')}`;
/** Idempotency-Key headers of the creates. */
const key = (k: string) => ({ headers: { 'idempotency-key': `secrets-${k}` } });

async function call(label: string, o: InjectOptions & { json?: unknown; token?: string }) {
  const headers: Record<string, string> = { ...(o.headers as Record<string, string>) };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.json !== undefined) headers['content-type'] ??= 'application/json';
  const r = await t.inject({
    ...o,
    headers,
    ...(o.json !== undefined ? { payload: JSON.stringify(o.json) } : {}),
  });
  seen.push({ label, status: r.statusCode, text: `${JSON.stringify(r.headers)}\n${r.body}` });
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
  let body: any;
  try {
    body = r.json();
  } catch {
    body = r.body;
  }
  return { status: r.statusCode, body };
}

function secret(name: string, value: unknown, issuedBy?: string): string {
  assert.equal(typeof value, 'string', `${name} was not issued`);
  assert.ok((value as string).length >= 6, name);
  secrets.set(name, { value: value as string, ...(issuedBy ? { issuedBy } : {}) });
  return value as string;
}

/**
 * Where a secret occurs in text. A login code is six digits, which also occur inside ids, hex and
 * timestamps' fractions: only a run of exactly those digits, not within a longer word or number,
 * counts for it.
 */
function occurs(text: string, name: string, needle: string): boolean {
  if (name !== 'login code') return text.includes(needle);
  return new RegExp(`(?<![0-9A-Za-z.+_-])${needle}(?![0-9A-Za-z_-])`).test(text);
}

/** The forms a secret could leak in: itself, its random part, a JWT's signature, Basic credentials. */
function needles(value: string): string[] {
  const out = [value];
  const m = /^(?:lk_secret_|whsec_)(.+)$/.exec(value);
  if (m) out.push(m[1]!.slice(0, 24));
  // A refresh token's random part (its session id and generation are not secret).
  const r = /^lk_refresh_[^.]+\.\d+\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (r) out.push(r[1]!);
  const parts = value.split('.');
  if (parts.length === 3 && parts[2]!.length > 20) out.push(parts[2]!);
  return out;
}

before(async () => {
  t = await startTestApp();
  const admin = { token: ADMIN_TOKEN };
  secret('admin token', ADMIN_TOKEN);

  const org = await call('create org', {
    method: 'POST',
    url: '/admin/v1/organizations',
    json: { name: MARKER },
    ...admin,
    ...key('org'),
  });
  const orgId = org.body.organization.id;
  const cl = await call('create client', {
    method: 'POST',
    url: `/admin/v1/organizations/${orgId}/clients`,
    json: { name: 'c' },
    ...admin,
    ...key('client'),
  });
  const clientId = cl.body.client.id;
  const firstSecret = secret('client secret', cl.body.clientSecret, 'create client');
  // A retry with the key is answered from the (sealed) kept answer: the same secret, same label.
  const retried = await call('create client', {
    method: 'POST',
    url: `/admin/v1/organizations/${orgId}/clients`,
    json: { name: 'c' },
    ...admin,
    ...key('client'),
  });
  assert.equal(retried.body.clientSecret, firstSecret, 'the replay answers as the first answer did');
  const rot = await call('rotate secret', {
    method: 'POST',
    url: `/admin/v1/clients/${clientId}/rotate-secret`,
    ...admin,
  });
  const clientSecret = secret('rotated client secret', rot.body.clientSecret, 'rotate secret');
  const creds = { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret };

  // Token paths: Unloc shape, OAuth with Basic and form encoding, v1.
  const orgTok = await call('v2 org token', {
    method: 'POST',
    url: '/v2/auth/token/',
    json: { ...creds, scope: 'organization.admin', organization_id: orgId },
  });
  const orgToken = secret('v2 organization token', orgTok.body.access_token, 'v2 org token');
  const proj = await call('create project', {
    method: 'POST',
    url: `/v2/organization/${orgId}/projects`,
    json: { name: 'P', timezone: 'Europe/Oslo' },
    token: orgToken,
    ...key('project'),
  });
  const projectId = proj.body.project.id;
  const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  secret('Basic credentials', basic.slice(6));
  const oauth = await call('oauth token', {
    method: 'POST',
    url: '/oauth2/token',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `grant_type=client_credentials&scope=project.admin&project_id=${projectId}`,
  });
  const projectToken = secret('oauth project token', oauth.body.access_token, 'oauth token');
  const v1 = await call('v1 token', {
    method: 'POST',
    url: '/auth/v1/token',
    json: { ...creds, scope: `integrator.admin lockHolder.admin:${projectId}` },
  });
  const v1Token = secret('v1 token', v1.body.access_token, 'v1 token');

  // App tokens: admin-minted, and through the login code.
  const phone = newPhone();
  const minted = await call('admin app token', {
    method: 'POST',
    url: '/admin/v1/app-tokens',
    json: { appUserId: phone },
    ...admin,
    ...key('app-token'),
  });
  secret('admin-minted app token', minted.body.access_token, 'admin app token');
  const logsBefore = t.logs.length;
  assert.equal(
    (await call('otp', { method: 'POST', url: '/v2/app/auth/otp', json: { appUserId: phone } })).status,
    202,
  );
  await t.ctx.appLogin.settled(); // the code is issued and sent after the answer
  const codeLine = t.logs.slice(logsBefore).find((l) => l.includes('APP LOGIN CODE'));
  const code = secret('login code', /: (\d{6})\b/.exec(codeLine ?? '')?.[1]);
  await call('wrong code', {
    method: 'POST',
    url: '/v2/app/auth/token',
    json: { appUserId: phone, code: '000000' },
  });
  const login = await call('app login', {
    method: 'POST',
    url: '/v2/app/auth/token',
    json: { appUserId: phone, code },
  });
  const appToken = secret('app token', login.body.access_token, 'app login');
  const firstRefresh = secret('refresh token', login.body.refresh_token, 'app login');
  const refreshed = await call('app refresh', {
    method: 'POST',
    url: '/v2/app/auth/refresh',
    json: { refresh_token: firstRefresh },
  });
  secret('refreshed app token', refreshed.body.access_token, 'app refresh');
  const secondRefresh = secret('rotated refresh token', refreshed.body.refresh_token, 'app refresh');

  // Tokens in use.
  await call('use org token', { method: 'GET', url: `/v2/organization/${orgId}`, token: orgToken });
  await call('use project token', { method: 'GET', url: `/v2/projects/${projectId}`, token: projectToken });
  await call('use v1 token', { method: 'GET', url: '/integrators/v1/lock-holders/', token: v1Token });
  await call('use app token', { method: 'GET', url: '/v2/app/keys', token: appToken });

  // Error paths that carry a secret in the request.
  await call('old secret', {
    method: 'POST',
    url: '/v2/auth/token/',
    json: { ...creds, client_secret: firstSecret, scope: 'organization.admin', organization_id: orgId },
  });
  await call('secret as bearer', { method: 'GET', url: `/v2/projects/${projectId}`, token: clientSecret });
  await call('token on wrong api', { method: 'GET', url: `/v2/projects/${projectId}`, token: v1Token });
  await call('app token on admin', {
    method: 'POST',
    url: '/admin/v1/organizations',
    json: { name: 'x' },
    token: appToken,
  });
  await call('admin token on v2', { method: 'GET', url: `/v2/projects/${projectId}`, token: ADMIN_TOKEN });
  await call('basic and body', {
    method: 'POST',
    url: '/oauth2/token',
    headers: { authorization: basic },
    json: { ...creds, scope: 'project.admin', project_id: projectId },
  });
  await call('malformed json with secret', {
    method: 'POST',
    url: '/v2/auth/token/',
    headers: { 'content-type': 'application/json' },
    payload: `{"client_id":"${clientId}","client_secret":"${clientSecret}",`,
  });
  await call('malformed json on v2', {
    method: 'POST',
    url: `/v2/organization/${orgId}/projects`,
    headers: { 'content-type': 'application/json' },
    payload: `{"name":"${clientSecret}`,
    token: orgToken,
  });
  await call('secret in unknown field', {
    method: 'POST',
    url: `/v2/organization/${orgId}/projects`,
    json: { name: 'x', clientSecret, password: clientSecret },
    token: orgToken,
  });
  await call('secret in secret-named query', {
    method: 'GET',
    url: `/v2/projects/${projectId}?client_secret=${clientSecret}&access_token=${projectToken}&code=${code}`,
    token: projectToken,
  });
  await call('unknown client, real secret', {
    method: 'POST',
    url: '/oauth2/token',
    json: {
      ...creds,
      client_id: '0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b',
      scope: 'project.admin',
      project_id: projectId,
    },
  });
  await call('refresh token as bearer', { method: 'GET', url: '/v2/app/keys', token: secondRefresh });
  await call('refresh token in unknown field', {
    method: 'POST',
    url: '/v2/app/auth/refresh',
    json: { refresh_token: secondRefresh, token: secondRefresh },
  });
  await call('refresh token malformed', {
    method: 'POST',
    url: '/v2/app/auth/refresh',
    json: { refresh_token: `${secondRefresh}!` },
  });
  // Last: the reuse of a used refresh token ends the session (the app token above dies with it).
  await call('refresh token reused', {
    method: 'POST',
    url: '/v2/app/auth/refresh',
    json: { refresh_token: firstRefresh },
  });
  await call('code reused', { method: 'POST', url: '/v2/app/auth/token', json: { appUserId: phone, code } });
  await call('discovery', { method: 'POST', url: '/v2/auth/resources-discovery/', json: creds });

  // Webhooks, when the API is there: the signing secret and the URL password.
  const ops = operationsOf(t.app.swagger());
  if (ops.some((o) => o.method === 'POST' && o.path === '/v2/projects/{projectId}/webhooks')) {
    webhooksCovered = true;
    const lockId = await lockInsert(t, projectId);
    const password = secret('webhook URL password', `pw${randomBytes(12).toString('hex')}`);
    const url = `https://hookuser:${password}@93.184.216.34/hooks/latchkey`;
    const hook = await call('register webhook', {
      method: 'POST',
      url: `/v2/projects/${projectId}/webhooks`,
      json: { trigger: 'accessEvent', url, lockId },
      token: projectToken,
      ...key('webhook'),
    });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    secret('webhook secret', hook.body.webhook.secret, 'register webhook');
    const hookId = hook.body.webhook.id;
    await call('webhook twice', {
      method: 'POST',
      url: `/v2/projects/${projectId}/webhooks`,
      json: { url, lockId },
      token: projectToken,
    });
    await call('bad webhook', {
      method: 'POST',
      url: `/v2/projects/${projectId}/webhooks`,
      json: { url: `http://hookuser:${password}@127.0.0.1/x`, lockId },
      token: projectToken,
    });
    await call('get webhook', {
      method: 'GET',
      url: `/v2/projects/${projectId}/webhooks/${hookId}`,
      token: projectToken,
    });
    await call('list webhooks', {
      method: 'GET',
      url: `/v2/projects/${projectId}/webhooks`,
      token: projectToken,
    });
    const rotated = await call('rotate webhook secret', {
      method: 'POST',
      url: `/v2/projects/${projectId}/webhooks/${hookId}/rotate-secret`,
      token: projectToken,
    });
    if (rotated.body?.webhook?.secret)
      secret('rotated webhook secret', rotated.body.webhook.secret, 'rotate webhook secret');
    await call('get webhook again', {
      method: 'GET',
      url: `/v2/projects/${projectId}/webhooks/${hookId}`,
      token: projectToken,
    });
  }
});
after(() => t.close());

describe('secrets never in logs, responses or error bodies', () => {
  it('the scenario produced log lines and responses to search', () => {
    assert.ok(seen.length >= 25, `${seen.length} responses`);
    assert.ok(t.logs.length >= seen.length, `${t.logs.length} log lines`);
    assert.ok(secrets.size >= 10);
  });

  it('no log line holds a secret; the login code is in exactly one labelled line', () => {
    const hits: string[] = [];
    const code = secrets.get('login code')!.value;
    const codeLines = t.logs.filter((l) => l.includes(code));
    assert.equal(codeLines.length, 1, codeLines.join('\n'));
    assert.match(codeLines[0]!, /APP LOGIN CODE \(log sender, development only\)/);
    for (const [name, { value }] of secrets) {
      for (const needle of needles(value)) {
        for (const line of t.logs) {
          if (line.includes(needle) && !(name === 'login code' && line === codeLines[0])) {
            hits.push(`${name} in log: ${line.slice(0, 300)}`);
          }
        }
      }
    }
    assert.deepEqual(hits, []);
  });

  it('no response carries a secret, except the one answer that issues it', () => {
    const hits: string[] = [];
    for (const [name, { value, issuedBy }] of secrets) {
      for (const needle of needles(value)) {
        for (const r of seen) {
          if (r.label !== issuedBy && r.text.includes(needle)) {
            hits.push(`${name} in response "${r.label}" (${r.status}): ${r.text.slice(0, 300)}`);
          }
        }
      }
      if (issuedBy) {
        assert.ok(
          seen.some((r) => r.label === issuedBy && r.text.includes(value)),
          `${name} not found in ${issuedBy}`,
        );
      }
    }
    assert.deepEqual(hits, []);
  });

  it('no table of the store holds a secret, Idempotency-Key answers included', async () => {
    const db = t.store.db;
    const kept = await db.query<{ key: string }>(
      `SELECT key FROM idempotency_keys WHERE key LIKE 'secrets-%' AND status IS NOT NULL ORDER BY key`,
    );
    assert.ok(
      ['secrets-client', 'secrets-org', 'secrets-project'].every((k) => kept.rows.some((r) => r.key === k)),
      `answers kept: ${kept.rows.map((r) => r.key).join(', ')}`,
    );
    const { rows: tables } = await db.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    assert.ok(tables.some((x) => x.name === 'idempotency_keys'));
    // The audit trail is searched like every table; it holds the records of the very changes
    // that issued the secrets, so the search there is not of nothing.
    assert.ok(tables.some((x) => x.name === 'audit_records'));
    const { rows: audited } = await db.query<{ action: string }>('SELECT DISTINCT action FROM audit_records');
    const issuing = ['client.created', 'client.secretRotated'];
    if (webhooksCovered) issuing.push('webhook.created', 'webhook.secretRotated');
    for (const action of issuing)
      assert.ok(
        audited.some((r) => r.action === action),
        `${action} recorded (${audited.map((r) => r.action).join(', ')})`,
      );
    const hits: string[] = [];
    let markerSeen = false;
    for (const { name: table } of tables) {
      const { rows } = await db.query<{ row: string }>(`SELECT r::text AS row FROM "${table}" r`);
      for (const { row } of rows) {
        markerSeen ||= row.includes(MARKER);
        for (const [name, { value }] of secrets)
          for (const needle of needles(value))
            if (occurs(row, name, needle)) hits.push(`${name} in ${table}: ${row.slice(0, 300)}`);
      }
    }
    assert.ok(markerSeen, 'the search reached the rows the scenario wrote');
    assert.deepEqual(hits, []);
  });

  it('a dump of the whole store holds no secret (pg_dump on PostgreSQL, the data directory on PGlite)', async () => {
    let dump: string;
    if (TEST_DATABASE_URL) {
      dump = execFileSync('pg_dump', ['--no-owner', '--schema', t.store.schema!, TEST_DATABASE_URL], {
        encoding: 'utf8',
        maxBuffer: 512 * 1024 * 1024,
      });
    } else {
      // The embedded store's files as they would be copied from disk: every page written out first.
      const pglite = (t.store.db as unknown as { pglite: PGlite }).pglite;
      await pglite.query('CHECKPOINT');
      dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()).toString('latin1');
    }
    assert.ok(dump.includes(MARKER), 'the dump holds the rows the scenario wrote');
    const hits: string[] = [];
    for (const [name, { value }] of secrets)
      for (const needle of needles(value)) {
        const form = TEST_DATABASE_URL ? needle : Buffer.from(needle, 'utf8').toString('latin1');
        if (occurs(dump, name, form)) hits.push(`${name} in the dump`);
      }
    assert.deepEqual(hits, []);
  });

  it('error answers carry no stack trace or SQL', () => {
    for (const r of seen.filter((x) => x.status >= 400)) {
      assert.doesNotMatch(r.text, /\n\s+at .+:\d+:\d+|node_modules|\bSELECT\b|\bINSERT INTO\b/, r.label);
    }
  });

  it('webhook secrets and URL passwords are covered when the webhook API is present', (tc) => {
    if (!webhooksCovered)
      tc.skip('POST /v2/projects/{projectId}/webhooks is not in the OpenAPI document yet');
    else assert.ok(secrets.has('webhook secret') && secrets.has('webhook URL password'));
  });
});
