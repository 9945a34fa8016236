// test-runner: store-independent
// The in-memory rate limiter: bounded memory whatever keys arrive, and per-address keys.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addressKey, MAX_KEY_LENGTH, RateLimiter } from '../../src/http/rate-limit.ts';

describe('RateLimiter memory', () => {
  it('keeps at most maxEntries buckets, dropping the least recently used', () => {
    const l = new RateLimiter(2, 60_000, 3);
    const now = 1_000_000;
    l.take('a', now);
    l.take('a', now); // a is empty now
    l.take('b', now);
    l.take('c', now);
    assert.equal(l.take('a', now).allowed, false, 'a is still limited; it is the most recent');
    l.take('d', now); // evicts b, the least recently used
    assert.equal(l.size, 3);
    for (let i = 0; i < 1000; i++) l.take(`junk-${i}`, now);
    assert.equal(l.size, 3, 'a flood of distinct keys never grows the map past the cap');
    // An evicted key starts again with a full bucket: the cap can only make the limiter lenient.
    assert.equal(l.take('a', now).allowed, true);
  });

  it('stores a long key as its hash, so a 1 MiB key costs no more than a short one', () => {
    const l = new RateLimiter(1, 60_000);
    const huge = 'x'.repeat(1024 * 1024);
    assert.equal(l.take(huge).allowed, true);
    assert.equal(l.take(huge).allowed, false, 'the same long key shares its bucket');
    assert.equal(l.take(`${huge}y`).allowed, true, 'a different long key has its own');
    const keys = [...(l as unknown as { buckets: Map<string, unknown> }).buckets.keys()];
    assert.ok(keys.every((k) => k.length <= MAX_KEY_LENGTH));
  });

  it('peek neither spends nor keeps anything', () => {
    const l = new RateLimiter(1, 60_000);
    assert.equal(l.peek('a').allowed, true);
    assert.equal(l.size, 0);
    l.take('a');
    const d = l.peek('a');
    assert.equal(d.allowed, false);
    assert.ok(d.retryAfterSeconds >= 1);
  });
});

describe('addressKey', () => {
  it('groups IPv6 by /64 and reads IPv4-mapped IPv6 as the IPv4 address', () => {
    assert.equal(addressKey('203.0.113.7'), '203.0.113.7');
    assert.equal(addressKey('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(addressKey('2001:db8:1:2::1'), addressKey('2001:db8:1:2:ffff:ffff:ffff:fffe'));
    assert.notEqual(addressKey('2001:db8:1:2::1'), addressKey('2001:db8:1:3::1'));
    assert.equal(addressKey('2001:DB8:1:2::1'), '2001:db8:1:2::/64');
  });

  it('limits one /64 as one address', () => {
    const l = new RateLimiter(3, 60_000);
    const allowed = [1, 2, 3, 4].map((i) => l.take(addressKey(`2001:db8:aa:bb::${i}`)).allowed);
    assert.deepEqual(allowed, [true, true, true, false]);
    assert.equal(l.take(addressKey('2001:db8:aa:bc::1')).allowed, true);
  });
});
