// Minting a credential: key + lock + device + issuer key + revocation list → compact JWS (RFC
// 7515), ES256, header { alg, typ: "latchkey-credential+jwt", kid }. Pure apart from the signing,
// which node:crypto runs on its thread pool (node's ECDSA signs several times faster than
// WebCrypto's; see src/auth/jwt.ts).
import type { KeyObject } from 'node:crypto';
import { base64urlDecode } from '../../verifier/typescript/src/base64url.ts';
import { CREDENTIAL_TYP } from '../../verifier/typescript/src/claims.ts';
import { LIMITS } from '../../verifier/typescript/src/limits.ts';
import { type RevocationList, revocationProblem } from '../../verifier/typescript/src/lock-state.ts';
import { signEs256Async } from '../crypto/es256.ts';
import { type RecurrenceWindow, recurrenceProblems } from '../time/recurrence.ts';
import { type CredentialValidity, credentialValidity } from './validity.ts';

export interface CredentialClaimsOut {
  iss: string;
  sub: string;
  jti: string;
  lock: string;
  iat: number;
  nbf: number;
  exp: number;
  tz: string;
  win?: RecurrenceWindow[];
  cnf: { jkt: string };
  rev: RevocationList;
}

export interface CredentialInput {
  /** The service's public URL (`iss`). */
  issuer: string;
  /** The key, as the keys API shows it (the fields a credential carries). */
  key: {
    id: string;
    appUserId: string;
    start: Date;
    end: Date | null;
    recurrence: { windows: RecurrenceWindow[] } | null;
  };
  lock: { id: string; timezone: string };
  /** The registered device: its RFC 7638 thumbprint. */
  device: { thumbprint: string };
  /** The project's issuer key that signs now: its kid and the private P-256 key. */
  issuerKey: { kid: string; privateKey: KeyObject };
  /** The lock's revocation list as it is now. */
  revocation: RevocationList;
  now: Date;
  /** The credential lifetime (LATCHKEY_CREDENTIAL_TTL_HOURS). */
  ttlHours: number;
}

/** A credential cannot be made for this input; `message` says why in plain words. */
export class CredentialError extends Error {}

/** The claims of the credential for this input (in the order they are written). */
export function credentialClaims(input: Omit<CredentialInput, 'issuerKey'>): CredentialClaimsOut {
  const { key, lock, device, revocation } = input;
  if (key.recurrence && recurrenceProblems(key.recurrence).length > 0)
    throw new CredentialError("the key's recurrence is not valid");
  if (revocation.keys.length > LIMITS.revokedKeys)
    throw new CredentialError(
      `the lock's revocation list holds more than ${LIMITS.revokedKeys} ids: set its \`before\` instead (revocationList does)`,
    );
  const rev = revocationProblem(revocation);
  if (rev) throw new CredentialError(`the lock's revocation list is not valid: ${rev}`);
  if (device.thumbprint.length !== 43 || base64urlDecode(device.thumbprint)?.length !== 32)
    throw new CredentialError('the device thumbprint is not an RFC 7638 SHA-256 thumbprint');
  const validity = credentialValidity(key, input.now, input.ttlHours);
  if ('problem' in validity) throw new CredentialError(validity.problem);
  const { iat, nbf, exp }: CredentialValidity = validity;
  return {
    iss: input.issuer,
    sub: key.appUserId,
    jti: key.id,
    lock: lock.id,
    iat,
    nbf,
    exp,
    tz: lock.timezone,
    ...(key.recurrence ? { win: key.recurrence.windows } : {}),
    cnf: { jkt: device.thumbprint },
    rev: revocation.before
      ? { v: revocation.v, keys: revocation.keys, before: revocation.before }
      : { v: revocation.v, keys: revocation.keys },
  };
}

const b64json = (v: unknown) => Buffer.from(JSON.stringify(v), 'utf8').toString('base64url');

/**
 * The compact JWS of these claims, signed by `signEs256` (ECDSA P-256 over SHA-256 of its input,
 * returning r || s). mintCredential signs with node:crypto; the test-vector script signs the same
 * input deterministically (RFC 6979) so that its file does not change from run to run.
 */
export async function composeCredential(
  claims: CredentialClaimsOut,
  kid: string,
  signEs256: (input: Buffer) => Promise<Uint8Array>,
): Promise<string> {
  if (Buffer.byteLength(kid) > LIMITS.kidBytes)
    throw new CredentialError(`a kid has at most ${LIMITS.kidBytes} bytes`);
  const input = `${b64json({ alg: 'ES256', typ: CREDENTIAL_TYP, kid })}.${b64json(claims)}`;
  if (input.length + 87 > LIMITS.credentialBytes)
    throw new CredentialError(
      `the credential would exceed ${LIMITS.credentialBytes} bytes (long issuer URL, many windows or revoked ids)`,
    );
  const signature = await signEs256(Buffer.from(input));
  return `${input}.${Buffer.from(signature).toString('base64url')}`;
}

function nodeSign(privateKey: KeyObject): (input: Buffer) => Promise<Uint8Array> {
  return (input) => signEs256Async(input, privateKey);
}

/** The credential for a key on a lock, bound to a device, signed by the project's issuer key. */
export async function mintCredential(input: CredentialInput): Promise<string> {
  return composeCredential(
    credentialClaims(input),
    input.issuerKey.kid,
    nodeSign(input.issuerKey.privateKey),
  );
}
