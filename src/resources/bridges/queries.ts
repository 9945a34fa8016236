// Bridge rows. Tenancy: an organization sees its own bridges and the service's own (local) bridge,
// which serves every organization; another organization's bridge is not found.
import type { Queryable } from '../../db/db.ts';
import { keysetListOf } from '../../db/keyset.ts';
import { uuidv7 } from '../../ids.ts';
import { BRIDGE_COLUMNS, type BridgeRow } from './present.ts';

const VISIBLE = '(organization_id = $1 OR organization_id IS NULL)';

export const bridgeList = keysetListOf<BridgeRow>({
  select: `SELECT ${BRIDGE_COLUMNS} FROM bridges`,
  where: VISIBLE,
});

export async function bridgeFind(db: Queryable, organizationId: string, bridgeId: string) {
  const { rows } = await db.query<BridgeRow>(
    `SELECT ${BRIDGE_COLUMNS} FROM bridges WHERE ${VISIBLE} AND id = $2`,
    [organizationId, bridgeId],
  );
  return rows[0];
}

/** The bridges an organization may connect a lock through (its own and the local one). */
export async function bridgesUsable(db: Queryable, organizationId: string): Promise<BridgeRow[]> {
  const { rows } = await db.query<BridgeRow>(
    `SELECT ${BRIDGE_COLUMNS} FROM bridges WHERE ${VISIBLE} ORDER BY id LIMIT 2`,
    [organizationId],
  );
  return rows;
}

export async function bridgeInsert(db: Queryable, organizationId: string, name: string, tokenHash: Buffer) {
  const { rows } = await db.query<BridgeRow>(
    `INSERT INTO bridges (id, organization_id, name, token_hash) SELECT $1, o.id, $3, $4
       FROM organizations o WHERE o.id = $2 RETURNING ${BRIDGE_COLUMNS}`,
    [uuidv7(), organizationId, name, tokenHash],
  );
  return rows[0];
}

/** Replaces the token of an organization's own bridge; the old one stops working at once. */
export async function bridgeSetToken(
  db: Queryable,
  organizationId: string,
  bridgeId: string,
  tokenHash: Buffer,
) {
  const { rows } = await db.query<BridgeRow>(
    `UPDATE bridges SET token_hash = $3, lease_until = NULL, instance_id = NULL
      WHERE organization_id = $1 AND id = $2 RETURNING ${BRIDGE_COLUMNS}`,
    [organizationId, bridgeId, tokenHash],
  );
  return rows[0];
}

export async function bridgeDelete(db: Queryable, organizationId: string, bridgeId: string) {
  const r = await db.query('DELETE FROM bridges WHERE organization_id = $1 AND id = $2', [
    organizationId,
    bridgeId,
  ]);
  return r.rowCount > 0;
}

/** The bridge a token belongs to (the token's HMAC is unique), or undefined. */
export async function bridgeByTokenHash(db: Queryable, tokenHash: Buffer) {
  const { rows } = await db.query<BridgeRow>(`SELECT ${BRIDGE_COLUMNS} FROM bridges WHERE token_hash = $1`, [
    tokenHash,
  ]);
  return rows[0];
}

/** The service's own bridge, made on first use (LATCHKEY_BRIDGE=local). */
export async function bridgeLocalEnsure(db: Queryable): Promise<BridgeRow> {
  await db.query(
    `INSERT INTO bridges (id, organization_id, name) VALUES ($1, NULL, 'local')
     ON CONFLICT ((organization_id IS NULL)) WHERE organization_id IS NULL DO NOTHING`,
    [uuidv7()],
  );
  const { rows } = await db.query<BridgeRow>(
    `SELECT ${BRIDGE_COLUMNS} FROM bridges WHERE organization_id IS NULL`,
  );
  return rows[0]!;
}
