// LISTEN/NOTIFY through the store seam: a listener may query the store, also when the NOTIFY was sent
// from a transaction (PGlite runs the listener during that transaction's COMMIT).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signal } from '../helpers/signal.ts';
import { openTestStore, type TestStore } from '../helpers/store.ts';

let s: TestStore;
before(async () => {
  s = await openTestStore();
});
after(() => s.close());

describe('notify', () => {
  it('a listener woken by a transaction’s NOTIFY can query the store', async () => {
    const results: (number | Error)[] = [];
    const answered = signal();
    const unlisten = await s.db.listen('latchkey_notify_test', () => {
      let q: Promise<{ rows: { n: number }[] }>;
      try {
        q = s.db.query<{ n: number }>('SELECT 41 + 1 AS n');
      } catch (e) {
        results.push(e as Error);
        answered.fire();
        return;
      }
      q.then(
        (r) => results.push(Number(r.rows[0]!.n)),
        (e: Error) => results.push(e),
      ).finally(() => answered.fire());
    });
    try {
      await s.db.transaction(async (tx) => {
        await tx.query("SELECT pg_notify('latchkey_notify_test', 'x')");
      });
      await answered.fired;
      assert.deepEqual(results, [42]);
    } finally {
      await unlisten();
    }
  });
});
