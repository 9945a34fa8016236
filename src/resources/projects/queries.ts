import { grantUpsert } from '../../auth/grants.ts';
import type { Queryable, Tx } from '../../db/db.ts';
import { keysetListOf } from '../../db/keyset.ts';
import { uuidv7 } from '../../ids.ts';
import { PROJECT_COLUMNS, type ProjectRow } from './present.ts';

export async function projectFindById(db: Queryable, projectId: string): Promise<ProjectRow | undefined> {
  const { rows } = await db.query<ProjectRow>(`SELECT ${PROJECT_COLUMNS} FROM projects WHERE id = $1`, [
    projectId,
  ]);
  return rows[0];
}

/** projectListByOrganization(db, organizationId, limit, startAfterId?): keyset-paged. */
export const projectListByOrganization = keysetListOf<ProjectRow>({
  select: `SELECT ${PROJECT_COLUMNS} FROM projects`,
  where: 'organization_id = $1',
});

export interface ProjectInput {
  name: string;
  countryIso?: string;
  orgNumber?: string;
  orgNumberSuffix?: string;
  timezone?: string;
  metadata?: Record<string, string>;
  sandbox?: boolean;
}

/**
 * Creates the project and gives the creating client project.admin on it, in the caller's
 * transaction (a grantsChange, since it writes a grant).
 */
export async function projectInsert(tx: Tx, organizationId: string, input: ProjectInput, clientId: string) {
  const id = uuidv7();
  const { rows } = await tx.query<ProjectRow>(
    `INSERT INTO projects (id, organization_id, name, country_iso, org_number, org_number_suffix, timezone, metadata, sandbox)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${PROJECT_COLUMNS}`,
    [
      id,
      organizationId,
      input.name,
      input.countryIso ?? null,
      input.orgNumber ?? null,
      input.orgNumberSuffix ?? (input.orgNumber ? '' : null),
      input.timezone ?? null,
      JSON.stringify(input.metadata ?? {}),
      input.sandbox ?? false,
    ],
  );
  await grantUpsert(tx, clientId, 'project', id, 'project.admin');
  return rows[0]!;
}
