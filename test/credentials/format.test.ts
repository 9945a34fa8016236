// test-runner: store-independent
// The pure pieces of the format: a device's public JWK (checked as the service will when a phone
// registers it) and its RFC 7638 thumbprint, the lock's revocation list, its UTC offset table
// (which must reproduce the service's wall clock everywhere it covers), and the provisioning bundle.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { calculateJwkThumbprint } from 'jose';
import { issuerPublicJwk, jwkThumbprint, publicJwkProblem } from '../../src/credentials/jwk.ts';
import { provisioningBundle } from '../../src/credentials/provisioning.ts';
import { revocationList } from '../../src/credentials/revocation.ts';
import { UTC_OFFSET_YEARS, utcOffsetTable } from '../../src/credentials/utc-offsets.ts';
import { localClock } from '../../src/time/recurrence.ts';
import { lockStateProblem } from '../../verifier/typescript/src/lock-state.ts';
import { utcOffsetAt } from '../../verifier/typescript/src/utc-offsets.ts';

const webCryptoJwk = async () => {
  const k = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  return {
    pub: await crypto.subtle.exportKey('jwk', k.publicKey),
    priv: await crypto.subtle.exportKey('jwk', k.privateKey),
  };
};

describe('device public keys', () => {
  it('a WebCrypto P-256 public key is accepted, and its thumbprint is RFC 7638 (as jose computes it)', async () => {
    const { pub } = await webCryptoJwk();
    assert.equal(publicJwkProblem(pub), undefined);
    const node = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
    assert.equal(publicJwkProblem(node), undefined);
    for (const jwk of [pub, node])
      assert.equal(
        jwkThumbprint(jwk as { x: string; y: string }),
        await calculateJwkThumbprint(jwk as never, 'sha256'),
      );
  });

  it('anything else is refused with a reason in plain words', async () => {
    const { pub, priv } = await webCryptoJwk();
    const p = pub as Record<string, unknown>;
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' });
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey.export({ format: 'jwk' });
    const rows: [string, unknown, RegExp][] = [
      ['not an object', 'key', /must be a JWK object/],
      ['null', null, /must be a JWK object/],
      ['an array', [p], /must be a JWK object/],
      ['a private key', priv, /is a private key: send only the public part/],
      ['RSA', rsa, /elliptic-curve key \(kty "EC"\)/],
      ['P-384', p384, /P-256 curve/],
      ['x missing', { ...p, x: undefined }, /x must be a base64url string/],
      ['y of 31 bytes', { ...p, y: Buffer.alloc(31).toString('base64url') }, /y must be 32 bytes/],
      ['x padded', { ...p, x: `${p.x}=` }, /x must be 32 bytes/],
      [
        'off the curve',
        { ...p, y: Buffer.alloc(32, 1).toString('base64url') },
        /not a point on the P-256 curve/,
      ],
      ['an unknown member', { ...p, foo: 1 }, /does not take: foo/],
      ['alg RS256', { ...p, alg: 'RS256' }, /alg must be ES256/],
      ['use enc', { ...p, use: 'enc' }, /use must be "sig"/],
      ['key_ops without verify', { ...p, key_ops: ['encrypt'] }, /key_ops must include "verify"/],
    ];
    for (const [name, value, reason] of rows)
      assert.match(publicJwkProblem(value) ?? 'accepted', reason, name);
  });

  it("an issuer key's public JWK carries its kid, alg and use", () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = issuerPublicJwk(publicKey, 'k1');
    assert.deepEqual(Object.keys(jwk), ['kty', 'crv', 'x', 'y', 'kid', 'alg', 'use']);
    assert.equal(publicJwkProblem(jwk), undefined);
  });
});

describe('the revocation list', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const id = (i: number) => `0193a1b2-0000-7000-8000-${String(i).padStart(12, '0')}`;
  const revoked = (n: number, from = now.getTime()) =>
    Array.from({ length: n }, (_, i) => ({ keyId: id(i), revokedAt: new Date(from - i * 60_000) }));

  it('holds the keys revoked within a credential lifetime, newest first', () => {
    const r = revocationList({
      v: 9,
      revoked: [...revoked(3), { keyId: id(99), revokedAt: new Date(now.getTime() - 25 * 3_600_000) }],
      now,
      ttlHours: 24,
    });
    assert.deepEqual(r, { v: 9, keys: [id(0), id(1), id(2)] });
  });

  it('beyond 64 keys, covers the older ones with `before` (one second after the newest of them)', () => {
    const r = revocationList({ v: 10, revoked: revoked(70), now, ttlHours: 24 });
    assert.equal(r.keys.length, 64);
    assert.deepEqual(
      r.keys,
      Array.from({ length: 64 }, (_, i) => id(i)),
    );
    assert.equal(r.before, Math.floor((now.getTime() - 64 * 60_000) / 1000) + 1);
  });
});

describe('the UTC offset table', () => {
  const zones = [
    'Europe/Oslo',
    'Australia/Sydney',
    'America/Santiago',
    'Australia/Lord_Howe',
    'Africa/Casablanca',
    'America/New_York',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'UTC',
  ];
  const now = new Date('2026-11-25T10:00:00Z');
  const tables = new Map(zones.map((z) => [z, utcOffsetTable(z, now)]));

  it('covers 20 years from the day before, in at most 128 periods', () => {
    for (const [zone, t] of tables) {
      assert.equal(t.periods[0]!.from, Date.parse('2026-11-24T00:00:00Z') / 1000, zone);
      assert.ok(t.until - t.periods[0]!.from >= UTC_OFFSET_YEARS * 365 * 86400, zone);
      assert.ok(t.periods.length <= 128, zone);
    }
    assert.equal(tables.get('Europe/Oslo')!.periods.length, 41);
    assert.equal(tables.get('UTC')!.periods.length, 1);
  });

  it("gives, at any covered instant, the service's local weekday and minute (ICU), DST changes included", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 20 * 365 * 86400 - 1 }),
        fc.integer({ min: -3 * 3600, max: 3 * 3600 }),
        fc.nat(40),
        (zone, offset, near, k) => {
          const t = tables.get(zone)!;
          // Half the instants right around a change (±3 h), half anywhere in the table.
          const change = t.periods[1 + (k % Math.max(1, t.periods.length - 1))]?.from;
          const at = change !== undefined && k % 2 === 0 ? change + near : t.periods[0]!.from + offset;
          if (at < t.periods[0]!.from || at >= t.until) return;
          const local = at + utcOffsetAt(t, at)! * 60;
          const day = Math.floor(local / 86400);
          const expected = localClock(new Date(at * 1000), zone);
          assert.deepEqual(
            { weekday: (((day + 4) % 7) + 7) % 7, minutes: Math.floor((local - day * 86400) / 60) },
            expected,
          );
        },
      ),
      { numRuns: 3000, seed: 20261125 },
    );
  });
});

describe('the provisioning bundle', () => {
  it('is a lock state the verifiers accept: lockId, timezone, issuer, keys, revocation, utcOffsets', () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const b = provisioningBundle({
      lockId: '0193a1b2-0000-7000-8000-000000000001',
      timezone: 'Europe/Oslo',
      issuer: 'https://latchkey.example',
      keys: [issuerPublicJwk(publicKey, 'k1')],
      revocation: { v: 0, keys: [] },
      now: new Date('2026-11-25T10:00:00Z'),
    });
    assert.deepEqual(Object.keys(b), ['lockId', 'timezone', 'issuer', 'keys', 'revocation', 'utcOffsets']);
    assert.equal(lockStateProblem(b), undefined);
    assert.match(lockStateProblem({ ...b, keys: [{ ...b.keys[0], d: 'secret' }] })!, /private key/);
    assert.match(lockStateProblem({ ...b, lockId: 'LOCK' })!, /lockId/);
    assert.match(lockStateProblem({ ...b, utcOffsets: { ...b.utcOffsets, until: 0 } })!, /until/);
  });
});

describe("the verifier's P-256 point check", () => {
  it('accepts exactly the points WebCrypto imports (real keys, and the same with one bit flipped)', async () => {
    const { isP256Point } = await import('../../verifier/typescript/src/p256.ts');
    for (let i = 0; i < 40; i++) {
      const k = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign']);
      const point = new Uint8Array(await crypto.subtle.exportKey('raw', k.publicKey));
      assert.equal(isP256Point(point), true);
      const flipped = point.slice();
      flipped[1 + ((i * 13) % 64)]! ^= 1 << (i % 8);
      const imports = await crypto.subtle
        .importKey('raw', flipped, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify'])
        .then(
          () => true,
          () => false,
        );
      assert.equal(isP256Point(flipped), imports);
    }
    const p = Buffer.from('ffffffff00000001000000000000000000000000ffffffffffffffffffffffff', 'hex');
    assert.equal(isP256Point(new Uint8Array([4, ...p, ...new Uint8Array(32)])), false, 'x = p');
    assert.equal(isP256Point(new Uint8Array(65)), false, 'no 0x04 prefix');
  });
});
