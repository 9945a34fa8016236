// A lock's revocation list { v, keys, before? }, as every credential for the lock carries it.
// `keys` holds the lock's revoked keys whose credentials may still be unexpired: a credential is
// made before its key is revoked and lives at most the credential lifetime, so a key revoked more
// than one lifetime ago leaves the list. When more keys than a list holds were revoked within one
// lifetime, the oldest of them are covered by `before` instead: every credential for the lock
// issued before it is refused, and phones whose credentials it catches simply fetch new ones.
// `v` is the caller's: it must grow each time a key of the lock is revoked (a lock keeps the list
// with the highest v it has seen, and a list that does not grow is never adopted).
import { LIMITS } from '../../verifier/typescript/src/limits.ts';
import type { RevocationList } from '../../verifier/typescript/src/lock-state.ts';

export interface RevokedKey {
  keyId: string;
  revokedAt: Date;
}

export function revocationList(input: {
  v: number;
  revoked: readonly RevokedKey[];
  now: Date;
  /** The longest credential lifetime in force over the last lifetime, in hours. */
  ttlHours: number;
}): RevocationList {
  if (!Number.isSafeInteger(input.v) || input.v < 0) throw new RangeError('v is a whole number');
  const since = input.now.getTime() - input.ttlHours * 3_600_000;
  const live = input.revoked
    .filter((r) => r.revokedAt.getTime() > since)
    .sort((a, b) => b.revokedAt.getTime() - a.revokedAt.getTime() || (a.keyId < b.keyId ? -1 : 1));
  if (live.length <= LIMITS.revokedKeys) return { v: input.v, keys: live.map((r) => r.keyId) };
  const kept = live.slice(0, LIMITS.revokedKeys);
  // Credentials of a key were issued no later than its revocation (iat rounds down), so `before`
  // one second after the newest of the rest covers them all.
  const before = Math.floor(live[LIMITS.revokedKeys]!.revokedAt.getTime() / 1000) + 1;
  return { v: input.v, keys: kept.map((r) => r.keyId), before };
}
