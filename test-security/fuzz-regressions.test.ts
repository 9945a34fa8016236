// Bugs the fuzzer (npm run test:fuzz) found, pinned as ordinary tests.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../test/helpers/app.ts';
import { createTenant, type Tenant } from '../test/helpers/factories.ts';

let t: TestApp;
let a: Tenant;

before(async () => {
  t = await startTestApp();
  a = await createTenant(t);
});
after(() => t.close());

describe('U+0000 in input is a 400, not a 500 from the store', () => {
  it('the admin API validates bodies strictly (unknown fields refused, no coercion)', async () => {
    // Its plugin scope had silently fallen back to Fastify's default Ajv (validation.ts).
    const extra = await t.call('POST', '/admin/v1/organizations', {
      token: ADMIN_TOKEN,
      body: { name: 'x', y: 1 },
    });
    assert.equal(extra.status, 400, JSON.stringify(extra.body));
    assert.deepEqual(extra.body.invalidParams, [{ name: 'y', reason: 'is not a known field' }]);
    const typed = await t.call('POST', '/admin/v1/organizations', { token: ADMIN_TOKEN, body: { name: 5 } });
    assert.equal(typed.status, 400, JSON.stringify(typed.body));
  });

  it('in a body string (admin API)', async () => {
    const r = await t.call('POST', '/admin/v1/organizations', {
      token: ADMIN_TOKEN,
      body: { name: 'a\u0000b' },
    });
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.deepEqual(r.body.invalidParams, [
      { name: 'name', reason: 'must not contain the NUL character (U+0000)' },
    ]);
  });

  it('in a nested body string and in a property name', async () => {
    const url = `/v2/organization/${a.organizationId}/projects`;
    const nested = await t.call('POST', url, {
      token: a.orgToken,
      body: { name: 'P', metadata: { room: '1\u0000' } },
    });
    assert.equal(nested.status, 400, JSON.stringify(nested.body));
    assert.equal(nested.body.invalidParams[0].name, 'metadata.room');
    const key = await t.call('POST', url, {
      token: a.orgToken,
      body: { name: 'P', metadata: { 'k\u0000': 'v' } },
    });
    assert.equal(key.status, 400, JSON.stringify(key.body));
  });

  it('in a query parameter', async () => {
    const r = await t.call('GET', `/v2/organization/${a.organizationId}/projects?startAfterId=%00`, {
      token: a.orgToken,
    });
    assert.equal(r.status, 400, JSON.stringify(r.body));
  });

  it('deeply nested input is checked without overflowing the stack', async () => {
    const depth = 5_000;
    const body = `{"name":${'['.repeat(depth)}"x\\u0000"${']'.repeat(depth)}}`;
    const r = await t.call('POST', '/admin/v1/organizations', { token: ADMIN_TOKEN, body });
    assert.equal(r.status, 400, JSON.stringify(r.body));
  });
});
