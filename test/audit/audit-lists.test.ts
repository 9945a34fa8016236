// The audit trail's lists: a project's, an organization's and the operator's; paged like every
// list, filtered, and never showing another tenant's records whatever the filter names.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { createKeys, createLock, phone } from '../helpers/resources.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let keyIds: string[];
let bKeyId: string;
before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Alpha');
  b = await createTenant(t, 'Beta');
  const lock = await createLock(t, a);
  keyIds = (
    await createKeys(
      t,
      a,
      [1, 2, 3, 4, 5].map((i) => ({ lockId: lock.id, appUserId: phone(i) })),
    )
  ).map((k) => k.id);
  const r = await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${keyIds[0]}`, {
    token: a.projectToken,
  });
  assert.equal(r.status, 200);
  const bLock = await createLock(t, b);
  bKeyId = (await createKeys(t, b, [{ lockId: bLock.id, appUserId: phone(1) }]))[0]!.id;
});
after(() => t.close());

const q = (o: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

describe('audit trail lists', () => {
  it("a project's trail, oldest first, paged by startAfterId", async () => {
    const all = await t.call('GET', `/v2/projects/${a.projectId}/audit`, { token: a.projectToken });
    assert.equal(all.status, 200, JSON.stringify(all.body));
    const actions = all.body.auditRecords.map((r: { action: string }) => r.action);
    assert.deepEqual(actions, ['lock.created', ...keyIds.map(() => 'key.created'), 'key.revoked']);
    const rec = all.body.auditRecords.at(-1);
    assert.deepEqual(rec.actor, { type: 'client', id: a.clientId });
    assert.deepEqual(rec.resource, { type: 'key', id: keyIds[0] });
    assert.equal(rec.projectId, a.projectId);
    assert.equal(rec.organizationId, a.organizationId);
    assert.equal(rec.changes.after.state, 'revoked');
    assert.match(rec.at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal(all.body.startAfterId, undefined, 'one page');

    const seen: string[] = [];
    let after: string | undefined;
    for (let i = 0; i < 10; i++) {
      const p = await t.call(
        'GET',
        `/v2/projects/${a.projectId}/audit?${q({ limit: 2, ...(after ? { startAfterId: after } : {}) })}`,
        { token: a.projectToken },
      );
      seen.push(...p.body.auditRecords.map((r: { id: string }) => r.id));
      after = p.body.startAfterId;
      if (!after) break;
    }
    assert.deepEqual(
      seen,
      all.body.auditRecords.map((r: { id: string }) => r.id),
    );
  });

  it('filters by resource, actor, action and time', async () => {
    const get = async (o: Record<string, string>) => {
      const r = await t.call('GET', `/v2/projects/${a.projectId}/audit?${q(o)}`, { token: a.projectToken });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.auditRecords as { action: string; resource: { id: string }; at: string }[];
    };
    const key = await get({ resourceType: 'key', resourceId: keyIds[0]! });
    assert.deepEqual(
      key.map((r) => r.action),
      ['key.created', 'key.revoked'],
    );
    assert.equal((await get({ action: 'key.created' })).length, 5);
    assert.equal((await get({ actorId: a.clientId })).length, 7);
    assert.equal((await get({ actorId: b.clientId })).length, 0);
    const revokedAt = key[1]!.at;
    assert.deepEqual(
      (await get({ from: revokedAt })).map((r) => r.action),
      ['key.revoked'],
    );
    assert.ok((await get({ to: key[0]!.at })).every((r) => r.action !== 'key.revoked'));
    const bad = await t.call(
      'GET',
      `/v2/projects/${a.projectId}/audit?${q({ from: revokedAt, to: key[0]!.at })}`,
      {
        token: a.projectToken,
      },
    );
    assert.equal(bad.status, 400);
    const big = await t.call('GET', `/v2/projects/${a.projectId}/audit?limit=1001`, {
      token: a.projectToken,
    });
    assert.equal(big.status, 400);
  });

  it("never shows another tenant's records, whatever the filter names", async () => {
    const filters: Record<string, string>[] = [
      { resourceId: bKeyId },
      { actorId: b.clientId },
      { resourceType: 'key', resourceId: bKeyId },
    ];
    for (const filter of filters) {
      const r = await t.call('GET', `/v2/projects/${a.projectId}/audit?${q(filter)}`, {
        token: a.projectToken,
      });
      assert.deepEqual(r.body.auditRecords, [], JSON.stringify(filter));
      const o = await t.call('GET', `/v2/organization/${a.organizationId}/audit?${q(filter)}`, {
        token: a.orgToken,
      });
      assert.deepEqual(o.body.auditRecords, [], JSON.stringify(filter));
    }
    const other = await t.call('GET', `/v2/projects/${b.projectId}/audit`, { token: a.projectToken });
    assert.equal(other.status, 403);
  });

  it("an organization's trail holds its own changes and its projects'; the operator's holds all", async () => {
    const o = await t.call('GET', `/v2/organization/${a.organizationId}/audit`, { token: a.orgToken });
    assert.equal(o.status, 200, JSON.stringify(o.body));
    const actions = o.body.auditRecords.map((r: { action: string }) => r.action);
    assert.deepEqual(actions.slice(0, 3), ['organization.created', 'client.created', 'project.created']);
    assert.ok(
      o.body.auditRecords.every((r: { organizationId: string }) => r.organizationId === a.organizationId),
    );
    assert.equal(actions.filter((x: string) => x === 'key.created').length, 5);

    const all = await t.call('GET', `/admin/v1/audit?${q({ resourceId: bKeyId })}`, { token: ADMIN_TOKEN });
    assert.equal(all.status, 200);
    assert.deepEqual(
      all.body.auditRecords.map((r: { action: string; projectId: string }) => `${r.action} ${r.projectId}`),
      [`key.created ${b.projectId}`],
    );
    const ops = await t.call('GET', `/admin/v1/audit?${q({ action: 'organization.created' })}`, {
      token: ADMIN_TOKEN,
    });
    assert.deepEqual(
      ops.body.auditRecords.map((r: { actor: unknown }) => r.actor),
      [
        { type: 'admin', id: null },
        { type: 'admin', id: null },
      ],
    );
  });
});
