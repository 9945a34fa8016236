// Builders for the contents of a project (locks, keys, sharing rights) through the public API,
// and row counts to prove that a refused request wrote nothing.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { TestApp } from './app.ts';
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

/**
 * A key shared from the app under a sharing right. The app's share endpoint belongs to another
 * module, so the row is written the way it would write it.
 */
export async function insertSharedKey(
  t: TestApp,
  a: Tenant,
  o: { lockId: string; appUserId: string; sharedBy: string; sharingRightId: string },
) {
  const id = randomUUID();
  await t.store.db.query(
    `INSERT INTO keys (id, project_id, lock_id, app_user_id, origin, shared_by, sharing_right_id, starts)
     VALUES ($1, $2, $3, $4, 'shared', $5, $6, now())`,
    [id, a.projectId, o.lockId, o.appUserId, o.sharedBy, o.sharingRightId],
  );
  return id;
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
