// The presentation: what the phone signs with its device key when a lock challenges it.
//
//   offset  bytes  field
//        0     24  "latchkey-presentation-v1" in ASCII: the purpose and version, so that a
//                  signature made for this can never be taken for one made for anything else
//                  (a DPoP proof, another protocol)
//       24     16  the lock's id, the 16 bytes of its UUID: the lock puts in ITS OWN id, so an
//                  answer relayed to another lock does not verify there
//       40     32  SHA-256 of the credential (the compact JWS, its ASCII bytes as sent), so the
//                  answer is bound to this credential
//       72      1  n, the nonce's length (16..64)
//       73      n  the nonce the lock sent: fresh for each challenge, so an answer cannot be replayed
//
// The phone signs these bytes with ECDSA P-256 and SHA-256 (ES256) and sends the signature as
// r || s, 64 bytes (as in JWS), with its public key as the uncompressed point 0x04 || X || Y,
// 65 bytes. This module is also the phone's side (presentationSign): no dependency beyond
// WebCrypto, so the typed client and the CLI use it as it is.
import { base64urlDecode, base64urlEncode } from './base64url.ts';
import { LIMITS } from './limits.ts';
import { uuidBytes } from './uuid.ts';

export const PRESENTATION_CONTEXT = 'latchkey-presentation-v1';
const ES256 = { name: 'ECDSA', hash: 'SHA-256' } as const;

/** The exact bytes the device key signs for this lock, nonce and credential. */
export async function presentationBytes(
  lockId: string,
  nonce: Uint8Array,
  credential: string,
): Promise<Uint8Array<ArrayBuffer>> {
  if (nonce.length < LIMITS.nonceMinBytes || nonce.length > LIMITS.nonceMaxBytes)
    throw new RangeError(`a nonce has ${LIMITS.nonceMinBytes} to ${LIMITS.nonceMaxBytes} bytes`);
  const context = new TextEncoder().encode(PRESENTATION_CONTEXT);
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(credential)));
  const out = new Uint8Array(context.length + 16 + 32 + 1 + nonce.length);
  out.set(context, 0);
  out.set(uuidBytes(lockId), 24);
  out.set(hash, 40);
  out[72] = nonce.length;
  out.set(nonce, 73);
  return out;
}

/** The phone's answer to a challenge: ES256 over presentationBytes, r || s (64 bytes). */
export async function presentationSign(
  privateKey: CryptoKey,
  lockId: string,
  nonce: Uint8Array,
  credential: string,
): Promise<Uint8Array> {
  const bytes = await presentationBytes(lockId, nonce, credential);
  return new Uint8Array(await crypto.subtle.sign(ES256, privateKey, bytes));
}

/** A device public key as the phone sends it: the uncompressed point, 65 bytes. */
export async function devicePublicKeyBytes(publicKey: CryptoKey): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.exportKey('raw', publicKey));
}

/** The lock's challenge as it travels on a link (the virtual lock's line protocol, a BLE characteristic). */
export interface ChallengeMessage {
  type: 'challenge';
  lockId: string;
  /** base64url */
  nonce: string;
}

/** The phone's answer as it travels: the credential, the device key and the signature, base64url. */
export interface PresentationMessage {
  type: 'presentation';
  credential: string;
  devicePublicKey: string;
  signature: string;
}

/**
 * The phone's side in one call: answers a lock's challenge with a credential and the device key
 * pair it is bound to (a non-extractable private key is fine: only the public key is exported).
 */
export async function answerChallenge(
  challenge: ChallengeMessage,
  credential: string,
  device: CryptoKeyPair,
): Promise<PresentationMessage> {
  const nonce = base64urlDecode(challenge.nonce);
  if (!nonce) throw new TypeError('the challenge nonce is not base64url');
  return {
    type: 'presentation',
    credential,
    devicePublicKey: base64urlEncode(await devicePublicKeyBytes(device.publicKey)),
    signature: base64urlEncode(
      await presentationSign(device.privateKey, challenge.lockId, nonce, credential),
    ),
  };
}
