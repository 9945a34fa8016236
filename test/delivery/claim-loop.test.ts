// test-runner: store-independent
// The claim loop's modes (src/delivery/claim-loop.ts): every change goes through a named, checked
// transition, and when it claims is unchanged: a first round at start, one more round for a wake-up
// during a round, AGAIN at once, SOON shortly, nothing after stop. No store: the claim is a stub
// the test drives, so nothing here depends on time beyond a short poll.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type AfterClaim, ClaimLoop, type ClaimLoopMode } from '../../src/delivery/claim-loop.ts';
import { COALESCE_MS } from '../../src/delivery/outcome-flush.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A loop whose claims wait for the test: `next(result)` ends the claim under way. */
function harness(pollMs = 60_000) {
  const modes: string[] = [];
  const errors: string[] = [];
  const waiting: ((r: AfterClaim | Error) => void)[] = [];
  let claims = 0;
  const loop = new ClaimLoop(
    () => {
      claims++;
      return new Promise<AfterClaim>((resolve, reject) =>
        waiting.push((r) => (r instanceof Error ? reject(r) : resolve(r))),
      );
    },
    {
      pollMs,
      log: { info() {}, warn() {}, error: (o: { err: string }) => errors.push(o.err) },
      onMode: (from: ClaimLoopMode, to: ClaimLoopMode) => modes.push(`${from}>${to}`),
    },
  );
  return {
    loop,
    modes,
    errors,
    claims: () => claims,
    /** Stops the loop, ending whatever claim is under way. */
    async finish() {
      const stopping = loop.stop();
      for (const end of waiting.splice(0)) end('done');
      await stopping;
    },
    /** Ends the claim under way with `r`, then lets the loop react. */
    async next(r: AfterClaim | Error) {
      const end = waiting.shift();
      assert.ok(end, 'a claim is under way');
      end(r);
      await sleep(0);
    },
  };
}

describe('claim loop', () => {
  it('start claims at once; a claim that says DONE leaves it idle; start again does nothing', async () => {
    const h = harness();
    h.loop.start();
    assert.equal(h.loop.mode, 'claiming');
    h.loop.start();
    assert.equal(h.claims(), 1);
    await h.next('done');
    assert.equal(h.loop.mode, 'idle');
    assert.deepEqual(h.modes, ['stopped>idle', 'idle>claiming', 'claiming>idle']);
    await h.finish();
  });

  it('wake-ups during a round run exactly one more; AGAIN claims at once; SOON claims shortly', async () => {
    const h = harness();
    h.loop.start();
    h.loop.wake();
    h.loop.wake();
    await h.next('again');
    assert.equal(h.claims(), 2, 'AGAIN: at once, in the same round');
    await h.next('done');
    assert.equal(h.claims(), 3, 'the wake-ups during the round: one more');
    await h.next('soon');
    assert.equal(h.loop.mode, 'idle');
    await sleep(COALESCE_MS + 20);
    assert.equal(h.claims(), 4, 'SOON: once more shortly');
    await h.next('done');
    assert.deepEqual(h.modes, [
      'stopped>idle',
      'idle>claiming',
      'claiming>idle',
      'idle>claiming',
      'claiming>idle',
    ]);
    await h.finish();
  });

  it('stop during a round resolves when it ends; nothing claims after, wake-ups and the poll included', async () => {
    const h = harness(20);
    h.loop.start();
    h.loop.wakeSoon();
    h.loop.wakeAt(Date.now() + 10);
    let stopped = false;
    const stopping = h.loop.stop().then(() => {
      stopped = true;
    });
    assert.equal(h.loop.mode, 'stopped');
    await sleep(0);
    assert.equal(stopped, false, 'the round under way is waited for');
    h.loop.wake();
    await h.next('again');
    await stopping;
    await sleep(60);
    h.loop.wake();
    assert.equal(h.claims(), 1);
    assert.deepEqual(h.modes, ['stopped>idle', 'idle>claiming', 'claiming>stopped']);
  });

  it('a failed claim is logged and not retried at once, even when woken meanwhile; the poll retries', async () => {
    const h = harness(50);
    h.loop.start();
    h.loop.wake();
    await h.next(new Error('store down'));
    assert.deepEqual(h.errors, ['store down']);
    assert.equal(h.loop.mode, 'idle');
    assert.equal(h.claims(), 1);
    await sleep(120);
    assert.ok(h.claims() >= 2, 'the poll claimed again');
    await h.finish();
  });

  it('refuses a transition out of turn', async () => {
    const h = harness();
    h.loop.start();
    const inner = h.loop as unknown as { enterClaiming(): void; enterIdle(): void; setMode(m: string): void };
    assert.throws(() => inner.enterClaiming(), /a second round while one is under way/);
    assert.throws(() => inner.enterIdle(), /IDLE while a round is under way/);
    assert.throws(() => inner.setMode('claiming'), /no transition from claiming to claiming/);
    await h.finish();
    assert.throws(() => inner.setMode('claiming'), /no transition from stopped to claiming/);
    assert.equal(h.loop.mode, 'stopped');
  });
});
