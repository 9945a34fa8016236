// Who may read /metrics, the same rule on the API and on `latchkey worker`: with
// LATCHKEY_METRICS_TOKEN, the main port serves it to that bearer token (401 otherwise); with
// LATCHKEY_METRICS_PORT, a listener on 127.0.0.1 serves only /metrics (asking for the token too when
// one is set) and the main port answers 404; with neither, metrics are off (404 saying how to turn
// them on). The start-up line says which is in force.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { startSummary } from '../src/main.ts';
import { startServer, startWorkerOnly } from '../src/server.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { type ProcessStore, processStore } from './helpers/process.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

// One store for every process this file starts, one after another (a fresh embedded store's
// initdb costs seconds each time).
let store: ProcessStore;
before(async () => {
  store = await processStore({ migrated: true });
});
after(() => store.dispose());

function assertProblem(
  status: number,
  expected: number,
  contentType: unknown,
  body: { status: number; detail: string },
) {
  assert.equal(status, expected);
  assert.match(String(contentType), /^application\/problem\+json/);
  assert.equal(body.status, expected);
  assert.equal(typeof body.detail, 'string');
}

describe('/metrics without LATCHKEY_METRICS_TOKEN or LATCHKEY_METRICS_PORT', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('is off: 404 problem+json saying how to turn it on, with or without a token, and nothing leaks', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const r = await t.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      assertProblem(r.statusCode, 404, r.headers['content-type'], r.json());
      assert.match(r.json().detail, /Metrics are off.*LATCHKEY_METRICS_TOKEN.*LATCHKEY_METRICS_PORT/);
      assert.ok(!r.body.includes('latchkey_'));
    }
    assert.equal((await t.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
  });

  it('the start-up line says metrics are off and how to turn them on', () => {
    assert.match(
      startSummary(loadConfig({})),
      /; metrics off \(set LATCHKEY_METRICS_TOKEN or LATCHKEY_METRICS_PORT\);/,
    );
  });
});

describe('/metrics with LATCHKEY_METRICS_TOKEN', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ LATCHKEY_METRICS_TOKEN: TOKEN });
  });
  after(() => t.close());

  it('is 401 problem+json without the token or with a wrong one, 200 with it', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const r = await t.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      assertProblem(r.statusCode, 401, r.headers['content-type'], r.json());
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

  it('the start-up line says the token is in force', () => {
    assert.match(
      startSummary(loadConfig({ LATCHKEY_METRICS_TOKEN: TOKEN })),
      /; metrics at \/metrics with LATCHKEY_METRICS_TOKEN;/,
    );
  });

  it('a short token or a bad port is a configuration error', () => {
    assert.throws(
      () => loadConfig({ LATCHKEY_METRICS_TOKEN: 'short' }),
      /LATCHKEY_METRICS_TOKEN: must be at least 16/,
    );
    assert.throws(
      () => loadConfig({ LATCHKEY_METRICS_PORT: '70000' }),
      /LATCHKEY_METRICS_PORT: must be a port/,
    );
    assert.throws(
      () => loadConfig({ PORT: '9000', LATCHKEY_METRICS_PORT: '9000' }),
      /LATCHKEY_METRICS_PORT: must differ from PORT/,
    );
  });
});

describe('/metrics with LATCHKEY_METRICS_PORT', () => {
  it('`serve`: a listener on 127.0.0.1 serves only /metrics; the API port answers 404; the start-up line names it', async () => {
    const running = await startServer(
      loadConfig({
        ...store.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LATCHKEY_LOG_LEVEL: 'silent',
        LATCHKEY_WORKER: 'off',
        LATCHKEY_METRICS_PORT: '0',
      }),
    );
    try {
      // Bound to the loopback address (the listener's own address, not a probe from outside).
      const m = running.metricsAddress;
      assert.match(String(m), /^http:\/\/127\.0\.0\.1:\d+$/);
      const ok = await fetch(`${m}/metrics`);
      assert.equal(ok.status, 200);
      assert.match(await ok.text(), /nodejs_heap_size_used_bytes/);
      for (const path of ['/healthz', '/readyz', '/v2/projects', '/docs/', '/console']) {
        const r = await fetch(`${m}${path}`);
        assert.equal(r.status, 404, `${path} on the metrics listener`);
        await r.body?.cancel();
      }
      const api = await fetch(`${running.address}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      assertProblem(api.status, 404, api.headers.get('content-type'), await api.json());
      assert.equal((await fetch(`${running.address}/healthz`)).status, 200);
      assert.match(
        startSummary(running.ctx.config, m),
        new RegExp(`; metrics on ${m!.replace(/\./g, '\\.')}/metrics only;`),
      );
    } finally {
      await running.stop();
    }
  });

  it('with the token as well, the loopback listener asks for it', async () => {
    const running = await startServer(
      loadConfig({
        ...store.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LATCHKEY_LOG_LEVEL: 'silent',
        LATCHKEY_WORKER: 'off',
        LATCHKEY_METRICS_PORT: '0',
        LATCHKEY_METRICS_TOKEN: TOKEN,
      }),
    );
    try {
      const open = await fetch(`${running.metricsAddress}/metrics`);
      assertProblem(open.status, 401, open.headers.get('content-type'), await open.json());
      const ok = await fetch(`${running.metricsAddress}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      assert.equal(ok.status, 200);
      await ok.body?.cancel();
      // The main port does not serve them, token or not.
      const api = await fetch(`${running.address}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      assert.equal(api.status, 404);
      await api.body?.cancel();
      assert.match(
        startSummary(running.ctx.config, running.metricsAddress),
        /only with LATCHKEY_METRICS_TOKEN;/,
      );
    } finally {
      await running.stop();
    }
  });
});

describe('`latchkey worker` follows the same rule', () => {
  async function worker(
    env: Record<string, string>,
    check: (w: Awaited<ReturnType<typeof startWorkerOnly>>) => Promise<void>,
  ) {
    const w = await startWorkerOnly(
      loadConfig({ ...store.env, PORT: '0', HOST: '127.0.0.1', LATCHKEY_LOG_LEVEL: 'silent', ...env }),
    );
    try {
      await check(w);
    } finally {
      await w.stop();
    }
  }

  it('off without either: 404 on its port', async () => {
    await worker({}, async (w) => {
      const r = await fetch(`${w.address}/metrics`);
      assertProblem(r.status, 404, r.headers.get('content-type'), await r.json());
      assert.equal((await fetch(`${w.address}/healthz`)).status, 200);
    });
  });

  it('the token on its port', async () => {
    await worker({ LATCHKEY_METRICS_TOKEN: TOKEN }, async (w) => {
      const open = await fetch(`${w.address}/metrics`);
      assertProblem(open.status, 401, open.headers.get('content-type'), await open.json());
      const wrong = await fetch(`${w.address}/metrics`, { headers: { authorization: 'Bearer nope' } });
      assert.equal(wrong.status, 401);
      await wrong.body?.cancel();
      const ok = await fetch(`${w.address}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(ok.status, 200);
      assert.match(await ok.text(), /latchkey_/);
    });
  });

  it('the loopback port: /metrics there, 404 on its own port', async () => {
    await worker({ LATCHKEY_METRICS_PORT: '0' }, async (w) => {
      assert.match(String(w.metricsAddress), /^http:\/\/127\.0\.0\.1:\d+$/);
      const ok = await fetch(`${w.metricsAddress}/metrics`);
      assert.equal(ok.status, 200);
      assert.match(await ok.text(), /latchkey_webhook_deliveries_total/);
      const main = await fetch(`${w.address}/metrics`);
      assert.equal(main.status, 404);
      await main.body?.cancel();
    });
  });
});
