// Issuing a credential: the caller's key, on its lock, bound to one of the caller's devices, signed
// by the project's issuer key, carrying the lock's revocation list (src/credentials/mint.ts makes
// it). Only live keys of `integrator` or `shared` origin on live locks get one.

import type { AppContext } from '../../context.ts';
import { CredentialError, mintCredential } from '../../credentials/mint.ts';
import { credentialValidity } from '../../credentials/validity.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Recurrence } from '../../time/recurrence.ts';
import { deviceCredentialFetched } from '../devices/queries.ts';
import { issuerSigningKey } from './issuer-keys.ts';
import { lockRevocationList } from './revocation-queries.ts';

/** Key origins whose keys a phone carries to the door. */
const OFFLINE_ORIGINS = new Set(['integrator', 'shared']);

interface KeyForCredential {
  id: string;
  project_id: string;
  lock_id: string;
  app_user_id: string;
  origin: string;
  starts: Date;
  ends: Date | null;
  recurrence: Recurrence | null;
  revoked: Date | null;
  timezone: string;
  lock_deleted: Date | null;
  thumbprint: string | null;
}

export interface IssuedCredential {
  credential: string;
  expiresAt: string;
  lockId: string;
}

export async function credentialIssue(
  ctx: AppContext,
  appUserId: string,
  keyId: string,
  deviceId: string,
  now = new Date(),
): Promise<IssuedCredential> {
  const { rows } = await ctx.db.query<KeyForCredential>(
    `SELECT k.id, k.project_id, k.lock_id, k.app_user_id, k.origin, k.starts, k.ends, k.recurrence, k.revoked,
            l.timezone, l.deleted AS lock_deleted, d.thumbprint
       FROM keys k JOIN locks l ON l.id = k.lock_id AND l.project_id = k.project_id
       LEFT JOIN app_devices d ON d.id = $3 AND d.app_user_id = k.app_user_id
      WHERE k.id = $1 AND k.app_user_id = $2`,
    [keyId, appUserId, deviceId],
  );
  const key = rows[0];
  if (!key) throw notFound('key');
  if (key.revoked || key.lock_deleted) throw conflict('the key was revoked: it gets no credential');
  if (!OFFLINE_ORIGINS.has(key.origin)) throw conflict('this key is not one a phone carries to the door');
  if (key.thumbprint === null)
    throw conflict(
      'no such device of yours: register it with POST /v2/app/devices (a deleted device gets no credential)',
    );
  const issuerKey = await issuerSigningKey(ctx.db, ctx.keyring, ctx.issuerPrivateKeys, key.project_id);
  if (!issuerKey) throw notFound('key');
  const ttlHours = ctx.config.credentialTtlHours;
  const revocation = await lockRevocationList(ctx.db, key.lock_id, ttlHours, now);
  let credential: string;
  try {
    credential = await mintCredential({
      issuer: ctx.config.publicUrl,
      key: {
        id: key.id,
        appUserId: key.app_user_id,
        start: key.starts,
        end: key.ends,
        recurrence: key.recurrence,
      },
      lock: { id: key.lock_id, timezone: key.timezone },
      device: { thumbprint: key.thumbprint },
      issuerKey,
      revocation,
      now,
      ttlHours,
    });
  } catch (e) {
    if (e instanceof CredentialError) throw conflict(e.message);
    throw e;
  }
  // The credential's own exp (minting succeeded, so the rule gives one).
  const { exp } = credentialValidity({ start: key.starts, end: key.ends }, now, ttlHours) as { exp: number };
  await deviceCredentialFetched(ctx.db, deviceId, key.project_id, now);
  return { credential, expiresAt: new Date(exp * 1000).toISOString(), lockId: key.lock_id };
}
