// LISTEN/NOTIFY through the store seam: a listener may query the store (the delivery worker claims
// from its wake-up). On PGlite the listener is called from the notifying transaction's COMMIT, so it
// used to run inside that transaction's context and every query it made threw: NOTIFY wake-ups were
// lost and deliveries waited for the next poll.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { openTestStore, type TestStore } from '../helpers/store.ts';

let s: TestStore;
before(async () => {
  s = await openTestStore();
});
after(() => s.close());

it('a listener woken by a committed NOTIFY can query and open transactions', async () => {
  await s.db.exec('CREATE TABLE listen_probe (n integer PRIMARY KEY)');
  let resolve!: (v: unknown) => void;
  const seen = new Promise((r) => {
    resolve = r;
  });
  const unlisten = await s.db.listen('listen_probe', () => {
    try {
      s.db
        .transaction((tx) => tx.query<{ n: number }>('SELECT n FROM listen_probe'))
        .then((r) => resolve(r.rows.map((x) => x.n)), resolve);
    } catch (e) {
      resolve(e);
    }
  });
  const timeout = setTimeout(() => resolve(new Error('no notification within 10 s')), 10_000);
  try {
    await s.db.transaction(async (tx) => {
      await tx.query('INSERT INTO listen_probe VALUES (7)');
      await tx.query("SELECT pg_notify('listen_probe', '')");
    });
    // The listener saw the committed row (not an error, not the inside of the transaction).
    assert.deepEqual(await seen, [7]);
  } finally {
    clearTimeout(timeout);
    await unlisten();
  }
});
