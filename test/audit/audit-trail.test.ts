// The audit trail is written with the change it records: every change has its record, nothing
// rolled back has one, a record that cannot be written takes its change with it, and secrets
// never reach `changes`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { auditInsert } from '../../src/audit/queries.ts';
import { ERASED } from '../../src/audit/record.ts';
import { auditRetentionRun } from '../../src/audit/retention.ts';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { createKeys, createLock, phone } from '../helpers/resources.ts';

let t: TestApp;
let a: Tenant;
before(async () => {
  t = await startTestApp({ LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8' });
  a = await createTenant(t, 'Audited');
});
after(() => t.close());

interface Row {
  id: string;
  actor_type: string;
  actor_id: string | null;
  action: string;
  resource_type: string;
  resource_id: string | null;
  project_id: string | null;
  organization_id: string | null;
  request_id: string | null;
  source_address: string | null;
  changes: { before?: Record<string, unknown>; after?: Record<string, unknown> };
}

async function records(where = 'TRUE', params: unknown[] = []): Promise<Row[]> {
  const { rows } = await t.store.db.query<Row>(
    `SELECT * FROM audit_records WHERE ${where} ORDER BY id`,
    params,
  );
  return rows;
}
const countAll = async () => (await records()).length;

describe('audit trail: the record and its transaction', () => {
  it('records each key of a batch with who, where, which request and what', async () => {
    const lock = await createLock(t, a);
    const keys = await createKeys(t, a, [
      { lockId: lock.id, appUserId: phone(1) },
      { lockId: lock.id, appUserId: phone(2), metadata: { unit: '4B' } },
    ]);
    const rows = await records("action = 'key.created'");
    assert.deepEqual(
      rows.map((r) => r.resource_id),
      keys.map((k) => k.id),
    );
    const r = rows[1]!;
    assert.equal(r.actor_type, 'client');
    assert.equal(r.actor_id, a.clientId);
    assert.equal(r.resource_type, 'key');
    assert.equal(r.project_id, a.projectId);
    assert.equal(r.organization_id, a.organizationId, "the project's organization");
    assert.ok(r.request_id, 'the request id');
    assert.equal(r.source_address, '127.0.0.1');
    assert.equal(r.changes.before, undefined, 'a create has no before');
    assert.equal(r.changes.after?.appUserId, phone(2));
    assert.equal(r.changes.after?.lockId, lock.id);
    assert.deepEqual(r.changes.after?.metadata, { unit: '4B' });
    assert.equal(r.changes.after?.created, undefined, 'fields off the allow-list are left out');
  });

  it('a failing batch leaves neither keys nor records', async () => {
    const lock = await createLock(t, a);
    const n = await countAll();
    const r = await t.call('POST', `/v2/projects/${a.projectId}/keys`, {
      token: a.projectToken,
      body: {
        keys: [
          { lockId: lock.id, appUserId: phone(3) },
          { lockId: '01937f00-0000-7000-8000-000000000000', appUserId: phone(4) },
        ],
      },
    });
    assert.equal(r.status, 400);
    assert.equal(await countAll(), n, 'no record of what was rolled back');
    const keys = await t.store.db.query('SELECT 1 FROM keys WHERE app_user_id = $1', [phone(3)]);
    assert.equal(keys.rowCount, 0);
  });

  it('a record that cannot be written takes its change with it', async () => {
    const lock = await createLock(t, a);
    const [key] = await createKeys(t, a, [{ lockId: lock.id, appUserId: phone(5) }]);
    await t.store.db.exec(`
      CREATE FUNCTION audit_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'audit store refuses'; END $$;
      CREATE TRIGGER audit_refuse BEFORE INSERT ON audit_records FOR EACH ROW EXECUTE FUNCTION audit_refuse();`);
    try {
      const r = await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${key!.id}`, {
        token: a.projectToken,
      });
      assert.equal(r.status, 500, JSON.stringify(r.body));
    } finally {
      await t.store.db.exec('DROP TRIGGER audit_refuse ON audit_records; DROP FUNCTION audit_refuse();');
    }
    const k = await t.call('GET', `/v2/projects/${a.projectId}/keys/${key!.id}`, { token: a.projectToken });
    assert.equal(k.body.key.state, 'active', 'the revocation was rolled back with its record');
    assert.equal((await records("action = 'key.revoked' AND resource_id = $1", [key!.id])).length, 0);
  });

  it('an update records the fields that changed, before and after', async () => {
    const lock = await createLock(t, a, { name: 'Back door' });
    const r = await t.call('PATCH', `/v2/projects/${a.projectId}/locks/${lock.id}`, {
      token: a.projectToken,
      body: { name: 'Cellar door' },
    });
    assert.equal(r.status, 200);
    const [u] = await records("action = 'lock.updated' AND resource_id = $1", [lock.id]);
    assert.deepEqual(u!.changes, { before: { name: 'Back door' }, after: { name: 'Cellar door' } });
  });

  it('a revocation records the state before and after; a bulk one each key', async () => {
    const lock = await createLock(t, a);
    const keys = await createKeys(t, a, [
      { lockId: lock.id, appUserId: phone(6) },
      { lockId: lock.id, appUserId: phone(7) },
      { lockId: lock.id, appUserId: phone(7) },
    ]);
    const one = await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${keys[0]!.id}`, {
      token: a.projectToken,
    });
    assert.equal(one.status, 200);
    const [rev] = await records("action = 'key.revoked' AND resource_id = $1", [keys[0]!.id]);
    assert.equal(rev!.changes.before?.state, 'active');
    assert.equal(rev!.changes.after?.state, 'revoked');
    const bulk = await t.call(
      'DELETE',
      `/v2/projects/${a.projectId}/keys?appUserId=${encodeURIComponent(phone(7))}`,
      {
        token: a.projectToken,
      },
    );
    assert.equal(bulk.body.revoked, 2);
    const rows = await records(
      "action = 'key.revoked' AND request_id = (SELECT request_id FROM audit_records WHERE resource_id = $1 AND action = 'key.revoked')",
      [keys[1]!.id],
    );
    assert.deepEqual(rows.map((r) => r.resource_id).sort(), [keys[1]!.id, keys[2]!.id].sort());
  });

  it('the operator is the admin actor; secrets never reach the trail', async () => {
    const c = await t.call('POST', `/admin/v1/organizations/${a.organizationId}/clients`, {
      token: ADMIN_TOKEN,
      body: { name: 'door-app' },
    });
    assert.equal(c.status, 201);
    const rot = await t.call('POST', `/admin/v1/clients/${c.body.client.id}/rotate-secret`, {
      token: ADMIN_TOKEN,
    });
    assert.equal(rot.status, 200);
    const lock = await createLock(t, a);
    const w = await t.call('POST', `/v2/projects/${a.projectId}/webhooks`, {
      token: a.projectToken,
      body: { lockId: lock.id, trigger: 'accessEvent', url: 'https://user:pw-in-url@127.0.0.1:9/in' },
    });
    assert.equal(w.status, 201, JSON.stringify(w.body));
    const rows = await records('resource_id = $1 OR resource_id = $2', [c.body.client.id, w.body.webhook.id]);
    assert.deepEqual(
      rows.map((r) => `${r.actor_type}:${r.action}`),
      ['admin:client.created', 'admin:client.secretRotated', 'client:webhook.created'],
    );
    assert.equal(rows[0]!.organization_id, a.organizationId);
    const text = JSON.stringify(await records());
    for (const secret of [c.body.clientSecret, rot.body.clientSecret, w.body.webhook.secret, 'pw-in-url'])
      assert.ok(secret && !text.includes(secret), 'no secret in any record');
  });

  it('erasure keeps the records and replaces the number and every name the person had', async () => {
    const person = phone(50);
    const lock = await createLock(t, a);
    const mu = await t.call('POST', `/v2/projects/${a.projectId}/managed-users`, {
      token: a.projectToken,
      body: { appUserId: person, firstName: 'Kari', lastName: 'Nordmannsen' },
    });
    assert.equal(mu.status, 201, JSON.stringify(mu.body));
    const path = `/v2/projects/${a.projectId}/managed-users/${encodeURIComponent(person)}`;
    const ren = await t.call('PATCH', path, { token: a.projectToken, body: { lastName: 'Haugelandsen' } });
    assert.equal(ren.status, 200, JSON.stringify(ren.body));
    await createKeys(t, a, [{ lockId: lock.id, appUserId: person }]);
    const before = await records('$1 = ANY(people)', [person]);
    assert.deepEqual(
      before.map((r) => r.action),
      ['managedUser.created', 'managedUser.updated', 'key.created'],
    );
    const e = await t.call('DELETE', `/admin/v1/app-users/${encodeURIComponent(person)}`, {
      token: ADMIN_TOKEN,
    });
    assert.equal(e.status, 200);
    const after = await records('id = ANY($1::uuid[])', [before.map((r) => r.id)]);
    assert.equal(after.length, 3, 'the records stay');
    assert.equal(after[0]!.resource_id, ERASED);
    assert.equal(after[0]!.changes.after?.firstName, ERASED);
    assert.deepEqual(after[1]!.changes, {
      before: { lastName: ERASED },
      after: { lastName: ERASED },
    });
    assert.equal(after[2]!.changes.after?.appUserId, ERASED);
    assert.equal(after[2]!.changes.after?.lockId, lock.id, 'the rest of the record stays');
    const text = JSON.stringify(await records());
    for (const gone of [person, 'Kari', 'Nordmannsen', 'Haugelandsen']) assert.ok(!text.includes(gone), gone);
    const [erasure] = await records("action = 'appUser.erased'");
    assert.equal(erasure!.resource_id, ERASED);
    assert.equal(erasure!.changes.after?.keys, 1);
  });

  it('retention deletes the records older than its window, and only those', async () => {
    const day = 86_400_000;
    const entry = (action: string) => ({
      actor: { type: 'system' as const, id: 'test' },
      action,
      resource: { type: 'test', id: null },
      changes: {},
    });
    await t.store.db.transaction(async (tx) => {
      await auditInsert(tx, [entry('test.old')], new Date(Date.now() - 400 * day));
      await auditInsert(tx, [entry('test.kept')], new Date(Date.now() - 300 * day));
    });
    const n = await countAll();
    const deleted = await auditRetentionRun(t.store.db, new Date(Date.now() - 365 * day), 1);
    assert.equal(deleted, 1);
    assert.equal(await countAll(), n - 1);
    assert.equal((await records("action = 'test.old'")).length, 0);
    assert.equal((await records("action = 'test.kept'")).length, 1);
  });

  it('offboarding a lock records it, and each key and sharing right it revoked', async () => {
    const lock = await createLock(t, a, { name: 'Gate' });
    const keys = await createKeys(t, a, [
      { lockId: lock.id, appUserId: phone(60) },
      { lockId: lock.id, appUserId: phone(61) },
    ]);
    const sr = await t.call('POST', `/v2/projects/${a.projectId}/sharing-rights`, {
      token: a.projectToken,
      body: { sharingRights: [{ lockId: lock.id, appUserId: phone(60) }] },
    });
    assert.equal(sr.status, 201, JSON.stringify(sr.body));
    const off = await t.call('DELETE', `/v2/projects/${a.projectId}/locks/${lock.id}`, {
      token: a.projectToken,
    });
    assert.equal(off.status, 204);
    const rows = await records(
      "request_id = (SELECT request_id FROM audit_records WHERE action = 'lock.offboarded' AND resource_id = $1)",
      [lock.id],
    );
    assert.deepEqual(
      rows.map((r) => `${r.action} ${r.resource_id}`).sort(),
      [
        `key.revoked ${keys[0]!.id}`,
        `key.revoked ${keys[1]!.id}`,
        `lock.offboarded ${lock.id}`,
        `sharingRight.revoked ${sr.body.sharingRights[0].id}`,
      ].sort(),
    );
    const lockRow = rows.find((r) => r.action === 'lock.offboarded')!;
    assert.equal(lockRow.changes.before?.name, 'Gate', 'the lock as it was');
  });
});
