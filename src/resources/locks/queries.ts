// Lock queries. Every one filters on project_id (tenancy in the SQL) and hides offboarded locks
// (`deleted IS NOT NULL`): their rows stay so that their access events keep a lock to point to.

import type { Queryable, Tx } from '../../db/db.ts';
import { keysetListOf } from '../../db/keyset.ts';
import type { InvalidParam } from '../../http/errors.ts';
import { uuidv7 } from '../../ids.ts';
import { keyRevokeWhere } from '../keys/queries.ts';
import { LOCK_COLUMNS, type LockRow } from './present.ts';

/** The hot path of GET .../locks/{id}: one primary-key lookup. */
export async function lockFindById(db: Queryable, projectId: string, lockId: string) {
  const { rows } = await db.query<LockRow>(
    `SELECT ${LOCK_COLUMNS} FROM locks WHERE id = $1 AND project_id = $2 AND deleted IS NULL`,
    [lockId, projectId],
  );
  return rows[0];
}

/** lockList(db, projectId, limit, startAfterId?): the project's live locks, keyset-paged. */
export const lockList = keysetListOf<LockRow>({
  select: `SELECT ${LOCK_COLUMNS} FROM locks`,
  where: 'project_id = $1 AND deleted IS NULL',
});

/** Which of `lockIds` are live locks of the project (for batch validation). */
export async function lockIdsExisting(db: Queryable, projectId: string, lockIds: string[], forShare = false) {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM locks WHERE project_id = $1 AND id = ANY($2::uuid[]) AND deleted IS NULL${forShare ? ' FOR SHARE' : ''}`,
    [projectId, [...new Set(lockIds)]],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Batch creation (keys, sharing rights): `<arrayName>.<i>.lockId` for each item, but the `malformed`
 * ones (already reported), whose lock is not a live lock of the project; another project's lock is
 * answered exactly like an unknown one. The locks found are held FOR SHARE until the transaction
 * ends, so a lock offboarded meanwhile gets nothing new.
 */
export async function batchLockProblems(
  tx: Tx,
  projectId: string,
  arrayName: string,
  items: readonly { lockId: string }[],
  malformed: ReadonlySet<number>,
): Promise<InvalidParam[]> {
  const wellFormed = items.filter((_, i) => !malformed.has(i));
  const locks = await lockIdsExisting(
    tx,
    projectId,
    wellFormed.map((item) => item.lockId),
    true,
  );
  return items.flatMap((item, i) =>
    !malformed.has(i) && !locks.has(item.lockId)
      ? [{ name: `${arrayName}.${i}.lockId`, reason: 'is not a lock of this project' }]
      : [],
  );
}

export interface LockInput {
  name: string;
  timezone?: string;
  address?: string;
  metadata?: Record<string, string>;
}

/** Inserts a lock; without a time zone it takes the project's, else UTC. */
export async function lockInsert(db: Queryable, projectId: string, input: LockInput) {
  const { rows } = await db.query<LockRow>(
    `INSERT INTO locks (id, project_id, name, timezone, address, metadata)
     SELECT $1, p.id, $3, COALESCE($4, p.timezone, 'UTC'), $5, $6 FROM projects p WHERE p.id = $2
     RETURNING ${LOCK_COLUMNS}`,
    [
      uuidv7(),
      projectId,
      input.name,
      input.timezone ?? null,
      input.address ?? null,
      JSON.stringify(input.metadata ?? {}),
    ],
  );
  return rows[0];
}

export async function lockFindForUpdate(tx: Tx, projectId: string, lockId: string) {
  const { rows } = await tx.query<LockRow>(
    `SELECT ${LOCK_COLUMNS} FROM locks WHERE id = $1 AND project_id = $2 AND deleted IS NULL FOR UPDATE`,
    [lockId, projectId],
  );
  return rows[0];
}

export async function lockUpdate(
  tx: Tx,
  projectId: string,
  lockId: string,
  v: { name: string; timezone: string; address: string | null; metadata: Record<string, string> },
) {
  const { rows } = await tx.query<LockRow>(
    `UPDATE locks SET name = $3, timezone = $4, address = $5, metadata = $6
      WHERE id = $1 AND project_id = $2 AND deleted IS NULL RETURNING ${LOCK_COLUMNS}`,
    [lockId, projectId, v.name, v.timezone, v.address, JSON.stringify(v.metadata)],
  );
  return rows[0];
}

/**
 * Offboards a lock in the caller's transaction: the row is soft-deleted (its access events stay
 * readable), its keys and sharing rights are revoked, its webhooks removed (deliveries cascade).
 * Returns what it revoked and removed; undefined when there is no such live lock.
 */
export async function lockOffboard(
  tx: Tx,
  projectId: string,
  lockId: string,
): Promise<{ keys: string[]; sharingRights: string[]; webhooks: string[] } | undefined> {
  const r = await tx.query(
    'UPDATE locks SET deleted = now() WHERE id = $1 AND project_id = $2 AND deleted IS NULL',
    [lockId, projectId],
  );
  if (r.rowCount === 0) return undefined;
  const ids = async (sql: string) =>
    (await tx.query<{ id: string }>(sql, [projectId, lockId])).rows.map((x) => x.id);
  // The keys are announced (key.revoked) before the lock's webhooks go.
  const keys = await keyRevokeWhere(tx, projectId, { lockId });
  return {
    keys,
    sharingRights: await ids(
      'UPDATE sharing_rights SET revoked = now() WHERE project_id = $1 AND lock_id = $2 AND revoked IS NULL RETURNING id',
    ),
    webhooks: await ids('DELETE FROM webhooks WHERE project_id = $1 AND lock_id = $2 RETURNING id'),
  };
}
