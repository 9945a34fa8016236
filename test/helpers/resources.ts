// Builders for the contents of a project (locks, keys, sharing rights) through the public API,
// and row counts to prove that a refused request wrote nothing.
import assert from 'node:assert/strict';
import { ADMIN_TOKEN, type TestApp } from './app.ts';
import { getToken, type Tenant } from './factories.ts';

export const phone = (i: number) => `+4790${String(i).padStart(6, '0')}`;

export async function createLock(t: TestApp, a: Tenant, body: Record<string, unknown> = {}) {
  const r = await t.call('POST', `/v2/projects/${a.projectId}/locks`, {
    token: a.projectToken,
    body: { name: 'Front door', ...body },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.lock as { id: string; name: string; timezone: string };
}

export async function createKeys(t: TestApp, a: Tenant, keys: Record<string, unknown>[]) {
  const r = await t.call('POST', `/v2/projects/${a.projectId}/keys`, {
    token: a.projectToken,
    body: { keys },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body).slice(0, 2000));
  return r.body.keys as { id: string; state: string; lockId: string; appUserId: string }[];
}

export async function createSharingRights(
  t: TestApp,
  a: Tenant,
  rights: { lockId: string; appUserId: string }[],
) {
  const r = await t.call('POST', `/v2/projects/${a.projectId}/sharing-rights`, {
    token: a.projectToken,
    body: { sharingRights: rights },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.sharingRights as { id: string; lockId: string; appUserId: string }[];
}

/** A project.installer token for the tenant's own client (project.admin covers installer). */
export function installerToken(t: TestApp, a: Tenant) {
  return getToken(t, {
    client_id: a.clientId,
    client_secret: a.clientSecret,
    scope: 'project.installer',
    project_id: a.projectId,
  });
}

/** An app token for a phone number (admin API), as the mobile app would hold after login. */
export async function appToken(t: TestApp, appUserId: string): Promise<string> {
  const r = await t.call('POST', '/admin/v1/app-tokens', { token: ADMIN_TOKEN, body: { appUserId } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.access_token;
}

/**
 * A key shared from the app, through the app's own endpoint: `sharedBy` shares their key `keyId`
 * (they need an active sharing right on its lock) with `appUserId`. Returns the shared key's id.
 */
export async function shareKey(t: TestApp, o: { keyId: string; sharedBy: string; appUserId: string }) {
  const r = await t.call('POST', `/v2/app/keys/${o.keyId}/share`, {
    token: await appToken(t, o.sharedBy),
    body: { appUserId: o.appUserId },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.key.origin, 'shared');
  return r.body.key.id as string;
}

const TABLES = ['locks', 'managed_users', 'keys', 'sharing_rights', 'webhooks'] as const;

/** Row counts of the project-owned tables (all projects). */
export async function rowCounts(t: TestApp): Promise<Record<(typeof TABLES)[number], number>> {
  const out = {} as Record<(typeof TABLES)[number], number>;
  for (const table of TABLES) {
    const { rows } = await t.store.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    out[table] = rows[0]!.n;
  }
  return out;
}
