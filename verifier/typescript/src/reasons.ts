// What a lock answers to a presentation, as a fixed list shared with the C verifier
// (verifier/c/include/latchkey_verifier.h numbers them in this order; a test keeps the two equal).
// The checks run in the order of this list after `accepted`, so one input has one reason.

export const REASONS = [
  'accepted',
  'malformed',
  'too_large',
  'alg_not_allowed',
  'bad_header',
  'unknown_kid',
  'bad_signature',
  'wrong_lock',
  'revoked',
  'not_yet_valid',
  'expired',
  'time_zone_mismatch',
  'no_offset_rule',
  'outside_window',
  'wrong_device',
  'bad_nonce_signature',
] as const;

export type Reason = (typeof REASONS)[number];

/** Each reason in plain words, for logs and a lock maker's diagnostics. */
export const REASON_TEXT: Readonly<Record<Reason, string>> = {
  accepted: 'every check passed: open',
  malformed: 'the answer or the credential is not in the expected form',
  too_large: 'an input exceeds one of the documented limits',
  alg_not_allowed: 'the credential is not signed with ES256 (none, HS256 and every other alg are refused)',
  bad_header:
    'the credential header has the wrong typ, or a member other than alg, typ and kid (such as crit)',
  unknown_kid:
    "the credential's kid is not in the lock's issuer key set (a key rotated out, or another issuer)",
  bad_signature: "the credential's signature does not verify with the issuer key it names",
  wrong_lock: 'the credential is for another lock',
  revoked: "the credential's key is in the newest revocation list the lock has seen",
  not_yet_valid: "the lock's clock is before the credential's nbf",
  expired: "the lock's clock is at or after the credential's exp",
  time_zone_mismatch:
    "the credential's windows are in another time zone than the lock was provisioned with: re-provision the lock",
  no_offset_rule: "the lock's UTC offset table does not cover its clock: re-provision the lock",
  outside_window: "the lock's local time is outside every weekly window of the credential",
  wrong_device: 'the device key presented is not the one the credential is bound to (cnf.jkt)',
  bad_nonce_signature:
    "the device key's signature is not over this lock's nonce, this lock and this credential (a replay or relay)",
};
