// Operations endpoints, the generated OpenAPI document, the docs page, and log hygiene.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { openApiDocument, serialize } from '../scripts/openapi-document.ts';
import { ADMIN_TOKEN, startTestApp, type TestApp } from './helpers/app.ts';
import { createTenant, type Tenant } from './helpers/factories.ts';

const METRICS_TOKEN = 'monitoring-metrics-token-0123456789';
let t: TestApp;
let a: Tenant;
before(async () => {
  t = await startTestApp({ LATCHKEY_METRICS_TOKEN: METRICS_TOKEN });
  a = await createTenant(t);
});
after(() => t.close());

describe('operations', () => {
  it('/healthz and /readyz', async () => {
    assert.deepEqual((await t.call('GET', '/healthz')).body, { status: 'ok' });
    assert.deepEqual((await t.call('GET', '/readyz')).body, { status: 'ready' });
  });

  it('/metrics exposes request counts and tokens issued in Prometheus format', async () => {
    const r = await t.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    assert.equal(r.statusCode, 200);
    assert.match(r.headers['content-type'] as string, /^text\/plain/);
    assert.match(
      r.body,
      /latchkey_http_requests_total\{method="POST",route="\/v2\/auth\/token\/",status="200"\} \d+/,
    );
    assert.match(r.body, /latchkey_tokens_issued_total\{endpoint="v2",scope="project.admin"\} [1-9]/);
    assert.match(r.body, /latchkey_http_request_duration_seconds_bucket/);
  });

  it('every response carries a request id, and an incoming X-Request-Id is kept', async () => {
    const r = await t.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    assert.equal(r.headers['x-request-id'], 'abc-123');
    const r2 = await t.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'evil\r\nheader' },
    });
    assert.match(String(r2.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  it('the committed openapi.json matches the routes (run `npm run openapi` after changing a schema)', async () => {
    const live = serialize(await openApiDocument(t.store.db, t.config.dataDir));
    const committed = readFileSync('openapi.json', 'utf8');
    assert.ok(live === committed, 'openapi.json is stale: run `npm run openapi` and commit it');
  });

  it('/openapi.json is OpenAPI 3.1 with the bearer scheme, and /docs serves the reference locally', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body;
    assert.equal(doc.openapi, '3.1.0');
    assert.ok(doc.paths['/v2/projects/{projectId}']);
    assert.ok(doc.components.securitySchemes.bearerAuth);
    const page = await t.inject({ method: 'GET', url: '/docs/' });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /openapi\.json/);
    // The hosted-product buttons (Ask AI, Generate MCP, Deploy) are configured off, and nothing
    // is fetched from Scalar's servers (telemetry, fonts).
    const config = JSON.parse(page.body.match(/createApiReference\('#app', (\{[\s\S]*?\})\)/)?.[1] ?? '{}');
    assert.deepEqual(config.agent, { disabled: true });
    assert.deepEqual(config.mcp, { disabled: true });
    assert.equal(config.showDeveloperTools, 'never');
    assert.equal(config.telemetry, false);
    assert.equal(config.withDefaultFonts, false);
    const script = page.body.match(/src="([^"]+\.js)"/)?.[1];
    assert.ok(script, 'the page loads a local script');
    assert.ok(!/^https?:/.test(script), 'no CDN');
    const js = await t.inject({ method: 'GET', url: `/docs/${script}` });
    assert.equal(js.statusCode, 200);
    assert.match(String(js.headers['content-type']), /javascript/);
    assert.ok(js.body.length > 100_000);
    // The bare path leads to the page (the UI is loaded on first use, behind these routes).
    const bare = await t.inject({ method: 'GET', url: '/docs' });
    assert.ok([200, 301, 302].includes(bare.statusCode), String(bare.statusCode));
    if (bare.statusCode !== 200) assert.equal(bare.headers.location, '/docs/');
  });
});

describe('log hygiene', () => {
  it('secrets and tokens never reach the log', async () => {
    // Exercise every path that handles a secret, including failures and a secret in a query string.
    const org = await t.call('POST', '/admin/v1/organizations', {
      token: ADMIN_TOKEN,
      body: { name: 'Logs' },
    });
    const c = await t.call('POST', `/admin/v1/organizations/${org.body.organization.id}/clients`, {
      token: ADMIN_TOKEN,
      body: { name: 'x' },
    });
    const secret = c.body.clientSecret as string;
    const ok = await t.call('POST', '/oauth2/token', {
      body: {
        grant_type: 'client_credentials',
        client_id: c.body.client.id,
        client_secret: secret,
        scope: 'organization.admin',
        organization_id: org.body.organization.id,
      },
    });
    const token = ok.body.access_token as string;
    await t.call('GET', `/v2/organization/${org.body.organization.id}`, { token });
    await t.call('GET', `/v2/organization/${org.body.organization.id}`, { token: `${token}x` });
    await t.call('POST', `/oauth2/token?client_secret=${secret}`, {
      body: { grant_type: 'client_credentials' },
    });
    await t.call('POST', '/oauth2/token', { body: `{"client_secret":"${secret}"` });
    const rot = await t.call('POST', `/admin/v1/clients/${c.body.client.id}/rotate-secret`, {
      token: ADMIN_TOKEN,
    });
    const app = await t.call('POST', '/admin/v1/app-tokens', {
      token: ADMIN_TOKEN,
      body: { appUserId: '+4799887766' },
    });

    const log = t.logs.join('\n');
    assert.ok(t.logs.length > 5, 'requests were logged');
    // One line per request, each with its request id, method, URL, status and time.
    const lines = t.logs.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    assert.ok(lines.length >= 8, `${lines.length} request lines`);
    for (const l of lines) {
      assert.equal(typeof l.reqId, 'string');
      assert.ok(
        l.reqId.length > 0 && typeof l.status === 'number' && typeof l.ms === 'number',
        JSON.stringify(l),
      );
    }
    for (const s of [
      secret,
      token,
      rot.body.clientSecret,
      app.body.access_token,
      ADMIN_TOKEN,
      a.clientSecret,
      a.projectToken,
    ]) {
      assert.ok(!log.includes(s), 'a secret was logged');
    }
    assert.ok(!log.includes(token.split('.')[2]!), 'a token signature was logged');
  });
});
