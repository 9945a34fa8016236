// Bad input of every kind gets a clean 4xx problem, never a 5xx or a stack trace.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { createLock, phone } from '../helpers/resources.ts';

let t: TestApp;
let a: Tenant;
before(async () => {
  t = await startTestApp();
  a = await createTenant(t);
});
after(() => t.close());

const problem = (r: { status: number; body: any; headers: Record<string, unknown> }, status: number) => {
  assert.equal(r.status, status, JSON.stringify(r.body));
  assert.equal(r.headers['content-type'], 'application/problem+json; charset=utf-8');
  assert.equal(r.body.status, status);
  assert.equal(typeof r.body.type, 'string');
  assert.equal(typeof r.body.title, 'string');
  assert.equal(typeof r.body.detail, 'string');
  assert.ok(!JSON.stringify(r.body).includes('    at '), 'no stack trace');
};

describe('error handling', () => {
  const url = () => `/v2/organization/${a.organizationId}/projects`;

  it('unknown route → 404', async () => {
    problem(await t.call('GET', '/v2/nothing-here'), 404);
    problem(await t.call('DELETE', '/healthz'), 404);
  });

  it('malformed JSON → 400', async () => {
    problem(await t.call('POST', url(), { token: a.orgToken, body: '{"name": ' }), 400);
  });

  it('JSON that is not an object → 400', async () => {
    problem(await t.call('POST', url(), { token: a.orgToken, body: '[1,2]' }), 400);
    problem(await t.call('POST', url(), { token: a.orgToken, body: 'null' }), 400);
  });

  it('prototype pollution attempts → 400', async () => {
    problem(
      await t.call('POST', url(), { token: a.orgToken, body: '{"name":"x","__proto__":{"admin":true}}' }),
      400,
    );
  });

  it('wrong content type → 415', async () => {
    problem(
      await t.call('POST', url(), {
        token: a.orgToken,
        body: 'name=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
    );
    problem(
      await t.call('POST', url(), {
        token: a.orgToken,
        body: 'x',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
    );
  });

  it('body over 1 MiB → 413', async () => {
    const r = await t.call('POST', url(), { token: a.orgToken, body: { name: 'x'.repeat(1024 * 1024 + 1) } });
    problem(r, 413);
    assert.equal(r.body.detail, 'Request body exceeds 1 MiB');
  });

  it('a key batch may be up to 4 MiB: 10,000 keys with end dates and weekly windows fit, more is 413 naming 4 MiB', async () => {
    const lock = await createLock(t, a);
    const key = (i: number) => ({
      lockId: lock.id,
      appUserId: phone(i),
      start: '2026-12-01T15:00:00Z',
      end: '2026-12-08T11:00:00Z',
      recurrence: { windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '08:00', to: '18:00' }] },
    });
    // What a booking system sends at the batch's maximum: over the 1 MiB of other operations.
    const full = Buffer.byteLength(
      JSON.stringify({ keys: Array.from({ length: 10_000 }, (_, i) => key(i)) }),
    );
    assert.ok(full > 1024 * 1024 && full < 4 * 1024 * 1024, `10,000 keys: ${full} bytes`);
    // The limit itself, with a small batch padded by JSON whitespace (creating 10,000 keys here
    // would test the store's speed, which the scale bench measures).
    const padded = (bytes: number) => {
      const json = JSON.stringify({ keys: [key(1), key(2)] });
      return `${json}${' '.repeat(bytes - Buffer.byteLength(json))}`;
    };
    const keysUrl = `/v2/projects/${a.projectId}/keys`;
    const ok = await t.call('POST', keysUrl, { token: a.projectToken, body: padded(4 * 1024 * 1024) });
    assert.equal(ok.status, 201, JSON.stringify(ok.body).slice(0, 500));
    assert.equal(ok.body.keys.length, 2);
    const over = await t.call('POST', keysUrl, { token: a.projectToken, body: padded(4 * 1024 * 1024 + 1) });
    problem(over, 413);
    assert.equal(over.body.detail, 'Request body exceeds 4 MiB');
  });

  it('deeply nested JSON → 400, process fine', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const r = await t.call('POST', url(), { token: a.orgToken, body: deep });
    assert.ok(r.status >= 400 && r.status < 500, String(r.status));
    problem(await t.call('GET', '/v2/nothing'), 404);
  });

  it('malformed ids in paths → 404 (never 500)', async () => {
    for (const id of [
      'abc',
      '1',
      "'; DROP TABLE projects; --",
      '%00',
      'ffffffff-ffff-ffff-ffff-fffffffffffff',
    ]) {
      const r = await t.call('GET', `/v2/projects/${encodeURIComponent(id)}`, { token: a.projectToken });
      assert.ok(r.status === 403 || r.status === 404, `${id}: ${r.status}`);
    }
  });

  it('validation errors name every bad field', async () => {
    const r = await t.call('POST', url(), {
      token: a.orgToken,
      body: { name: 1, countryIso: 'xx', extra: true },
    });
    problem(r, 400);
    const names = r.body.invalidParams.map((p: { name: string }) => p.name).sort();
    assert.deepEqual(names, ['countryIso', 'extra', 'name']);
  });

  it('invalid UTF-8 in a body → 4xx', async () => {
    const r = await t.inject({
      method: 'POST',
      url: url(),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${a.orgToken}` },
      payload: Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    assert.ok(r.statusCode >= 400 && r.statusCode < 500, String(r.statusCode));
  });
});

describe('bounded error bodies', () => {
  const url = () => `/v2/organization/${a.organizationId}/projects`;

  it('lists at most 50 invalid parameters and says how many more there were', async () => {
    const body: Record<string, number> = {};
    for (let i = 0; i < 98; i++) body[`f${i}`] = i;
    body[`long${'x'.repeat(5000)}`] = 1;
    const r = await t.call('POST', url(), { token: a.orgToken, body });
    problem(r, 400);
    // name is required, plus 99 unknown fields: 100 in all, 50 listed.
    assert.equal(r.body.invalidParams.length, 50);
    assert.match(r.body.detail, /; 50 more invalid parameters not listed$/);
    assert.ok(r.body.invalidParams.every((p: { name: string }) => p.name.length <= 201));
  });

  it('100,000 unknown fields → one small 400, without judging each field', async () => {
    const body: Record<string, number> = {};
    for (let i = 0; i < 100_000; i++) body[i.toString(36)] = 0;
    const r = await t.call('POST', url(), { token: a.orgToken, body });
    problem(r, 400);
    assert.deepEqual(r.body.invalidParams, [{ name: '(body)', reason: 'must have at most 100 fields' }]);
    assert.ok(JSON.stringify(r.body).length < 1024, `body is ${JSON.stringify(r.body).length} characters`);
  });
});
