// The tenant matrix: for every operation of the table whose token is tied to the path's
// organization or project, a request without a token is 401, a token of the wrong scope is 403, a token of
// another project or organization is 403 on that path, the other tenant's ids under
// the caller's own path are 404 (never 403, never 200), and a malformed id is 400/404, never 500.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fillPath, operationsOf, sample } from '../scripts/fuzz-openapi.ts';
import type { Operation } from '../src/http/operations.ts';
import { uuidv7 } from '../src/ids.ts';
import { operations } from '../src/operation-table.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { webhookInsert } from './helpers/events.ts';
import { createTenant, type Tenant } from './helpers/factories.ts';
import { createKeys, createLock, createSharingRights, installerToken, phone } from './helpers/resources.ts';

/** Path parameter values, all real records of one tenant (appUserId not yet URL-encoded). */
type Ids = Record<string, string>;

interface Route {
  op: Operation;
  scope: 'organization' | 'project.admin' | 'project.installer';
  /** The path's ids below the tenant's own (checked with the other tenant's values). */
  child: string[];
}

// Every operation of the table whose token is tied to the path's organization or project.
const routes: Route[] = operations.flatMap((op) => {
  const a = op.auth;
  if (a.kind !== 'bearer' || !a.resource) return [];
  const own = a.resource === 'organization' ? 'organizationId' : 'projectId';
  const scope =
    a.resource === 'organization'
      ? 'organization'
      : a.scopes.includes('project.installer')
        ? 'project.installer'
        : 'project.admin';
  const child = [...op.path.matchAll(/:(\w+)/g)].map((m) => m[1]!).filter((n) => n !== own);
  return [{ op, scope, child }];
});
let t: TestApp;
let a: Tenant;
let b: Tenant;
let A: Ids;
let B: Ids;
let aInstaller: string;

async function contents(tenant: Tenant, who: number): Promise<Ids> {
  const lock = await createLock(t, tenant);
  const [key] = await createKeys(t, tenant, [{ lockId: lock.id, appUserId: phone(who) }]);
  await createSharingRights(t, tenant, [{ lockId: lock.id, appUserId: phone(who) }]);
  const webhookId = await webhookInsert(t, tenant.projectId, lock.id);
  const deliveryId = uuidv7();
  await t.store.db.query(
    `INSERT INTO webhook_deliveries (id, webhook_id, project_id, event_id, body, event_received, status)
     VALUES ($1, $2, $3, $4, '{}', now(), 'failed')`,
    [deliveryId, webhookId, tenant.projectId, uuidv7()],
  );
  return {
    organizationId: tenant.organizationId,
    projectId: tenant.projectId,
    lockId: lock.id,
    keyId: key!.id,
    appUserId: phone(who),
    clientId: tenant.clientId,
    webhookId,
    deliveryId,
    bridgeId: (
      await t.call('POST', `/v2/organization/${tenant.organizationId}/bridges`, {
        token: tenant.orgToken,
        body: { name: `bridge ${who}` },
      })
    ).body.bridge.id,
  };
}

let doc: unknown;
before(async () => {
  t = await startTestApp();
  doc = t.app.swagger();
  // Sandbox projects, so that simulate (sandbox only) reaches its tenant checks too.
  a = await createTenant(t, 'A', { sandbox: true });
  b = await createTenant(t, 'B', { sandbox: true });
  A = await contents(a, 1);
  B = await contents(b, 2);
  aInstaller = await installerToken(t, a);
});
after(() => t.close());

/** The request of one route with the given ids; the body and required query come from the document. */
function call(r: Route, x: Ids, token?: string) {
  const documented = operationsOf(doc).find((o) => o.operationId === r.op.operationId);
  assert.ok(documented, `${r.op.operationId} is in the document`);
  // Malformed ids go into the path as they are; a phone number is URL-encoded.
  const url = fillPath(documented.path, x, (v) => (v.startsWith('+') ? encodeURIComponent(v) : v));
  const query = documented.query
    .filter((q) => q.required)
    .map((q) => `${q.name}=${encodeURIComponent(String(sample(doc, q.schema, x, q.name)))}`);
  // Bulk revocations need a filter to get past their own check.
  const filter =
    r.op.method === 'DELETE' && /(keys|sharing-rights)$/.test(r.op.path) ? `lockId=${x.lockId}` : '';
  const qs = [...query, filter].filter(Boolean).join('&');
  return t.call(r.op.method, qs ? `${url}?${qs}` : url, {
    token,
    ...(documented.body ? { body: sample(doc, documented.body, x) } : {}),
  });
}
const label = (r: Route) => `${r.op.method} ${r.op.path} (${r.op.operationId})`;

describe('tenant isolation matrix', () => {
  for (const r of routes) {
    describe(label(r), () => {
      it('no token → 401 with a bare Bearer challenge', async () => {
        const res = await call(r, A);
        assert.equal(res.status, 401);
        assert.equal(res.headers['www-authenticate'], 'Bearer realm="latchkey"');
        assert.equal(res.body.status, 401);
      });

      it('a token of the wrong scope → 403 insufficient_scope', async () => {
        const wrong = r.scope === 'organization' ? [a.projectToken, aInstaller] : [a.orgToken];
        if (r.scope === 'project.admin') wrong.push(aInstaller);
        for (const token of wrong) {
          const res = await call(r, A, token);
          assert.equal(res.status, 403, JSON.stringify(res.body));
          assert.match(String(res.headers['www-authenticate']), /error="insufficient_scope"/);
        }
      });

      it("another tenant's token on this tenant's path → 403", async () => {
        const res = await call(r, A, r.scope === 'organization' ? b.orgToken : b.projectToken);
        assert.equal(res.status, 403, JSON.stringify(res.body));
      });

      if (r.child.length > 0) {
        it("the other tenant's ids under the caller's own path → 404", async () => {
          const x = { ...A };
          for (const k of r.child) {
            assert.ok(B[k], `no value for :${k}: extend contents() in this file`);
            x[k] = B[k]!;
          }
          const res = await call(r, x, r.scope === 'organization' ? a.orgToken : a.projectToken);
          assert.equal(res.status, 404, JSON.stringify(res.body));
        });

        it('a malformed child id → 404, never 500', async () => {
          for (const bad of ['not-a-uuid', '%00', '1%20OR%201=1', 'x'.repeat(150)]) {
            const x = { ...A };
            for (const k of r.child) x[k] = bad;
            const res = await call(r, x, r.scope === 'organization' ? a.orgToken : a.projectToken);
            assert.ok([400, 404].includes(res.status), `${bad}: ${res.status} ${JSON.stringify(res.body)}`);
          }
        });
      }

      it('a malformed organization or project id → 4xx, never 500', async () => {
        for (const bad of ['not-a-uuid', '%00', "1'--"]) {
          const res = await call(
            r,
            { ...A, organizationId: bad, projectId: bad },
            r.scope === 'organization' ? a.orgToken : a.projectToken,
          );
          // The bearer check compares the path id with the token's first: 403.
          assert.ok([400, 403, 404].includes(res.status), `${bad}: ${res.status}`);
        }
      });
    });
  }

  it("filters naming the other tenant's lock or user find nothing of it", async () => {
    const get = (p: string) => t.call('GET', `/v2/projects/${A.projectId}${p}`, { token: a.projectToken });
    assert.deepEqual((await get(`/keys?lockId=${B.lockId}`)).body.keys, []);
    assert.deepEqual((await get(`/keys?appUserId=${encodeURIComponent(B.appUserId!)}`)).body.keys, []);
    assert.deepEqual((await get(`/sharing-rights?lockId=${B.lockId}`)).body.sharingRights, []);
    const keys = await t.call('POST', `/v2/projects/${A.projectId}/keys`, {
      token: a.projectToken,
      body: { keys: [{ lockId: B.lock, appUserId: '+4712345678' }] },
    });
    assert.equal(keys.status, 400);
    assert.equal(keys.body.invalidParams[0].name, 'keys.0.lockId');
  });

  it("after the whole matrix the other tenant's contents are untouched", async () => {
    const get = (p: string) => t.call('GET', `/v2/projects/${B.projectId}${p}`, { token: b.projectToken });
    const lock = await get(`/locks/${B.lockId}`);
    assert.equal(lock.status, 200);
    assert.equal(lock.body.lock.name, 'Front door');
    assert.equal((await get(`/keys/${B.keyId}`)).body.key.state, 'active');
    const mu = await get(`/managed-users/${encodeURIComponent(B.appUserId!)}`);
    assert.equal(mu.status, 200);
    assert.equal(mu.body.managedUser.firstName, null);
    assert.equal((await get(`/sharing-rights?lockId=${B.lockId}`)).body.sharingRights.length, 1);
    const perms = await t.call(
      'GET',
      `/v2/organization/${B.organizationId}/projects/${B.projectId}/api-permissions`,
      {
        token: b.orgToken,
      },
    );
    assert.equal(perms.body.apiPermissions.length, 1);
  });
});
