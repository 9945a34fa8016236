// Sharing rights. Revoking a right revokes the keys shared under it (keys.sharing_right_id), in the
// caller's transaction.
import type { Queryable, Tx } from '../../db/db.ts';
import { keysetRows } from '../../db/keyset.ts';
import { uuidv7 } from '../../ids.ts';
import { keyRevokeWhere } from '../keys/queries.ts';
import { SHARING_RIGHT_COLUMNS, type SharingRightRow } from './present.ts';

export interface SharingRightFilter {
  appUserId?: string;
  lockId?: string;
}

export function sharingRightList(
  db: Queryable,
  projectId: string,
  f: SharingRightFilter & { includeRevoked?: boolean },
  limit: number,
  startAfterId?: string,
) {
  return keysetRows<SharingRightRow>(
    db,
    {
      select: `SELECT ${SHARING_RIGHT_COLUMNS} FROM sharing_rights`,
      where: `project_id = $1 AND ($2::text IS NULL OR app_user_id = $2) AND ($3::uuid IS NULL OR lock_id = $3)
        AND ($4 OR revoked IS NULL)`,
      params: [projectId, f.appUserId ?? null, f.lockId ?? null, f.includeRevoked ?? false],
    },
    limit,
    startAfterId,
  );
}

/** Which of the (lock, phone) pairs already hold an active right, as "lockId|appUserId". */
export async function sharingRightsActive(
  tx: Tx,
  projectId: string,
  pairs: { lockId: string; appUserId: string }[],
) {
  const { rows } = await tx.query<{ lock_id: string; app_user_id: string }>(
    `SELECT s.lock_id, s.app_user_id FROM sharing_rights s
       JOIN unnest($2::uuid[], $3::text[]) AS t(lock_id, app_user_id)
         ON s.lock_id = t.lock_id AND s.app_user_id = t.app_user_id
      WHERE s.project_id = $1 AND s.revoked IS NULL`,
    [projectId, pairs.map((p) => p.lockId), pairs.map((p) => p.appUserId)],
  );
  return new Set(rows.map((r) => `${r.lock_id}|${r.app_user_id}`));
}

export async function sharingRightInsertMany(
  tx: Tx,
  projectId: string,
  pairs: { lockId: string; appUserId: string }[],
) {
  const ids = pairs.map(() => uuidv7()).sort();
  const { rows } = await tx.query<SharingRightRow>(
    `INSERT INTO sharing_rights (id, project_id, lock_id, app_user_id)
     SELECT t.id, $1, t.lock_id, t.app_user_id FROM unnest($2::uuid[], $3::uuid[], $4::text[]) AS t(id, lock_id, app_user_id)
     RETURNING ${SHARING_RIGHT_COLUMNS}`,
    [projectId, ids, pairs.map((p) => p.lockId), pairs.map((p) => p.appUserId)],
  );
  return rows.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Revokes the active rights matching the filter and the keys shared under them; returns both ids. */
export async function sharingRightRevokeWhere(
  tx: Tx,
  projectId: string,
  f: SharingRightFilter,
): Promise<{ rights: string[]; keys: string[] }> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE sharing_rights SET revoked = now()
      WHERE project_id = $1 AND ($2::text IS NULL OR app_user_id = $2) AND ($3::uuid IS NULL OR lock_id = $3)
        AND revoked IS NULL
      RETURNING id`,
    [projectId, f.appUserId ?? null, f.lockId ?? null],
  );
  const rights = rows.map((r) => r.id);
  const keys = rights.length > 0 ? await keyRevokeWhere(tx, projectId, { sharingRightIds: rights }) : [];
  return { rights, keys };
}
