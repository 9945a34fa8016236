// The tenant matrix: for every v2 route of the foundation and of the project
// resources, a request without a token is 401, a token of the wrong scope is 403, a token of
// another project or organization is 403 on that path (RFC 6750 insufficient_scope), the other tenant's ids under
// the caller's own path are 404 (never 403, never 200), and a malformed id is 400/404, never 500.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createTenant, type Tenant } from './helpers/factories.ts';
import { createKeys, createLock, createSharingRights, installerToken, phone } from './helpers/resources.ts';

interface Ids {
  org: string;
  project: string;
  lock: string;
  key: string;
  phone: string; // URL-encoded
  client: string;
}

interface Route {
  method: string;
  path: (x: Ids) => string;
  body?: (x: Ids) => unknown;
  scope: 'organization' | 'project.admin' | 'project.installer';
  /** Which ids of the path belong to a child resource (checked with the other tenant's value). */
  child?: (keyof Ids)[];
}

const project = (x: Ids) => `/v2/projects/${x.project}`;
const routes: Route[] = [
  { method: 'GET', path: (x) => `/v2/organization/${x.org}`, scope: 'organization' },
  { method: 'GET', path: (x) => `/v2/organization/${x.org}/projects`, scope: 'organization' },
  {
    method: 'POST',
    path: (x) => `/v2/organization/${x.org}/projects`,
    body: () => ({ name: 'P' }),
    scope: 'organization',
  },
  {
    method: 'GET',
    path: (x) => `/v2/organization/${x.org}/projects/${x.project}/api-permissions`,
    scope: 'organization',
    child: ['project'],
  },
  {
    method: 'PUT',
    path: (x) => `/v2/organization/${x.org}/projects/${x.project}/api-permissions/${x.client}`,
    body: () => ({ scope: 'project.installer' }),
    scope: 'organization',
    child: ['project'],
  },
  {
    method: 'DELETE',
    path: (x) => `/v2/organization/${x.org}/projects/${x.project}/api-permissions/${x.client}`,
    scope: 'organization',
    child: ['project'],
  },
  { method: 'GET', path: project, scope: 'project.admin' },
  {
    method: 'POST',
    path: (x) => `${project(x)}/locks`,
    body: () => ({ name: 'L' }),
    scope: 'project.installer',
  },
  { method: 'GET', path: (x) => `${project(x)}/locks`, scope: 'project.installer' },
  {
    method: 'GET',
    path: (x) => `${project(x)}/locks/${x.lock}`,
    scope: 'project.installer',
    child: ['lock'],
  },
  {
    method: 'PATCH',
    path: (x) => `${project(x)}/locks/${x.lock}`,
    body: () => ({ name: 'renamed' }),
    scope: 'project.admin',
    child: ['lock'],
  },
  { method: 'DELETE', path: (x) => `${project(x)}/locks/${x.lock}`, scope: 'project.admin', child: ['lock'] },
  {
    method: 'POST',
    path: (x) => `${project(x)}/managed-users`,
    body: () => ({ appUserId: '+4712345678' }),
    scope: 'project.admin',
  },
  { method: 'GET', path: (x) => `${project(x)}/managed-users`, scope: 'project.admin' },
  {
    method: 'GET',
    path: (x) => `${project(x)}/managed-users/${x.phone}`,
    scope: 'project.admin',
    child: ['phone'],
  },
  {
    method: 'PATCH',
    path: (x) => `${project(x)}/managed-users/${x.phone}`,
    body: () => ({ firstName: 'Mallory' }),
    scope: 'project.admin',
    child: ['phone'],
  },
  {
    method: 'DELETE',
    path: (x) => `${project(x)}/managed-users/${x.phone}`,
    scope: 'project.admin',
    child: ['phone'],
  },
  {
    method: 'POST',
    path: (x) => `${project(x)}/keys`,
    body: (x) => ({ keys: [{ lockId: x.lock, appUserId: '+4712345678' }] }),
    scope: 'project.admin',
  },
  { method: 'GET', path: (x) => `${project(x)}/keys`, scope: 'project.admin' },
  { method: 'GET', path: (x) => `${project(x)}/keys/${x.key}`, scope: 'project.admin', child: ['key'] },
  { method: 'DELETE', path: (x) => `${project(x)}/keys/${x.key}`, scope: 'project.admin', child: ['key'] },
  { method: 'DELETE', path: (x) => `${project(x)}/keys?lockId=${x.lock}`, scope: 'project.admin' },
  { method: 'DELETE', path: (x) => `${project(x)}/shared-keys?lockId=${x.lock}`, scope: 'project.admin' },
  {
    method: 'POST',
    path: (x) => `${project(x)}/sharing-rights`,
    body: (x) => ({ sharingRights: [{ lockId: x.lock, appUserId: '+4712345678' }] }),
    scope: 'project.admin',
  },
  { method: 'GET', path: (x) => `${project(x)}/sharing-rights`, scope: 'project.admin' },
  { method: 'DELETE', path: (x) => `${project(x)}/sharing-rights?lockId=${x.lock}`, scope: 'project.admin' },
];

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
  return {
    org: tenant.organizationId,
    project: tenant.projectId,
    lock: lock.id,
    key: key!.id,
    phone: encodeURIComponent(phone(who)),
    client: tenant.clientId,
  };
}

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'A');
  b = await createTenant(t, 'B');
  A = await contents(a, 1);
  B = await contents(b, 2);
  aInstaller = await installerToken(t, a);
});
after(() => t.close());

const call = (r: Route, x: Ids, token?: string) => t.call(r.method, r.path(x), { token, body: r.body?.(x) });
const label = (r: Route) =>
  `${r.method} ${r.path({ org: '{org}', project: '{project}', lock: '{lock}', key: '{key}', phone: '{phone}', client: '{client}' })}`;

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

      if (r.child) {
        it("the other tenant's ids under the caller's own path → 404", async () => {
          const x = { ...A };
          for (const k of r.child!) (x as unknown as Record<string, string>)[k] = B[k];
          const res = await call(r, x, r.scope === 'organization' ? a.orgToken : a.projectToken);
          assert.equal(res.status, 404, JSON.stringify(res.body));
        });

        it('a malformed child id → 404, never 500', async () => {
          for (const bad of ['not-a-uuid', '%00', '1%20OR%201=1', 'x'.repeat(150)]) {
            const x = { ...A };
            for (const k of r.child!) (x as unknown as Record<string, string>)[k] = bad;
            const res = await call(r, x, r.scope === 'organization' ? a.orgToken : a.projectToken);
            assert.ok([400, 404].includes(res.status), `${bad}: ${res.status} ${JSON.stringify(res.body)}`);
          }
        });
      }

      it('a malformed organization or project id → 4xx, never 500', async () => {
        for (const bad of ['not-a-uuid', '%00', "1'--"]) {
          const res = await call(
            r,
            { ...A, org: bad, project: bad },
            r.scope === 'organization' ? a.orgToken : a.projectToken,
          );
          // The bearer hook compares the path id with the token's first: 403.
          assert.ok([400, 403, 404].includes(res.status), `${bad}: ${res.status}`);
        }
      });
    });
  }

  it("filters naming the other tenant's lock or user find nothing of it", async () => {
    const get = (p: string) => t.call('GET', `/v2/projects/${A.project}${p}`, { token: a.projectToken });
    assert.deepEqual((await get(`/keys?lockId=${B.lock}`)).body.keys, []);
    assert.deepEqual((await get(`/keys?appUserId=${B.phone}`)).body.keys, []);
    assert.deepEqual((await get(`/sharing-rights?lockId=${B.lock}`)).body.sharingRights, []);
    const keys = await t.call('POST', `/v2/projects/${A.project}/keys`, {
      token: a.projectToken,
      body: { keys: [{ lockId: B.lock, appUserId: '+4712345678' }] },
    });
    assert.equal(keys.status, 400);
    assert.equal(keys.body.invalidParams[0].name, 'keys.0.lockId');
  });

  it("after the whole matrix the other tenant's contents are untouched", async () => {
    const get = (p: string) => t.call('GET', `/v2/projects/${B.project}${p}`, { token: b.projectToken });
    const lock = await get(`/locks/${B.lock}`);
    assert.equal(lock.status, 200);
    assert.equal(lock.body.lock.name, 'Front door');
    assert.equal((await get(`/keys/${B.key}`)).body.key.state, 'active');
    const mu = await get(`/managed-users/${B.phone}`);
    assert.equal(mu.status, 200);
    assert.equal(mu.body.managedUser.firstName, null);
    assert.equal((await get(`/sharing-rights?lockId=${B.lock}`)).body.sharingRights.length, 1);
    const perms = await t.call('GET', `/v2/organization/${B.org}/projects/${B.project}/api-permissions`, {
      token: b.orgToken,
    });
    assert.equal(perms.body.apiPermissions.length, 1);
  });
});
