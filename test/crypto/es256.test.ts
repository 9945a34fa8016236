// test-runner: store-independent
// ES256 in the JOSE form through the bare-key path (crypto/es256.ts): every signature it makes is
// the one node:crypto's own P1363 form checks, and it checks exactly what that form checks,
// including the r and s values that need DER's sign byte or lose leading zeros.
import assert from 'node:assert/strict';
import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { describe, it } from 'node:test';
import { compactVerify, importJWK } from 'jose';
import { derToJose, joseToDer, signEs256, signEs256Async, verifyEs256 } from '../../src/crypto/es256.ts';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const P1363 = { dsaEncoding: 'ieee-p1363' as const };

describe('ES256 through the bare key', () => {
  it("2,000 signatures: each is node:crypto's P1363 form, and round-trips through DER", () => {
    let highBit = 0;
    let leadingZero = 0;
    for (let i = 0; i < 2000; i++) {
      const input = Buffer.from(`message ${i}`);
      const sig = signEs256(input, privateKey);
      assert.equal(sig.length, 64);
      assert.ok(verify('sha256', input, { key: publicKey, ...P1363 }, sig), `signature ${i}`);
      assert.deepEqual(derToJose(joseToDer(sig)!), sig);
      for (const half of [sig.subarray(0, 32), sig.subarray(32)]) {
        if (half[0]! & 0x80) highBit++;
        if (half[0] === 0) leadingZero++;
      }
      // And node's own P1363 signatures verify here.
      const theirs = sign('sha256', input, { key: privateKey, ...P1363 });
      assert.ok(verifyEs256(input, publicKey, theirs), `node's signature ${i}`);
    }
    // The awkward cases were met: halves that need a sign byte in DER, and halves with a zero byte first.
    assert.ok(highBit > 100, `high-bit halves: ${highBit}`);
    assert.ok(leadingZero > 0, `halves with a leading zero byte: ${leadingZero}`);
  });

  it('halves with many leading zeros and with every bit set convert both ways', () => {
    for (const [r, s] of [
      [Buffer.alloc(32, 0).fill(1, 31), Buffer.alloc(32, 0xff)],
      [Buffer.concat([Buffer.alloc(5), Buffer.alloc(27, 0x80)]), Buffer.alloc(32, 0x7f)],
    ]) {
      const jose = Buffer.concat([r!, s!]);
      assert.deepEqual(derToJose(joseToDer(jose)!), jose);
    }
  });

  it('refuses a changed signature, another key, another message and a wrong length', () => {
    const input = Buffer.from('the message');
    const sig = signEs256(input, privateKey);
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    const flipped = Buffer.from(sig);
    flipped[40]! ^= 1;
    assert.equal(verifyEs256(input, publicKey, flipped), false);
    assert.equal(verifyEs256(input, other, sig), false);
    assert.equal(verifyEs256(Buffer.from('another message'), publicKey, sig), false);
    assert.equal(verifyEs256(input, publicKey, sig.subarray(0, 63)), false);
    assert.equal(verifyEs256(input, publicKey, Buffer.concat([sig, Buffer.of(0)])), false);
    assert.equal(verifyEs256(input, publicKey, Buffer.alloc(64)), false);
  });

  it('a JWS signed on the thread pool verifies with jose', async () => {
    const h = Buffer.from(JSON.stringify({ alg: 'ES256' })).toString('base64url');
    const p = Buffer.from(JSON.stringify({ sub: 'x' })).toString('base64url');
    const sig = await signEs256Async(Buffer.from(`${h}.${p}`), privateKey);
    const key = await importJWK(publicKey.export({ format: 'jwk' }) as Record<string, string>, 'ES256');
    const { payload } = await compactVerify(`${h}.${p}.${sig.toString('base64url')}`, key);
    assert.equal(new TextDecoder().decode(payload), '{"sub":"x"}');
  });
});
