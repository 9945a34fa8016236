// The shape of a vector, the judge that decides time and window outcomes with the service's own
// rules (src/time/recurrence.ts, src/credentials/validity.ts), and the step builder.
import { type CredentialValidity, credentialValidity } from '../../src/credentials/validity.ts';
import { isKeyUsableAt } from '../../src/time/recurrence.ts';
import type { RevocationList } from '../../verifier/typescript/src/lock-state.ts';
import type { Reason } from '../../verifier/typescript/src/reasons.ts';
import { answer, type Device, type KeySpec, LOCK_ID, nonceFor, PHONE_A, TTL_HOURS } from './fixtures.ts';

export interface Step {
  /** The lock's clock, Unix seconds. */
  now: number;
  nonce: Uint8Array;
  credential: string;
  devicePublicKey: Uint8Array;
  signature: Uint8Array;
  expect: { reason: Reason; revocation?: RevocationList };
}

export interface Vector {
  name: string;
  description: string;
  /** The name of the lock state the steps start from. */
  lock: string;
  steps: Step[];
}

export const seconds = (iso: string | Date) => Math.floor(new Date(iso).getTime() / 1000);

/**
 * What the service's rules say at `now` for a credential made at `mintedAt`: not_yet_valid and
 * expired from the credential's nbf/exp (credentialValidity), then the key's windows on the lock's
 * wall clock (isKeyUsableAt: the same function that checks an uploaded event).
 */
export function judge(key: KeySpec, mintedAt: Date, timezone: string, now: number): Reason {
  const start = key.start ?? new Date('2026-11-01T00:00:00Z');
  const end = key.end ?? null;
  const v = credentialValidity({ start, end }, mintedAt, TTL_HOURS) as CredentialValidity;
  if (now < v.nbf) return 'not_yet_valid';
  if (now >= v.exp) return 'expired';
  const recurrence = key.windows ? { windows: key.windows } : null;
  const usable = isKeyUsableAt(
    { starts: start, ends: end, revoked: null, recurrence },
    { timezone },
    new Date(now * 1000),
  );
  if (!usable && !recurrence)
    throw new Error('a credential inside nbf..exp must be within its key start..end');
  return usable ? 'accepted' : 'outside_window';
}

export interface StepSpec {
  label: string;
  now: number;
  credential: string;
  expect: Reason;
  revocation?: RevocationList;
  /** The phone that answers (default: A). */
  phone?: Device;
  /** The lock id the phone signs for (default: the lock's). */
  signedLockId?: string;
  /** The nonce the phone signs (default: the one the lock sent). */
  signedNonce?: Uint8Array;
  /** The credential the phone signs over (default: the one it presents). */
  signedCredential?: string;
  nonce?: Uint8Array;
  devicePublicKey?: Uint8Array;
  signature?: Uint8Array;
}

export async function step(s: StepSpec): Promise<Step> {
  const phone = s.phone ?? PHONE_A;
  const nonce = s.nonce ?? nonceFor(s.label);
  const signature =
    s.signature ??
    (await answer(
      phone,
      s.signedLockId ?? LOCK_ID,
      s.signedNonce ?? nonce,
      s.signedCredential ?? s.credential,
    ));
  return {
    now: s.now,
    nonce,
    credential: s.credential,
    devicePublicKey: s.devicePublicKey ?? phone.point,
    signature,
    expect: s.revocation ? { reason: s.expect, revocation: s.revocation } : { reason: s.expect },
  };
}
