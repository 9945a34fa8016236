// test-runner: store-independent
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pooledRandomBytes } from '../../src/crypto/random-pool.ts';
import { isUuid, uuidv7 } from '../../src/ids.ts';

describe('pooled random bytes', () => {
  it('never hands out the same bytes twice, across pool refills', () => {
    // 4 KiB pool, 16-byte draws: 5,000 draws refill it ~20 times.
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) seen.add(pooledRandomBytes(16).toString('hex'));
    assert.equal(seen.size, 5000);
  });

  it('gives each caller its own copy: a refill of the pool does not change bytes already handed out', () => {
    const a = pooledRandomBytes(16);
    const before = Buffer.from(a);
    for (let i = 0; i < 600; i++) pooledRandomBytes(16); // two refills
    assert.deepEqual(a, before);
    assert.equal(pooledRandomBytes(2000).length, 2000); // too big for the pool: straight from randomBytes
    assert.equal(pooledRandomBytes(0).length, 0);
  });

  it('looks random: every bit position is set about half the time', () => {
    const ones = new Array<number>(128).fill(0);
    const n = 4000;
    for (let i = 0; i < n; i++) {
      const b = pooledRandomBytes(16);
      for (let bit = 0; bit < 128; bit++) if ((b[bit >> 3]! >> (bit & 7)) & 1) ones[bit]!++;
    }
    // Binomial(4000, 0.5): sd ≈ 32, so ±250 is ~8 sd.
    for (const c of ones) assert.ok(Math.abs(c - n / 2) < 250, `bit count ${c} of ${n}`);
  });

  it('UUIDv7 from it: valid, version 7, variant 10, unique', () => {
    const ids = Array.from({ length: 2000 }, () => uuidv7());
    for (const id of ids) {
      assert.ok(isUuid(id));
      assert.equal(id[14], '7');
      assert.match(id[19]!, /[89ab]/);
    }
    assert.equal(new Set(ids).size, ids.length);
  });
});
