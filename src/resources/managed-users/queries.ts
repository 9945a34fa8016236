// Managed users: a project's record of an app user (one per project and phone number).
import type { Queryable, Tx } from '../../db/db.ts';
import { keysetListOf } from '../../db/keyset.ts';
import { uuidv7 } from '../../ids.ts';
import { keyRevokeWhere } from '../keys/queries.ts';
import { sharingRightRevokeWhere } from '../sharing-rights/queries.ts';
import { MANAGED_USER_COLUMNS, type ManagedUserRow } from './present.ts';

export async function managedUserFind(db: Queryable, projectId: string, appUserId: string) {
  const { rows } = await db.query<ManagedUserRow>(
    `SELECT ${MANAGED_USER_COLUMNS} FROM managed_users WHERE project_id = $1 AND app_user_id = $2`,
    [projectId, appUserId],
  );
  return rows[0];
}

/** managedUserList(db, projectId, limit, startAfterId?): the project's managed users, keyset-paged. */
export const managedUserList = keysetListOf<ManagedUserRow>({
  select: `SELECT ${MANAGED_USER_COLUMNS} FROM managed_users`,
  where: 'project_id = $1',
});

export interface ManagedUserInput {
  appUserId: string;
  firstName?: string;
  lastName?: string;
  metadata?: Record<string, string>;
}

/** Inserts one; undefined when the phone number already has a managed user in the project. */
export async function managedUserInsert(db: Queryable, projectId: string, u: ManagedUserInput) {
  const { rows } = await db.query<ManagedUserRow>(
    `INSERT INTO managed_users (id, project_id, app_user_id, first_name, last_name, metadata)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (project_id, app_user_id) DO NOTHING
     RETURNING ${MANAGED_USER_COLUMNS}`,
    [
      uuidv7(),
      projectId,
      u.appUserId,
      u.firstName ?? null,
      u.lastName ?? null,
      JSON.stringify(u.metadata ?? {}),
    ],
  );
  return rows[0];
}

/** Creates the managed users that do not exist yet for these phone numbers (key and right creation). */
export async function managedUsersEnsure(tx: Tx, projectId: string, appUserIds: Iterable<string>) {
  const phones = [...new Set(appUserIds)].sort();
  if (phones.length === 0) return;
  await tx.query(
    `INSERT INTO managed_users (id, project_id, app_user_id)
     SELECT id, $1, phone FROM unnest($2::uuid[], $3::text[]) AS t(id, phone)
     ON CONFLICT (project_id, app_user_id) DO NOTHING`,
    [projectId, phones.map(() => uuidv7()), phones],
  );
}

export async function managedUserFindForUpdate(tx: Tx, projectId: string, appUserId: string) {
  const { rows } = await tx.query<ManagedUserRow>(
    `SELECT ${MANAGED_USER_COLUMNS} FROM managed_users WHERE project_id = $1 AND app_user_id = $2 FOR UPDATE`,
    [projectId, appUserId],
  );
  return rows[0];
}

export async function managedUserUpdate(
  tx: Tx,
  projectId: string,
  appUserId: string,
  v: { firstName: string | null; lastName: string | null; metadata: Record<string, string> },
) {
  const { rows } = await tx.query<ManagedUserRow>(
    `UPDATE managed_users SET first_name = $3, last_name = $4, metadata = $5
      WHERE project_id = $1 AND app_user_id = $2 RETURNING ${MANAGED_USER_COLUMNS}`,
    [projectId, appUserId, v.firstName, v.lastName, JSON.stringify(v.metadata)],
  );
  return rows[0];
}

/**
 * Deletes the managed user and, in the same transaction, revokes every key the person holds in the
 * project (integrator and shared) and the sharing rights they hold, with the keys shared under
 * those rights: a person removed from a project keeps no way in and can hand none out.
 */
export async function managedUserDelete(
  tx: Tx,
  projectId: string,
  appUserId: string,
): Promise<{ keys: string[]; sharingRights: string[] } | undefined> {
  const r = await tx.query('DELETE FROM managed_users WHERE project_id = $1 AND app_user_id = $2', [
    projectId,
    appUserId,
  ]);
  if (r.rowCount === 0) return undefined;
  const keys = await keyRevokeWhere(tx, projectId, { appUserId });
  const rights = await sharingRightRevokeWhere(tx, projectId, { appUserId });
  return { keys: [...keys, ...rights.keys], sharingRights: rights.rights };
}
