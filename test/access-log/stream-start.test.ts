// A stream opened without Last-Event-ID carries only events accepted after it opened: never events
// accepted before, not even those accepted while no stream of the project was open (the hub's
// position was then left behind), on either of two API processes. The stream's order is the
// accepting transaction's, so if any of the five older events came, it would come before the new
// one: the first event a stream shows must be the new one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { type SecondApp, startSecondApp } from '../helpers/second-app.ts';
import { accept, openStream, type StreamTenant, streamsGone, streamTenant } from '../helpers/streams.ts';

let t: TestApp;
let baseA: string;
let b: SecondApp;

before(async () => {
  t = await startTestApp();
  baseA = await t.app.listen({ port: 0, host: '127.0.0.1' });
  b = await startSecondApp(t);
});
after(async () => {
  await b.close();
  await t.close();
});

/** Open, see an event, close; accept five; open again: only what is accepted from then on. */
async function openCloseAcceptOpen(x: StreamTenant, base: string, ctx: SecondApp['ctx']): Promise<void> {
  const first = await openStream(base, x);
  assert.equal(first.status, 200);
  const [seen] = await accept(t, x);
  assert.equal((await first.waitEvents(1))[0]!.id, seen);
  first.close();
  await streamsGone(ctx, x.projectId);
  const before = await accept(t, x, 5);
  const again = await openStream(base, x);
  try {
    assert.equal(again.status, 200);
    const [fresh] = await accept(t, x);
    const [firstShown] = await again.waitEvents(1);
    assert.ok(!before.includes(firstShown!.id!), 'an event accepted before the stream opened');
    assert.equal(firstShown!.id, fresh);
    // Resuming still reads from the log: after the first of the five, the other four and the new one.
    const resumed = await openStream(base, x, { headers: { 'last-event-id': before[0]! } });
    assert.deepEqual(
      (await resumed.waitEvents(5)).map((e) => e.id),
      [...before.slice(1), fresh],
    );
    resumed.close();
  } finally {
    again.close();
  }
}

describe('a new stream starts now', () => {
  it('on the process that accepted the events', async () => {
    await openCloseAcceptOpen(await streamTenant(t, 'Here'), baseA, t.ctx);
  });

  it('on another process', async () => {
    await openCloseAcceptOpen(await streamTenant(t, 'There'), b.base, b.ctx);
  });

  it('while another project’s streams keep the hub reading', async () => {
    const busy = await streamTenant(t, 'Busy');
    const x = await streamTenant(t, 'Quiet');
    const others = [await openStream(baseA, busy), await openStream(b.base, busy)];
    try {
      await openCloseAcceptOpen(x, baseA, t.ctx);
      await openCloseAcceptOpen(x, b.base, b.ctx);
    } finally {
      for (const s of others) s.close();
    }
  });

  it('an event accepted as the stream opens comes first or not at all, and nothing older comes', async () => {
    const x = await streamTenant(t, 'Racing');
    for (let round = 0; round < 5; round++) {
      const pending = accept(t, x);
      const s = await openStream(baseA, x);
      const [racing] = await pending;
      const [fresh] = await accept(t, x);
      const got = (await s.waitEvents(1))[0]!.id;
      // Either the racing event was accepted after the stream opened (first), or before (absent).
      assert.ok(got === racing || got === fresh, `round ${round}: ${got}`);
      if (got === racing) assert.equal((await s.waitEvents(2))[1]!.id, fresh);
      s.close();
    }
  });
});
