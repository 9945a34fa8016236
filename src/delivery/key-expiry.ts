// key.expired: keys reach their end without any request, so a job looks for them. Each key is
// announced once (`expiry_sent`), in the transaction that marks it, in batches that skip rows
// another process's run holds, so any number of processes share the work.
import type { FastifyBaseLogger } from 'fastify';
import { reconcileAfterKeyChange } from '../bridge/reconcile-queue.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/db.ts';
import { periodicJobStart, type StopJob } from '../periodic.ts';
import { KEY_COLUMNS, type KeyRow } from '../resources/keys/present.ts';
import { enqueueKeyChanged } from './envelopes.ts';

const BATCH = 1000;

/** Marks the keys whose end has passed and announces them; returns how many. */
export async function keysExpiredAnnounce(db: Db, now: Date = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const { rows } = await tx.query<KeyRow>(
        `UPDATE keys SET expiry_sent = true
          WHERE id IN (SELECT id FROM keys
                        WHERE NOT expiry_sent AND ends IS NOT NULL AND revoked IS NULL AND ends <= $1
                        ORDER BY ends LIMIT $2 FOR UPDATE SKIP LOCKED)
          RETURNING ${KEY_COLUMNS}`,
        [now, BATCH],
      );
      await enqueueKeyChanged(tx, 'key.expired', rows, now);
      // An ended key's PIN comes off its lock (the service checks every event anyway).
      await reconcileAfterKeyChange(
        tx,
        rows.map((r) => r.id),
      );
      return rows.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}

/** Every `intervalMs` (LATCHKEY_KEY_EXPIRY_INTERVAL_MS): key.expired within that long of the end. */
export function keyExpiryJobStart(ctx: Pick<AppContext, 'db' | 'config'>, log: FastifyBaseLogger): StopJob {
  return periodicJobStart({
    intervalMs: ctx.config.keyExpiryIntervalMs,
    run: async () => {
      const n = await keysExpiredAnnounce(ctx.db);
      if (n > 0) log.info({ expired: n }, 'key expiries announced');
    },
    log,
    failure: 'announcing key expiries failed; retrying at the next run',
    failureLevel: 'warn',
  });
}
