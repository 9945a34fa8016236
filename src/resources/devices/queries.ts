// The app user's devices. Every query is scoped by the caller's phone: another user's device is
// never read or touched here (it is simply not found).
import type { P256PublicJwk } from '../../credentials/jwk.ts';
import type { Queryable, Tx } from '../../db/db.ts';
import { uuidv7 } from '../../ids.ts';
import { DEVICE_COLUMNS, type DeviceRow } from './present.ts';

export type DeviceInsertResult = { device: DeviceRow } | { full: true } | { duplicate: DeviceRow };

/**
 * Registers a device unless the user already has `max` devices or this very key. The per-user
 * advisory lock makes the count and the insert one step for concurrent registrations (on any
 * process), so six at once still leave five.
 */
export async function deviceInsert(
  tx: Tx,
  appUserId: string,
  d: { name: string | null; publicKey: P256PublicJwk; thumbprint: string },
  max: number,
): Promise<DeviceInsertResult> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('app-devices:' || $1, 0))", [appUserId]);
  const { rows } = await tx.query<DeviceRow>(
    `SELECT ${DEVICE_COLUMNS} FROM app_devices WHERE app_user_id = $1 ORDER BY id`,
    [appUserId],
  );
  const same = rows.find((r) => r.thumbprint === d.thumbprint);
  if (same) return { duplicate: same };
  if (rows.length >= max) return { full: true };
  const jwk = { kty: 'EC', crv: 'P-256', x: d.publicKey.x, y: d.publicKey.y };
  const inserted = await tx.query<DeviceRow>(
    `INSERT INTO app_devices (id, app_user_id, name, public_jwk, thumbprint)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${DEVICE_COLUMNS}`,
    [uuidv7(), appUserId, d.name, JSON.stringify(jwk), d.thumbprint],
  );
  return { device: inserted.rows[0]! };
}

export async function deviceList(db: Queryable, appUserId: string): Promise<DeviceRow[]> {
  const { rows } = await db.query<DeviceRow>(
    `SELECT ${DEVICE_COLUMNS} FROM app_devices WHERE app_user_id = $1 ORDER BY id`,
    [appUserId],
  );
  return rows;
}

/** The caller's device, or undefined (none, deleted, or another user's). */
export async function deviceFind(
  db: Queryable,
  appUserId: string,
  deviceId: string,
): Promise<DeviceRow | undefined> {
  const { rows } = await db.query<DeviceRow>(
    `SELECT ${DEVICE_COLUMNS} FROM app_devices WHERE id = $1 AND app_user_id = $2`,
    [deviceId, appUserId],
  );
  return rows[0];
}

/** Deletes the caller's device; false when there was none of theirs. */
export async function deviceDelete(db: Queryable, appUserId: string, deviceId: string): Promise<boolean> {
  const r = await db.query('DELETE FROM app_devices WHERE id = $1 AND app_user_id = $2', [
    deviceId,
    appUserId,
  ]);
  return r.rowCount > 0;
}
