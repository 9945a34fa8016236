// The lock, the device key and the nonce: the wrong lock, the wrong device, a replayed nonce, an
// answer relayed from another lock, a swapped credential, the other issuer key and a high-S
// signature (valid ECDSA: verifiers must not insist on low S).
import {
  answer,
  ISSUER_B,
  LOCK_ID,
  mint,
  nonceFor,
  OTHER_LOCK_ID,
  PHONE_A,
  PHONE_B,
  uuidFor,
} from './fixtures.ts';
import { seconds, step, type Vector } from './vector.ts';

const KEY = uuidFor('key: A');

export function flipLastBit(b: Uint8Array): Uint8Array {
  const out = new Uint8Array(b);
  out[out.length - 1] = out[out.length - 1]! ^ 1;
  return out;
}

export async function deviceVectors(): Promise<Vector[]> {
  const at = new Date('2026-12-02T08:00:00Z');
  const now = seconds('2026-12-02T08:10:00Z');
  const credential = await mint({ key: { id: KEY }, at });
  const forPhoneB = await mint({ key: { id: uuidFor('key: B') }, at, phone: PHONE_B });
  const otherLock = await mint({ key: { id: KEY }, at, lockId: OTHER_LOCK_ID });
  const one = async (
    name: string,
    description: string,
    s: Omit<Parameters<typeof step>[0], 'label' | 'now'>,
  ): Promise<Vector> => ({
    name,
    description,
    lock: 'oslo',
    steps: [await step({ label: name, now, ...s })],
  });
  return Promise.all([
    one('valid-issuer-key-b', 'signed by the second key of the issuer key set', {
      credential: await mint({ key: { id: KEY }, at, issuer: ISSUER_B }),
      expect: 'accepted',
    }),
    one('valid-high-s', "the issuer's signature with s replaced by n - s: still a valid ECDSA signature", {
      credential: await mint({ key: { id: KEY }, at, highS: true }),
      expect: 'accepted',
    }),
    one('wrong-lock', 'a valid credential for another lock', { credential: otherLock, expect: 'wrong_lock' }),
    one('wrong-device', "phone B presents A's credential with B's own key, signing the challenge correctly", {
      credential,
      phone: PHONE_B,
      expect: 'wrong_device',
    }),
    one('wrong-device-key-only', "A's credential with B's public key but A's signature", {
      credential,
      devicePublicKey: PHONE_B.point,
      expect: 'wrong_device',
    }),
    one('replayed-nonce', "A's answer to an earlier challenge: signed over the previous nonce", {
      credential,
      signedNonce: nonceFor('an earlier challenge'),
      expect: 'bad_nonce_signature',
    }),
    one('relayed-from-other-lock', 'an answer signed for another lock, relayed to this one', {
      credential,
      signedLockId: OTHER_LOCK_ID,
      expect: 'bad_nonce_signature',
    }),
    one('swapped-credential', "B's valid credential presented with A's answer made over A's credential", {
      credential: forPhoneB,
      phone: PHONE_B,
      signedCredential: credential,
      expect: 'bad_nonce_signature',
    }),
    one('short-nonce-accepted', 'the shortest nonce, 16 bytes', {
      credential,
      nonce: nonceFor('short', 16),
      expect: 'accepted',
    }),
    one('long-nonce-accepted', 'the longest nonce, 64 bytes', {
      credential,
      nonce: new Uint8Array([...nonceFor('long a'), ...nonceFor('long b')]),
      expect: 'accepted',
    }),
    one('nonce-signature-bit-flipped', "A's answer with one bit of s flipped", {
      credential,
      signature: flipLastBit(
        await answer(PHONE_A, LOCK_ID, nonceFor('nonce-signature-bit-flipped'), credential),
      ),
      expect: 'bad_nonce_signature',
    }),
  ]);
}
