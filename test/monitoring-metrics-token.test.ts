// LATCHKEY_METRICS_TOKEN: /metrics needs the bearer token when it is set, on the API and on
// `latchkey worker`'s monitoring port; without it /metrics stays open (monitoring.test.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { startWorkerOnly } from '../src/server.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { processStore } from './helpers/process.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
before(async () => {
  t = await startTestApp({ LATCHKEY_METRICS_TOKEN: TOKEN });
});
after(() => t.close());

function assertRefused(status: number, contentType: unknown, body: { status: number; detail: string }) {
  assert.equal(status, 401);
  assert.match(String(contentType), /^application\/problem\+json/);
  assert.equal(body.status, 401);
  assert.equal(typeof body.detail, 'string');
}

describe('/metrics with LATCHKEY_METRICS_TOKEN', () => {
  it('is 401 problem+json without the token or with a wrong one, 200 with it', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const r = await t.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      assertRefused(r.statusCode, r.headers['content-type'], r.json());
      assert.match(String(r.headers['www-authenticate']), /^Bearer /);
      assert.ok(!r.body.includes('latchkey_'), 'no metric leaks into the refusal');
    }
    const r = await t.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    assert.equal(r.statusCode, 200);
    assert.match(r.body, /latchkey_http_requests_total/);
  });

  it('leaves /healthz and /readyz open', async () => {
    assert.equal((await t.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
    assert.equal((await t.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
  });

  it('a short token is a configuration error', () => {
    assert.throws(
      () => loadConfig({ LATCHKEY_METRICS_TOKEN: 'short' }),
      /LATCHKEY_METRICS_TOKEN: must be at least 16/,
    );
  });

  it('`latchkey worker` guards its /metrics the same way', async () => {
    const store = await processStore();
    const w = await startWorkerOnly(
      loadConfig({
        ...store.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LATCHKEY_LOG_LEVEL: 'silent',
        LATCHKEY_METRICS_TOKEN: TOKEN,
      }),
    );
    try {
      const open = await fetch(`${w.address}/metrics`);
      assertRefused(open.status, open.headers.get('content-type'), await open.json());
      const wrong = await fetch(`${w.address}/metrics`, { headers: { authorization: 'Bearer nope' } });
      assert.equal(wrong.status, 401);
      await wrong.body?.cancel();
      const ok = await fetch(`${w.address}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(ok.status, 200);
      assert.match(await ok.text(), /latchkey_/);
    } finally {
      await w.stop();
      await store.dispose();
    }
  });
});
