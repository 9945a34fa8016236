// test-runner: store-independent
// Minting: a credential made by the service's code verifies with jose (an outside library) and
// with the TypeScript verifier (a phone's WebCrypto device key answering a challenge); its claims
// are exactly the contract's; nbf/exp follow the one rule; what cannot be minted says why.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, it } from 'node:test';
import { calculateJwkThumbprint, createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { issuerPublicJwk, jwkThumbprint } from '../../src/credentials/jwk.ts';
import { CredentialError, type CredentialInput, mintCredential } from '../../src/credentials/mint.ts';
import { provisioningBundle } from '../../src/credentials/provisioning.ts';
import { credentialValidity } from '../../src/credentials/validity.ts';
import {
  devicePublicKeyBytes,
  presentationSign,
  verifyPresentation,
} from '../../verifier/typescript/src/index.ts';

const issuer = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const ISS = 'https://latchkey.example';
const LOCK = '0193a1b2-0000-7000-8000-000000000001';
const KEY = '0193a1b2-0000-7000-8000-0000000000aa';
const NOW = new Date('2026-11-25T10:00:00.250Z'); // a Wednesday, 11:00 in Oslo

async function phone() {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ]);
  const jwk = (await crypto.subtle.exportKey('jwk', keys.publicKey)) as {
    kty: 'EC';
    crv: 'P-256';
    x: string;
    y: string;
  };
  return { keys, jwk, thumbprint: jwkThumbprint(jwk) };
}

function input(thumbprint: string, over: Partial<CredentialInput> = {}): CredentialInput {
  return {
    issuer: ISS,
    key: {
      id: KEY,
      appUserId: '+4799887766',
      start: new Date('2026-11-01T00:00:00Z'),
      end: null,
      recurrence: { windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '07:00', to: '18:00' }] },
    },
    lock: { id: LOCK, timezone: 'Europe/Oslo' },
    device: { thumbprint },
    issuerKey: { kid: 'kid-1', privateKey: issuer.privateKey },
    revocation: { v: 7, keys: ['0193a1b2-0000-7000-8000-0000000000ff'] },
    now: NOW,
    ttlHours: 24,
    ...over,
  };
}

describe('minting a credential', () => {
  it('verifies with jose, with the header and the claims of the contract', async () => {
    const p = await phone();
    const credential = await mintCredential(input(p.thumbprint));
    assert.deepEqual(decodeProtectedHeader(credential), {
      alg: 'ES256',
      typ: 'latchkey-credential+jwt',
      kid: 'kid-1',
    });
    const keySet = createLocalJWKSet({ keys: [issuerPublicJwk(issuer.publicKey, 'kid-1')] });
    const { payload } = await jwtVerify(credential, keySet, {
      algorithms: ['ES256'],
      typ: 'latchkey-credential+jwt',
      issuer: ISS,
      subject: '+4799887766',
      currentDate: new Date(NOW.getTime() + 60_000),
    });
    assert.deepEqual(payload, {
      iss: ISS,
      sub: '+4799887766',
      jti: KEY,
      lock: LOCK,
      iat: 1795600800,
      nbf: 1795600801, // now rounded up: never before the instant it was made
      exp: 1795687200, // now + 24 h rounded down
      tz: 'Europe/Oslo',
      win: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '07:00', to: '18:00' }],
      cnf: { jkt: await calculateJwkThumbprint(p.jwk, 'sha256') },
      rev: { v: 7, keys: ['0193a1b2-0000-7000-8000-0000000000ff'] },
    });
    // jose agrees the credential is dead after exp.
    await assert.rejects(
      jwtVerify(credential, keySet, { currentDate: new Date(1795687200 * 1000) }),
      /"exp" claim timestamp check failed/,
    );
  });

  it('has no `win` when the key has no windows, and `rev.before` only when the list has one', async () => {
    const p = await phone();
    const plain = await mintCredential(input(p.thumbprint, { key: { ...input('').key, recurrence: null } }));
    const payload = JSON.parse(Buffer.from(plain.split('.')[1]!, 'base64url').toString());
    assert.equal('win' in payload, false);
    assert.deepEqual(payload.rev, { v: 7, keys: ['0193a1b2-0000-7000-8000-0000000000ff'] });
    const cut = await mintCredential(
      input(p.thumbprint, { revocation: { v: 8, keys: [], before: 1795600000 } }),
    );
    assert.deepEqual(JSON.parse(Buffer.from(cut.split('.')[1]!, 'base64url').toString()).rev, {
      v: 8,
      keys: [],
      before: 1795600000,
    });
  });

  it("opens the lock for the phone holding the device key, inside the key's window (TypeScript verifier)", async () => {
    const p = await phone();
    const credential = await mintCredential(input(p.thumbprint));
    const bundle = provisioningBundle({
      lockId: LOCK,
      timezone: 'Europe/Oslo',
      issuer: ISS,
      keys: [issuerPublicJwk(issuer.publicKey, 'kid-1')],
      revocation: { v: 6, keys: [] },
      now: NOW,
    });
    const nonce = crypto.getRandomValues(new Uint8Array(32));
    const answer = {
      nonce,
      credential,
      devicePublicKey: await devicePublicKeyBytes(p.keys.publicKey),
      signature: await presentationSign(p.keys.privateKey, LOCK, nonce, credential),
    };
    const inside = await verifyPresentation(bundle, { ...answer, now: 1795600860 });
    assert.equal(inside.reason, 'accepted');
    assert.deepEqual(inside.revocation, { v: 7, keys: ['0193a1b2-0000-7000-8000-0000000000ff'] });
    const evening = await verifyPresentation(bundle, { ...answer, now: 1795600800 + 7 * 3600 + 60 }); // 18:01
    assert.equal(evening.reason, 'outside_window');
    const other = await phone();
    const stolen = await verifyPresentation(bundle, {
      ...answer,
      now: 1795600860,
      devicePublicKey: await devicePublicKeyBytes(other.keys.publicKey),
      signature: await presentationSign(other.keys.privateKey, LOCK, nonce, credential),
    });
    assert.equal(stolen.reason, 'wrong_device');
  });

  it('refuses, in plain words, what it cannot mint', async () => {
    const p = await phone();
    const ids = Array.from(
      { length: 65 },
      (_, i) => `0193a1b2-0000-7000-8000-${String(i).padStart(12, '0')}`,
    );
    await assert.rejects(
      mintCredential(input(p.thumbprint, { revocation: { v: 1, keys: ids } })),
      (e: Error) => e instanceof CredentialError && /more than 64 ids: set its `before`/.test(e.message),
    );
    await assert.rejects(
      mintCredential(input(p.thumbprint, { device: { thumbprint: 'short' } })),
      /not an RFC 7638 SHA-256 thumbprint/,
    );
    await assert.rejects(
      mintCredential(input(p.thumbprint, { issuer: `https://${'x'.repeat(8000)}.example` })),
      /would exceed 8192 bytes/,
    );
    await assert.rejects(
      mintCredential(
        input(p.thumbprint, {
          key: { ...input('').key, recurrence: { windows: [{ days: ['mon'], from: '07:00', to: '07:00' }] } },
        }),
      ),
      /recurrence is not valid/,
    );
    await assert.rejects(
      mintCredential(
        input(p.thumbprint, { key: { ...input('').key, end: new Date('2026-11-25T09:00:00Z') } }),
      ),
      /the key has ended/,
    );
  });
});

describe('credentialValidity', () => {
  const now = new Date('2026-11-25T10:00:00.250Z');
  const s = (iso: string) => Date.parse(iso) / 1000;
  const rows: [string, { start: Date; end: Date | null }, ReturnType<typeof credentialValidity>][] = [
    [
      'a key that started: nbf is now (rounded up), exp now + lifetime (rounded down)',
      { start: new Date('2026-11-01T00:00:00Z'), end: null },
      { iat: s('2026-11-25T10:00:00Z'), nbf: s('2026-11-25T10:00:01Z'), exp: s('2026-11-26T10:00:00Z') },
    ],
    [
      'a key starting later: nbf is its start (rounded up)',
      { start: new Date('2026-11-25T12:00:00.001Z'), end: null },
      { iat: s('2026-11-25T10:00:00Z'), nbf: s('2026-11-25T12:00:01Z'), exp: s('2026-11-26T10:00:00Z') },
    ],
    [
      'a key ending before the lifetime: exp is its end (rounded down)',
      { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-11-25T15:30:00.999Z') },
      { iat: s('2026-11-25T10:00:00Z'), nbf: s('2026-11-25T10:00:01Z'), exp: s('2026-11-25T15:30:00Z') },
    ],
    [
      'a key that has ended',
      { start: new Date('2026-11-01T00:00:00Z'), end: now },
      { problem: 'the key has ended' },
    ],
  ];
  for (const [name, key, expected] of rows)
    it(name, () => assert.deepEqual(credentialValidity(key, now, 24), expected));

  it('a key starting after a credential made now would expire: fetch it closer to the start', () => {
    const v = credentialValidity({ start: new Date('2026-11-27T00:00:00Z'), end: null }, now, 24);
    assert.match(
      (v as { problem: string }).problem,
      /after a credential made now would expire; fetch it within 24 hours/,
    );
  });
});
