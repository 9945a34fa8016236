// When a credential is good for: one rule, here. `nbf` is the key's start, or now when the key has
// already started; `exp` is the earlier of the key's end and now + the credential lifetime. Times
// are whole seconds, rounded inward (nbf up, exp down), so a lock whose clock reads whole seconds
// never opens a moment outside the key's own start..end, which is what the service checks when
// the phone later uploads the event.

export interface CredentialValidity {
  /** Issued at: now, in Unix seconds (rounded down). */
  iat: number;
  nbf: number;
  exp: number;
}

export interface KeyPeriod {
  start: Date;
  /** null: the key does not end. */
  end: Date | null;
}

/**
 * The credential's iat, nbf and exp for a key at `now`, or a reason in plain words when no
 * credential made now would ever be valid (the key has ended, or starts after the credential
 * would expire: fetch it again closer to the start).
 */
export function credentialValidity(
  key: KeyPeriod,
  now: Date,
  ttlHours: number,
): CredentialValidity | { problem: string } {
  if (!(ttlHours > 0)) throw new RangeError('the credential lifetime must be positive');
  const nowMs = now.getTime();
  const iat = Math.floor(nowMs / 1000);
  const nbf = Math.ceil(Math.max(key.start.getTime(), nowMs) / 1000);
  const lifetimeEnd = nowMs + ttlHours * 3_600_000;
  const exp = Math.floor((key.end ? Math.min(key.end.getTime(), lifetimeEnd) : lifetimeEnd) / 1000);
  if (key.end && key.end.getTime() <= nowMs) return { problem: 'the key has ended' };
  if (nbf >= exp)
    return {
      problem: `the key starts ${key.start.toISOString()}, after a credential made now would expire; fetch it within ${ttlHours} hours of the start`,
    };
  return { iat, nbf, exp };
}
