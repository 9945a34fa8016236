// A lock's revocation list as it is now. The triggers of migration 0022 keep its version and its
// revoked keys in the transaction of each revocation; this reads them and leaves the shaping (which
// ids are still listed, `before` when there are too many) to revocationList.

import type { RevocationList } from '../../../verifier/typescript/src/lock-state.ts';
import { type RevokedKey, revocationList } from '../../credentials/revocation.ts';
import type { Queryable } from '../../db/db.ts';

export async function lockRevocationList(
  db: Queryable,
  lockId: string,
  ttlHours: number,
  now = new Date(),
): Promise<RevocationList> {
  const { rows } = await db.query<{ v: number | null; revoked: { k: string; t: number }[] | null }>(
    `SELECT (SELECT v FROM lock_revocation_versions WHERE lock_id = $1) AS v,
            (SELECT json_agg(json_build_object('k', key_id, 't', extract(epoch FROM revoked_at) * 1000))
               FROM lock_revoked_keys
              WHERE lock_id = $1 AND revoked_at > $2::timestamptz - make_interval(hours => $3)) AS revoked`,
    [lockId, now, ttlHours],
  );
  const revoked: RevokedKey[] = (rows[0]?.revoked ?? []).map((r) => ({
    keyId: r.k,
    revokedAt: new Date(r.t),
  }));
  return revocationList({ v: Number(rows[0]?.v ?? 0), revoked, now, ttlHours });
}
