// Operator actions (admin API and `latchkey admin ...`): organizations, API clients, grants.

import { grantRemove, grantsChange, grantUpsert } from '../../auth/grants.ts';
import type { ClientStatusCache } from '../../auth/revocation.ts';
import { type ResourceType, SCOPES_BY_RESOURCE } from '../../auth/scopes.ts';
import type { Keyring } from '../../crypto/master-key.ts';
import { CLIENT_SECRET_PREFIX, generateSecret, hashSecret } from '../../crypto/secrets.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { keysetRows } from '../../db/keyset.ts';
import { badRequest, found, notFound } from '../../http/errors.ts';
import { uuidv7 } from '../../ids.ts';

export interface Organization {
  id: string;
  name: string;
  created: Date;
}

export interface ApiClient {
  id: string;
  name: string;
  organizationId: string;
  created: Date;
}

export interface Grant {
  clientId: string;
  resourceType: ResourceType;
  resourceId: string;
  scope: string;
  created: Date;
}

/** What grantsChange needs: the store and this process's client + grant cache. */
type GrantCtx = { db: Db; clientStatus: ClientStatusCache };

export async function organizationCreate(db: Queryable, name: string): Promise<Organization> {
  const { rows } = await db.query<Organization>(
    'INSERT INTO organizations (id, name) VALUES ($1, $2) RETURNING id, name, created',
    [uuidv7(), name],
  );
  return rows[0]!;
}

/** Creates a client holding organization.admin on its organization; the secret is returned once. */
export async function clientCreate(
  db: Db,
  keyring: Keyring,
  organizationId: string,
  name: string,
): Promise<{ client: ApiClient; clientSecret: string }> {
  const clientSecret = generateSecret(CLIENT_SECRET_PREFIX);
  const id = uuidv7();
  const client = await db.transaction(async (tx) => {
    const org = await tx.query('SELECT 1 FROM organizations WHERE id = $1', [organizationId]);
    if (org.rowCount === 0) throw notFound('organization');
    const { rows } = await tx.query<{ id: string; name: string; organization_id: string; created: Date }>(
      `INSERT INTO api_clients (id, organization_id, name, secret_hash) VALUES ($1, $2, $3, $4)
       RETURNING id, name, organization_id, created`,
      [id, organizationId, name, hashSecret(keyring.pepper, clientSecret)],
    );
    await grantUpsert(tx, id, 'organization', organizationId, 'organization.admin');
    const r = rows[0]!;
    return { id: r.id, name: r.name, organizationId: r.organization_id, created: r.created };
  });
  return { client, clientSecret };
}

export async function clientDelete(ctx: GrantCtx, clientId: string): Promise<void> {
  const r = await grantsChange(ctx, (tx) => tx.query('DELETE FROM api_clients WHERE id = $1', [clientId]));
  if (r.rowCount === 0) throw notFound('client');
}

/** New secret; the generation bump makes every token issued under the old one invalid. */
export async function clientRotateSecret(
  ctx: GrantCtx & { keyring: Keyring },
  clientId: string,
): Promise<string> {
  const clientSecret = generateSecret(CLIENT_SECRET_PREFIX);
  const r = await grantsChange(ctx, (tx) =>
    tx.query('UPDATE api_clients SET secret_hash = $2, generation = generation + 1 WHERE id = $1', [
      clientId,
      hashSecret(ctx.keyring.pepper, clientSecret),
    ]),
  );
  if (r.rowCount === 0) throw notFound('client');
  return clientSecret;
}

export async function clientFindById(
  db: Queryable,
  clientId: string,
): Promise<Omit<ApiClient, 'created'> | undefined> {
  // FOR KEY SHARE: the callers insert a grant that references the client in the same transaction;
  // a delete of the client waits for it, so the insert never meets a vanished client (a 500).
  const { rows } = await db.query<{ id: string; name: string; organization_id: string }>(
    'SELECT id, name, organization_id FROM api_clients WHERE id = $1 FOR KEY SHARE',
    [clientId],
  );
  const r = rows[0];
  return r && { id: r.id, name: r.name, organizationId: r.organization_id };
}

export async function grantPut(
  ctx: GrantCtx,
  clientId: string,
  resourceType: ResourceType,
  resourceId: string,
  scope: string,
): Promise<Grant> {
  if (!(SCOPES_BY_RESOURCE[resourceType] as readonly string[]).includes(scope)) {
    throw badRequest(`scope ${scope} does not apply to a ${resourceType}`, [
      { name: 'scope', reason: `must be one of: ${SCOPES_BY_RESOURCE[resourceType].join(', ')}` },
    ]);
  }
  return grantsChange(ctx, async (tx) => {
    await found('client', clientFindById(tx, clientId));
    const table = resourceType === 'organization' ? 'organizations' : 'projects';
    const res = await tx.query(`SELECT 1 FROM ${table} WHERE id = $1`, [resourceId]);
    if (res.rowCount === 0)
      throw badRequest(`${resourceType} ${resourceId} does not exist`, [
        { name: 'resourceId', reason: `no such ${resourceType}` },
      ]);
    const created = await grantUpsert(tx, clientId, resourceType, resourceId, scope);
    return { clientId, resourceType, resourceId, scope, created };
  });
}

export async function grantDelete(ctx: GrantCtx, clientId: string, resourceId: string): Promise<void> {
  await found(
    'grant',
    grantsChange(ctx, (tx) => grantRemove(tx, clientId, resourceId)),
  );
}

/** Organizations in creation order, keyset-paged (limit + 1 rows: see db/keyset.ts). */
export function organizationList(
  db: Queryable,
  limit: number,
  startAfterId?: string,
): Promise<Organization[]> {
  return keysetRows<Organization>(
    db,
    { select: 'SELECT id, name, created FROM organizations' },
    limit,
    startAfterId,
  );
}

/** The organization's API clients (never a secret or its hash); 404 for an unknown organization. */
export async function clientList(db: Queryable, organizationId: string): Promise<ApiClient[]> {
  const { rows } = await db.query<{
    id: string | null;
    name: string;
    organization_id: string;
    created: Date;
  }>(
    `SELECT c.id, c.name, o.id AS organization_id, c.created
       FROM organizations o LEFT JOIN api_clients c ON c.organization_id = o.id
      WHERE o.id = $1 ORDER BY c.id`,
    [organizationId],
  );
  if (rows.length === 0) throw notFound('organization');
  return rows
    .filter((r) => r.id !== null)
    .map((r) => ({ id: r.id!, name: r.name, organizationId: r.organization_id, created: r.created }));
}

/** The client's grants (what resource discovery shows it); 404 for an unknown client. */
export async function grantList(
  db: Queryable,
  clientId: string,
): Promise<Pick<Grant, 'resourceType' | 'resourceId' | 'scope'>[]> {
  const { rows } = await db.query<{
    resource_type: Grant['resourceType'] | null;
    resource_id: string;
    scope: string;
  }>(
    `SELECT g.resource_type, g.resource_id, g.scope
       FROM api_clients c LEFT JOIN grants g ON g.client_id = c.id
      WHERE c.id = $1 ORDER BY g.created, g.resource_id`,
    [clientId],
  );
  if (rows.length === 0) throw notFound('client');
  return rows
    .filter((r) => r.resource_type !== null)
    .map((r) => ({ resourceType: r.resource_type!, resourceId: r.resource_id, scope: r.scope }));
}
