// The organization and the API permissions on its projects (grants held by clients of any
// organization). Grant writes clear the revocation cache (src/auth/grants.ts).
import type { Queryable } from '../../db/db.ts';
import { notFound } from '../../http/errors.ts';

export interface OrganizationRow {
  id: string;
  name: string;
  created: Date;
}

export async function organizationFindById(
  db: Queryable,
  organizationId: string,
): Promise<OrganizationRow | undefined> {
  const { rows } = await db.query<OrganizationRow>(
    'SELECT id, name, created FROM organizations WHERE id = $1',
    [organizationId],
  );
  return rows[0];
}

/** 404 unless the project belongs to the organization. */
export async function projectOfOrganization(db: Queryable, organizationId: string, projectId: string) {
  const r = await db.query('SELECT 1 FROM projects WHERE id = $1 AND organization_id = $2', [
    projectId,
    organizationId,
  ]);
  if (r.rowCount === 0) throw notFound('project');
}

export interface ApiPermissionRow {
  client_id: string;
  name: string;
  organization_id: string;
  scope: string;
  created: Date;
}

export async function apiPermissionList(db: Queryable, projectId: string): Promise<ApiPermissionRow[]> {
  const { rows } = await db.query<ApiPermissionRow>(
    `SELECT g.client_id, c.name, c.organization_id, g.scope, g.created FROM grants g
       JOIN api_clients c ON c.id = g.client_id
      WHERE g.resource_id = $1 ORDER BY g.client_id LIMIT 1000`,
    [projectId],
  );
  return rows;
}

/**
 * A grant as the project's organization sees it. A client of another organization is named by the
 * id the caller typed, nothing more: its name and its organization are that organization's to tell
 * (else any client id would reveal them to whoever grants it a scope).
 */
export function presentApiPermission(r: ApiPermissionRow, callerOrganizationId: string) {
  if (r.organization_id !== callerOrganizationId)
    return { clientId: r.client_id, scope: r.scope, created: r.created.toISOString() };
  return {
    clientId: r.client_id,
    clientName: r.name,
    organizationId: r.organization_id,
    scope: r.scope,
    created: r.created.toISOString(),
  };
}
