// test-runner: store-independent
// The per-webhook slots on their own: states and room, with made-up deliveries and clock values
// (no store, no network, no timers).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ClaimedDelivery } from '../../src/delivery/queries.ts';
import { type Held, WebhookSlots } from '../../src/delivery/slots.ts';

const options = {
  maxInFlight: 10,
  slowMaxInFlight: 4,
  perWebhook: 2,
  claimAhead: 1,
  claimAheadMax: 3,
  aheadHorizonMs: 0,
  slowAfterMs: 1_000,
  minLeaseLeftMs: 20_000,
};

let n = 0;
function delivery(webhook: string, leaseEnds = 60_000): Held {
  n++;
  return {
    id: `d${n}`,
    webhook_id: webhook,
    leaseEnds,
    leased_until: new Date(leaseEnds),
  } as unknown as ClaimedDelivery & { leaseEnds: number };
}

describe('webhook slots', () => {
  it('a new webhook is held one at a time; once it answers fast, slots and a waiting line', () => {
    const slots = new WebhookSlots(options);
    slots.hold(delivery('a'));
    assert.equal(slots.stateOf('a'), 'new');
    assert.equal(slots.room().get('a'), 0);
    const { send } = slots.take('a', 0);
    assert.equal(send.length, 1);
    slots.answered('a', 5);
    slots.finished(send[0]!);
    // Nothing held: the next claim gives it what a webhook held by nobody gets.
    assert.equal(slots.stateOf('a'), undefined);
    slots.hold(delivery('a'));
    assert.equal(slots.stateOf('a'), 'fast');
    assert.equal(slots.room().get('a'), 2 + 1 - 1);
    assert.equal(slots.sharedRoom, 9);
  });

  it('a request unanswered past the limit makes its webhook slow and gives the shared room back', () => {
    const slots = new WebhookSlots(options);
    slots.hold(delivery('a'));
    const first = slots.take('a', 0).send[0]!;
    slots.answered('a', 5);
    slots.finished(first);
    for (let i = 0; i < 3; i++) slots.hold(delivery('a'));
    const sending = slots.take('a', 0).send;
    assert.equal(sending.length, 2);
    assert.equal(slots.sharedRoom, 7);
    assert.equal(slots.markLate(999), false);
    assert.equal(slots.markLate(1_000), true);
    assert.equal(slots.stateOf('a'), 'slow');
    assert.equal(slots.sharedRoom, 10);
    // Slow: its sending slots only, and it holds 3 already; the slow lane (4) is not full.
    assert.equal(slots.room().get('a'), 2 - 3);
    // Both answered fast after all: fast again, back in the shared room.
    for (const s of sending) {
      slots.answered('a', 5);
      slots.finished(s);
    }
    assert.equal(slots.stateOf('a'), 'fast');
    assert.equal(slots.sharedRoom, 9);
  });

  it('slow webhooks get nothing more while the slow lane is full', () => {
    const slots = new WebhookSlots(options);
    for (const w of ['a', 'b']) {
      slots.hold(delivery(w));
      const s = slots.take(w, 0).send[0]!;
      slots.answered(w, 5_000); // an answer after 5 s: slow from now on
      slots.finished(s);
    }
    slots.hold(delivery('a'));
    slots.hold(delivery('b'));
    assert.equal(slots.stateOf('a'), 'slow');
    assert.deepEqual(
      [...slots.room()],
      [
        ['a', 1],
        ['b', 1],
      ],
    );
    slots.hold(delivery('a'));
    slots.hold(delivery('b'));
    assert.deepEqual(
      [...slots.room()],
      [
        ['a', 0],
        ['b', 0],
      ],
    );
    assert.equal(slots.sharedRoom, 10);
  });

  /** Slots where webhook 'a' sent one delivery, answered after `ms` at 10 s, and holds nothing now. */
  function afterOneAnswer(ms: number): WebhookSlots {
    const slots = new WebhookSlots(options);
    slots.hold(delivery('a'));
    const s = slots.take('a', 0).send[0]!;
    slots.answered('a', ms, 10_000);
    slots.finished(s);
    assert.equal(slots.stateOf('a'), undefined);
    return slots;
  }

  it('a webhook that answered fast lately keeps its whole room while holding nothing, for a second', () => {
    const slots = afterOneAnswer(5);
    // perWebhook 2 + claimAhead 1: what a FAST webhook may hold.
    assert.equal(slots.room(10_500).get('a'), 3);
    assert.equal(slots.room(11_000).has('a'), false);
  });

  it('a slow answer does not keep a room for a webhook holding nothing', () => {
    const slots = afterOneAnswer(5_000);
    assert.equal(slots.room(10_001).has('a'), false);
  });

  it('a delivery with too little lease left is not sent but handed back', () => {
    const slots = new WebhookSlots(options);
    slots.hold(delivery('a', 30_000));
    const { send, stale } = slots.take('a', 10_001);
    assert.equal(send.length, 0);
    assert.equal(stale.length, 1);
    assert.equal(slots.stateOf('a'), undefined);
    assert.equal(slots.sharedRoom, 10);
  });

  it('after a 410, nothing more is claimed for the webhook until it is written', () => {
    const slots = new WebhookSlots(options);
    slots.hold(delivery('a'));
    const s = slots.take('a', 0).send[0]!;
    slots.answered('a', 5);
    slots.markGone('a');
    slots.finished(s);
    assert.equal(slots.room().get('a'), 0);
    assert.equal(slots.stateOf('a'), 'gone');
    slots.goneWritten('a');
    assert.equal(slots.room().has('a'), false);
  });
});
