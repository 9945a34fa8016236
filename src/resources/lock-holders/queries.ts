// SQL of the lock-holder routes. A client reaches a lock holder (project) only through its own
// project.admin grant, so every query of projects joins the caller's grants: lock holders of other
// tenants are never found (404), never reported as forbidden.

import type { LockHolderIdentifier } from '../../auth/v1-scope.ts';
import { LOCK_HOLDER_GRANT } from '../../auth/v1-token-grant.ts';
import type { Queryable, Tx } from '../../db/db.ts';
import type { ProjectRow } from '../projects/present.ts';

const P_COLUMNS =
  'p.id, p.name, p.organization_id, p.country_iso, p.org_number, p.org_number_suffix, p.timezone, p.created, p.metadata';
const REACHABLE = `grants g JOIN projects p ON p.id = g.resource_id
  WHERE g.client_id = $1 AND g.resource_type = 'project' AND g.scope = '${LOCK_HOLDER_GRANT}'`;

/** Keyset page (limit + 1 rows) of the lock holders the client reaches; `onlyId` narrows to one. */
export async function lockHolderListReachable(
  db: Queryable,
  clientId: string,
  limit: number,
  startAfterId?: string,
  onlyId?: string,
): Promise<ProjectRow[]> {
  const { rows } = await db.query<ProjectRow>(
    `SELECT ${P_COLUMNS} FROM ${REACHABLE}
        AND ($2::uuid IS NULL OR g.resource_id > $2) AND ($3::uuid IS NULL OR g.resource_id = $3)
      ORDER BY g.resource_id LIMIT $4`,
    [clientId, startAfterId ?? null, onlyId ?? null, limit + 1],
  );
  return rows;
}

export async function lockHolderFindReachable(
  db: Queryable,
  clientId: string,
  lockHolderId: string,
): Promise<ProjectRow | undefined> {
  const { rows } = await db.query<ProjectRow>(
    `SELECT ${P_COLUMNS} FROM ${REACHABLE} AND g.resource_id = $2`,
    [clientId, lockHolderId],
  );
  return rows[0];
}

/**
 * Serializes the client's lock-holder writes, so the identifier check below cannot race another
 * create or update of the same client (it is the scope of the 409 rule). False: the client is gone.
 */
export async function lockHolderLockClient(tx: Tx, clientId: string): Promise<boolean> {
  const r = await tx.query('SELECT 1 FROM api_clients WHERE id = $1 FOR UPDATE', [clientId]);
  return r.rowCount === 1;
}

/** Is this identifier already used by a lock holder the client reaches (other than `exceptId`)? */
export async function lockHolderIdentifierTaken(
  tx: Tx,
  clientId: string,
  i: LockHolderIdentifier,
  exceptId?: string,
): Promise<boolean> {
  const r = await tx.query(
    `SELECT 1 FROM ${REACHABLE}
        AND p.country_iso = $2 AND p.org_number = $3 AND coalesce(p.org_number_suffix, '') = $4
        AND ($5::uuid IS NULL OR p.id <> $5)
      LIMIT 1`,
    [clientId, i.countryIso, i.orgNumber, i.orgNumberSuffix, exceptId ?? null],
  );
  return (r.rowCount ?? 0) > 0;
}

export interface LockHolderPatch {
  name?: string;
  countryIso?: string;
  organizationId?: string;
  organizationIdSuffix?: string;
}

export async function lockHolderUpdate(tx: Tx, lockHolderId: string, patch: LockHolderPatch) {
  // An organization number without a suffix gets the empty suffix, as projectInsert does.
  const { rows } = await tx.query<ProjectRow>(
    `UPDATE projects p SET name = coalesce($2, p.name), country_iso = coalesce($3, p.country_iso),
            org_number = coalesce($4, p.org_number),
            org_number_suffix = coalesce($5, p.org_number_suffix, CASE WHEN $4::text IS NOT NULL THEN '' END)
      WHERE p.id = $1 RETURNING ${P_COLUMNS}`,
    [
      lockHolderId,
      patch.name ?? null,
      patch.countryIso ?? null,
      patch.organizationId ?? null,
      patch.organizationIdSuffix ?? null,
    ],
  );
  return rows[0]!;
}
