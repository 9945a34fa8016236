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

/**
 * Notes that the device fetched a credential for a key of the project. Written at most once a
 * minute per device and project: a phone refreshing all its keys at once writes once, and the
 * console shows the time to the minute anyway.
 */
export async function deviceCredentialFetched(
  db: Queryable,
  deviceId: string,
  projectId: string,
  at: Date,
): Promise<void> {
  try {
    await db.query(
      `INSERT INTO app_device_credential_fetches AS f (device_id, project_id, last_at)
       SELECT id, $2, $3 FROM app_devices WHERE id = $1
       ON CONFLICT (device_id, project_id) DO UPDATE SET last_at = excluded.last_at
        WHERE f.last_at < excluded.last_at - interval '1 minute'`,
      [deviceId, projectId, at],
    );
  } catch (e) {
    // The device (or the project) was deleted since the credential was made: nothing to note, and
    // the credential already made is not worth a failure.
    if ((e as { code?: string }).code !== '23503') throw e;
  }
}

/**
 * Is the app user one of the project's people: a managed user of it, or holding a key or a sharing
 * right in it that is not revoked? Only then may the project see the person's devices; for anyone
 * else (a phone of another tenant's, or someone whose keys here were all revoked) it is not found.
 */
export async function appUserInProject(
  db: Queryable,
  projectId: string,
  appUserId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 WHERE EXISTS (SELECT 1 FROM managed_users WHERE project_id = $1 AND app_user_id = $2)
        OR EXISTS (SELECT 1 FROM keys WHERE project_id = $1 AND app_user_id = $2 AND revoked IS NULL)
        OR EXISTS (SELECT 1 FROM sharing_rights WHERE project_id = $1 AND app_user_id = $2 AND revoked IS NULL)`,
    [projectId, appUserId],
  );
  return rows.length > 0;
}

export interface ProjectDeviceRow extends DeviceRow {
  last_credential_at: Date | null;
}

/** The app user's devices, oldest first, each with when it last fetched a credential of this project. */
export async function deviceListForProject(
  db: Queryable,
  projectId: string,
  appUserId: string,
): Promise<ProjectDeviceRow[]> {
  const { rows } = await db.query<ProjectDeviceRow>(
    `SELECT d.id, d.app_user_id, d.name, d.thumbprint, d.created, f.last_at AS last_credential_at
       FROM app_devices d
       LEFT JOIN app_device_credential_fetches f ON f.device_id = d.id AND f.project_id = $1
      WHERE d.app_user_id = $2
      ORDER BY d.id`,
    [projectId, appUserId],
  );
  return rows;
}
