// test-runner: store-independent
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withDeadline } from '../../src/delivery/worker.ts';

describe('withDeadline (the worker never waits forever on the store)', () => {
  it('passes a settled value through', async () => {
    assert.equal(await withDeadline(Promise.resolve(7), 50, 'x'), 7);
    await assert.rejects(withDeadline(Promise.reject(new Error('boom')), 50, 'x'), /boom/);
  });

  it('rejects a promise that never settles, naming it', async () => {
    // The deadline timer is unref'd (it must not keep a stopping process alive): hold the loop here.
    const keepAlive = setInterval(() => {}, 1000);
    try {
      await assert.rejects(
        withDeadline(new Promise(() => {}), 20, 'delivery claim'),
        /delivery claim did not settle within 20 ms/,
      );
    } finally {
      clearInterval(keepAlive);
    }
  });
});
