// Streams resuming far back catch up in bounded batches that take turns with live reads: another
// project's live event reaches its stream while they are still catching up, and every resumed
// stream still gets its whole backlog, then the live events, in order and once. Batches of 4 events
// here (LATCHKEY_STREAM_BATCH) make three resumers of 300 events take 225 turns. How long the live
// event waits is measured by `npm run bench:stream` (docs/performance.md), not here.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { accept, openStream, streamTenant } from '../helpers/streams.ts';

let t: TestApp;
let base: string;

before(async () => {
  t = await startTestApp({ LATCHKEY_STREAM_BATCH: '4' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
after(() => t.close());

describe('catch-up takes turns with live streams', () => {
  it('another project’s live event arrives while three streams resume 300 events back', async () => {
    const busy = await streamTenant(t, 'Backlog');
    const live = await streamTenant(t, 'Live');
    const backlog = await accept(t, busy, 300);
    const watching = await openStream(base, live);
    const resumers = await Promise.all(
      [0, 1, 2].map(() => openStream(base, busy, { headers: { 'last-event-id': backlog[0]! } })),
    );
    try {
      const [liveEvent] = await accept(t, live);
      assert.equal((await watching.waitEvents(1))[0]!.id, liveEvent);
      const progress = resumers.map((s) => s.events.length);
      assert.ok(
        progress.some((n) => n < backlog.length - 1),
        `the live event came only after every backlog was written (${progress.join(', ')} of ${backlog.length - 1})`,
      );
      const [busyLive] = await accept(t, busy);
      for (const s of resumers) {
        const got = await s.waitEvents(backlog.length);
        assert.deepEqual(
          got.map((e) => e.id),
          [...backlog.slice(1), busyLive],
        );
      }
      // Nothing more: no event twice.
      const [last] = await accept(t, busy);
      for (const s of resumers) {
        assert.equal((await s.waitEvents(backlog.length + 1))[backlog.length]!.id, last);
        assert.equal(new Set(s.events.map((e) => e.id)).size, s.events.length);
      }
    } finally {
      watching.close();
      for (const s of resumers) s.close();
    }
  });
});
