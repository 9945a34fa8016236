// test-runner: store-independent
// memoized(): each key computed once while remembered, at most `max` remembered, nothing for a throw.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memoized } from '../src/memo.ts';

test('memoized computes a key once, forgets everything when full, and remembers no throw', () => {
  const calls: string[] = [];
  const upper = memoized(2, (k) => {
    calls.push(k);
    if (k === 'bad') throw new Error('bad key');
    return k.toUpperCase();
  });
  assert.equal(upper('a'), 'A');
  assert.equal(upper('a'), 'A');
  assert.equal(upper('b'), 'B');
  assert.deepEqual(calls, ['a', 'b']);
  assert.equal(upper('c'), 'C'); // full: a and b forgotten
  assert.equal(upper('c'), 'C');
  assert.equal(upper('a'), 'A');
  assert.deepEqual(calls, ['a', 'b', 'c', 'a']);
  assert.throws(() => upper('bad'), /bad key/);
  assert.throws(() => upper('bad'), /bad key/);
  assert.deepEqual(calls, ['a', 'b', 'c', 'a', 'bad', 'bad']);
});
