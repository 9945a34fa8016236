// Streams resuming far back catch up in bounded batches that take turns with live reads: another
// project's live event reaches its stream while they are still catching up, and every resumed
// stream still gets its whole backlog, then the live events, in order and once. How long the live
// event waits is measured by `npm run bench:stream-catchup` (docs/performance.md), not here.
//
// The catch-up must outlast the live event's path (upload, commit, NOTIFY, one turn) by far:
// three resumers take 225 turns of 4 events on the embedded store, 2,000 turns of one event on
// PostgreSQL, whose turns are ten times quicker. And on PostgreSQL a live event can only be read
// once every older write transaction on the server has ended, other databases' included
// (docs/stream.md), while a catch-up does not wait for that: a round in which the live event could
// not be read as soon as its upload was answered says nothing, and another one runs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import type { SseStream } from '../helpers/sse.ts';
import { TEST_DATABASE_URL } from '../helpers/store.ts';
import { accept, openStream, streamTenant } from '../helpers/streams.ts';

const { backlogSize, batch } = TEST_DATABASE_URL
  ? { backlogSize: 667, batch: 1 }
  : { backlogSize: 300, batch: 4 };
const ROUNDS = 5;

let t: TestApp;
let base: string;

before(async () => {
  t = await startTestApp({ LATCHKEY_STREAM_BATCH: String(batch) });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
after(() => t.close());

/** Can the hub read the event: has every transaction older than the one that accepted it ended? */
async function readable(eventId: string): Promise<boolean> {
  const { rows } = await t.store.db.query<{ ok: boolean }>(
    'SELECT pg_snapshot_xmin(pg_current_snapshot()) > tx_id AS ok FROM access_event_feed WHERE event_id = $1',
    [eventId],
  );
  return rows[0]?.ok === true;
}

describe('catch-up takes turns with live streams', () => {
  it(`another project’s live event arrives while three streams resume ${backlogSize} events back`, async (tc) => {
    const busy = await streamTenant(t, 'Backlog');
    const live = await streamTenant(t, 'Live');
    const backlog = await accept(t, busy, backlogSize);
    const rest = backlog.length - 1;
    const watching = await openStream(base, live);
    let resumers: SseStream[] = [];
    try {
      for (let round = 1; ; round++) {
        resumers = await Promise.all(
          [0, 1, 2].map(() => openStream(base, busy, { headers: { 'last-event-id': backlog[0]! } })),
        );
        const [liveEvent] = await accept(t, live);
        const decidable = await readable(liveEvent!);
        const first = await Promise.race([
          watching.waitEvents(round).then(() => 'live'),
          Promise.all(resumers.map((s) => s.waitEvents(rest))).then(() => 'backlog'),
        ]);
        if (first === 'live') {
          assert.equal(watching.events[round - 1]!.id, liveEvent);
          break;
        }
        assert.ok(!decidable, 'the live event could be read once accepted, and came after every backlog');
        tc.diagnostic(`round ${round}: an older transaction held the live event back`);
        if (round === ROUNDS)
          return tc.skip(`in ${ROUNDS} rounds an older transaction held the live event back`);
        await watching.waitEvents(round);
        for (const s of resumers) s.close();
      }
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
