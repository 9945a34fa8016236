// Idempotency-Key on the POSTs that create, and Location on the 201 of one resource: a retry with
// the same key and body replays the first answer (status, body, Location) with Idempotent-Replayed,
// another body is 422, a request while the first runs is 409 (until a lease ends: an abandoned
// reservation is taken over by a retry of the same request), keys are per caller, expire after
// 24 hours (and are deleted by the expiry job), and without the header nothing changes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { idempotencyKeysExpire } from '../../src/http/idempotency.ts';
import { takesIdempotencyKey } from '../../src/http/operations.ts';
import { operations } from '../../src/operation-table.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'A');
  b = await createTenant(t, 'B');
});
after(() => t.close());

const createLock = (tenant: Tenant, body: unknown, key?: string) =>
  t.call('POST', `/v2/projects/${tenant.projectId}/locks`, {
    token: tenant.projectToken,
    body,
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  });
const lockCount = async (tenant: Tenant) =>
  (await t.call('GET', `/v2/projects/${tenant.projectId}/locks`, { token: tenant.projectToken })).body.locks
    .length;

describe('Location', () => {
  it('a 201 that creates one resource says where it is, and the path answers it', async () => {
    const r = await createLock(a, { name: 'Front door' });
    assert.equal(r.status, 201);
    assert.equal(r.headers.location, `/v2/projects/${a.projectId}/locks/${r.body.lock.id}`);
    assert.equal((await t.call('GET', String(r.headers.location), { token: a.projectToken })).status, 200);
    const mu = await t.call('POST', `/v2/projects/${a.projectId}/managed-users`, {
      token: a.projectToken,
      body: { appUserId: '+4790000001' },
    });
    assert.equal(mu.headers.location, `/v2/projects/${a.projectId}/managed-users/%2B4790000001`);
    assert.equal((await t.call('GET', String(mu.headers.location), { token: a.projectToken })).status, 200);
  });
});

describe('Idempotency-Key', () => {
  it('is declared on every POST that creates, and only there', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body;
    for (const op of operations.filter((o) => !o.hidden)) {
      const documented = doc.paths[op.path.replace(/:(\w+)/g, '{$1}')][op.method.toLowerCase()];
      const header = (documented.parameters ?? []).find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key',
      );
      assert.equal(!!header, takesIdempotencyKey(op), op.operationId);
    }
  });

  it('replays the first answer for the same key and body, and creates nothing more', async () => {
    const before = await lockCount(a);
    const first = await createLock(a, { name: 'Back door' }, 'key-1');
    assert.equal(first.status, 201);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    const again = await createLock(a, { name: 'Back door' }, 'key-1');
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers.location, first.headers.location);
    assert.equal(await lockCount(a), before + 1);
  });

  it('replays an error answer too (status and body)', async () => {
    const first = await t.call('POST', `/v2/projects/${a.projectId}/managed-users`, {
      token: a.projectToken,
      body: { appUserId: '+4790000001' },
      headers: { 'idempotency-key': 'dup-user' },
    });
    assert.equal(first.status, 409);
    const again = await t.call('POST', `/v2/projects/${a.projectId}/managed-users`, {
      token: a.projectToken,
      body: { appUserId: '+4790000001' },
      headers: { 'idempotency-key': 'dup-user' },
    });
    assert.equal(again.status, 409);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.body, first.body);
  });

  it('the same key with another body is 422 problem+json, and nothing is created', async () => {
    await createLock(a, { name: 'Gate' }, 'key-2');
    const before = await lockCount(a);
    const r = await createLock(a, { name: 'Garage' }, 'key-2');
    assert.equal(r.status, 422);
    assert.match(String(r.headers['content-type']), /^application\/problem\+json/);
    assert.equal(r.body.type, 'urn:latchkey:problem:idempotency-key-reused');
    assert.equal(await lockCount(a), before);
  });

  it('while the first request is still running: 409 with Retry-After', async () => {
    // A reservation without an answer yet is what a first request still running leaves.
    await t.store.db.query(
      `INSERT INTO idempotency_keys (owner, key, request_hash) VALUES ($1, 'held', 'x')`,
      [`client:${a.clientId}`],
    );
    const held = await createLock(a, { name: 'Shed' }, 'held');
    assert.equal(held.status, 409);
    assert.equal(held.body.type, 'urn:latchkey:problem:idempotency-key-in-use');
    assert.equal(held.headers['retry-after'], '1');
  });

  it('a reservation its request abandoned (the process died) is taken over by a retry of the same request', async () => {
    // What a process killed between reserving the key and storing the answer leaves behind.
    const abandon = (key: string, age: string) =>
      t.store.db.query(
        `UPDATE idempotency_keys SET status = NULL, body = NULL, headers = NULL, created = now() - $2::interval
          WHERE key = $1`,
        [key, age],
      );
    await createLock(a, { name: 'Barn' }, 'abandoned');
    await abandon('abandoned', '10 seconds');
    const tooSoon = await createLock(a, { name: 'Barn' }, 'abandoned');
    assert.equal(tooSoon.status, 409, 'within the lease the first request may still be running');
    await abandon('abandoned', '2 minutes');
    const other = await createLock(a, { name: 'Stable' }, 'abandoned');
    assert.equal(other.status, 422, 'another request still may not use the key');
    const retry = await createLock(a, { name: 'Barn' }, 'abandoned');
    assert.equal(retry.status, 201);
    assert.equal(retry.headers['idempotent-replayed'], undefined);
    const again = await createLock(a, { name: 'Barn' }, 'abandoned');
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.body.lock.id, retry.body.lock.id);
  });

  it('keys are per caller: another client with the same key gets its own answer', async () => {
    const mine = await createLock(a, { name: 'Door' }, 'shared-key');
    const theirs = await createLock(b, { name: 'Door' }, 'shared-key');
    assert.equal(theirs.status, 201);
    assert.equal(theirs.headers['idempotent-replayed'], undefined);
    assert.notEqual(theirs.body.lock.id, mine.body.lock.id);
  });

  it('a key older than 24 hours is forgotten; the expiry job deletes it', async () => {
    const first = await createLock(a, { name: 'Old door' }, 'old-key');
    await t.store.db.query(
      `UPDATE idempotency_keys SET created = now() - interval '25 hours' WHERE key = 'old-key'`,
    );
    const later = await createLock(a, { name: 'Old door' }, 'old-key');
    assert.equal(later.status, 201);
    assert.equal(later.headers['idempotent-replayed'], undefined);
    assert.notEqual(later.body.lock.id, first.body.lock.id);
    await t.store.db.query(
      `UPDATE idempotency_keys SET created = now() - interval '25 hours' WHERE key = 'old-key'`,
    );
    assert.ok((await idempotencyKeysExpire(t.store.db)) >= 1);
    const { rows } = await t.store.db.query(`SELECT 1 FROM idempotency_keys WHERE key = 'old-key'`);
    assert.equal(rows.length, 0);
  });

  it('a key of 256 characters, or an empty one, is 400 and creates nothing', async () => {
    const before = await lockCount(a);
    for (const key of ['x'.repeat(256), '']) {
      const r = await createLock(a, { name: 'Too long' }, key);
      assert.equal(r.status, 400, JSON.stringify(r.body));
    }
    assert.equal((await createLock(a, { name: 'Max' }, 'y'.repeat(255))).status, 201);
    assert.equal(await lockCount(a), before + 1);
  });

  it('without the header nothing changes: two requests, two locks', async () => {
    const before = await lockCount(a);
    await createLock(a, { name: 'Twin' });
    await createLock(a, { name: 'Twin' });
    assert.equal(await lockCount(a), before + 2);
  });
});
