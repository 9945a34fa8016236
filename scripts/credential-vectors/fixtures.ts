// Fixed keys, locks and clock for the credential vectors, and the helpers that sign with them.
// Everything here is derived from labels, so regenerating the vectors gives the same bytes:
// private keys are SHA-256 of a label, ECDSA signatures are deterministic (RFC 6979, @noble/curves),
// nonces are SHA-256 of a label. These keys are public test material: never use them for anything.
import { createHash, createHmac } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { jwkThumbprint } from '../../src/credentials/jwk.ts';
import { type CredentialInput, composeCredential, credentialClaims } from '../../src/credentials/mint.ts';
import { provisioningBundle } from '../../src/credentials/provisioning.ts';
import type { RecurrenceWindow } from '../../src/time/recurrence.ts';
import { base64urlEncode } from '../../verifier/typescript/src/base64url.ts';
import type {
  IssuerKey,
  ProvisioningBundle,
  RevocationList,
} from '../../verifier/typescript/src/lock-state.ts';
import { presentationBytes } from '../../verifier/typescript/src/presentation.ts';

export const ISSUER_URL = 'https://latchkey.example';
/** When every lock was provisioned: its UTC offset table runs from a day before for 20 years. */
export const PROVISIONED = new Date('2026-11-20T00:00:00Z');
export const TTL_HOURS = 24;

const sha256 = (s: string | Uint8Array) => new Uint8Array(createHash('sha256').update(s).digest());
export const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** A deterministic P-256 key pair for a label. */
export function keyPair(label: string): { secret: Uint8Array; point: Uint8Array } {
  const secret = sha256(`latchkey test key: ${label}`);
  return { secret, point: p256.getPublicKey(secret, false) };
}

export function publicJwk(point: Uint8Array): { kty: 'EC'; crv: 'P-256'; x: string; y: string } {
  return {
    kty: 'EC',
    crv: 'P-256',
    x: base64urlEncode(point.subarray(1, 33)),
    y: base64urlEncode(point.subarray(33)),
  };
}

export function issuerKey(label: string, kid: string): { kid: string; secret: Uint8Array; jwk: IssuerKey } {
  const { secret, point } = keyPair(label);
  return { kid, secret, jwk: { ...publicJwk(point), kid, alg: 'ES256', use: 'sig' } };
}

export const ISSUER_A = issuerKey('issuer A', 'issuer-a');
export const ISSUER_B = issuerKey('issuer B', 'issuer-b');
/** Another project's key: the locks do not know it. */
export const ISSUER_OTHER = issuerKey('issuer of another project', 'issuer-z');

export interface Device {
  secret: Uint8Array;
  point: Uint8Array;
  thumbprint: string;
}
export function device(label: string): Device {
  const { secret, point } = keyPair(`device ${label}`);
  return { secret, point, thumbprint: jwkThumbprint(publicJwk(point)) };
}
export const PHONE_A = device('A');
export const PHONE_B = device('B');
export const PHONE_C = device('C');

/** ES256 of `input` (SHA-256, RFC 6979), r || s. `highS` gives the other valid signature (n - s). */
export function es256(secret: Uint8Array, input: Uint8Array, highS = false): Uint8Array {
  const sig = p256.sign(input, secret, { lowS: false });
  if (!highS) return sig;
  const n = p256.Point.Fn.ORDER;
  const s = BigInt(`0x${hex(sig.subarray(32))}`);
  const flipped = (n - s).toString(16).padStart(64, '0');
  return new Uint8Array([...sig.subarray(0, 32), ...Buffer.from(flipped, 'hex')]);
}

export const nonceFor = (label: string, length = 32) => sha256(`nonce: ${label}`).subarray(0, length);
export const uuidFor = (label: string) => {
  const h = hex(sha256(`id: ${label}`));
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-7${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export const LOCK_ID = uuidFor('lock: front door');
export const OTHER_LOCK_ID = uuidFor('lock: back door');

export function lock(
  timezone: string,
  keys: IssuerKey[] = [ISSUER_A.jwk, ISSUER_B.jwk],
  revocation: RevocationList = { v: 3, keys: [uuidFor('key: revoked before provisioning')] },
  lockId = LOCK_ID,
): ProvisioningBundle {
  return provisioningBundle({ lockId, timezone, issuer: ISSUER_URL, keys, revocation, now: PROVISIONED });
}

export interface KeySpec {
  id: string;
  appUserId?: string;
  start?: Date;
  end?: Date | null;
  windows?: RecurrenceWindow[];
}

export interface MintSpec {
  key: KeySpec;
  /** When the phone fetched the credential. */
  at: Date;
  lockId?: string;
  timezone?: string;
  phone?: Device;
  issuer?: { kid: string; secret: Uint8Array };
  revocation?: RevocationList;
  highS?: boolean;
}

/** A credential made by the service's own code (credentialClaims, composeCredential), signed deterministically. */
export function mint(spec: MintSpec): Promise<string> {
  const input: Omit<CredentialInput, 'issuerKey'> = {
    issuer: ISSUER_URL,
    key: {
      id: spec.key.id,
      appUserId: spec.key.appUserId ?? '+4799887766',
      start: spec.key.start ?? new Date('2026-11-01T00:00:00Z'),
      end: spec.key.end ?? null,
      recurrence: spec.key.windows ? { windows: spec.key.windows } : null,
    },
    lock: { id: spec.lockId ?? LOCK_ID, timezone: spec.timezone ?? 'Europe/Oslo' },
    device: { thumbprint: (spec.phone ?? PHONE_A).thumbprint },
    revocation: spec.revocation ?? { v: 3, keys: [uuidFor('key: revoked before provisioning')] },
    now: spec.at,
    ttlHours: TTL_HOURS,
  };
  const signer = spec.issuer ?? ISSUER_A;
  return composeCredential(credentialClaims(input), signer.kid, async (bytes) =>
    es256(signer.secret, bytes, spec.highS),
  );
}

const b64 = (s: string | Uint8Array) => Buffer.from(s).toString('base64url');

/** A compact JWS over any header and payload bytes, signed by an issuer key (hostile shapes). */
export function signRaw(
  header: string | Uint8Array,
  payload: string | Uint8Array,
  secret = ISSUER_A.secret,
): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${b64(es256(secret, Buffer.from(input)))}`;
}

/** HS256 over the input with a public key's bytes as the HMAC secret: the key-confusion attack. */
export function hs256Confusion(header: string, payload: string, secretBytes: Uint8Array): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secretBytes).update(input).digest('base64url')}`;
}

/** The phone's answer: its device key's signature over the presentation bytes. */
export async function answer(
  phone: Device,
  lockId: string,
  nonce: Uint8Array,
  credential: string,
): Promise<Uint8Array> {
  return es256(phone.secret, await presentationBytes(lockId, nonce, credential));
}
