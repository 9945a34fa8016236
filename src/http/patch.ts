// PATCH of one stored row: the current row is read FOR UPDATE and the merged one written in the same
// transaction, so two PATCHes of different fields of one row cannot undo each other (the second
// merges into what the first wrote).
import type { Db, Tx } from '../db/db.ts';
import { found } from './errors.ts';

/**
 * In one transaction: the row `readForUpdate` locks, then `write` of what the patch makes of it.
 * Answers the row written; 404 naming `what` when there is no such row (another tenant's is not
 * found), and nothing is written.
 */
export function patchRow<R, W>(
  db: Db,
  what: string,
  readForUpdate: (tx: Tx) => Promise<R | undefined>,
  write: (tx: Tx, current: R) => Promise<W | undefined>,
): Promise<W> {
  return found(
    what,
    db.transaction(async (tx) => {
      const current = await found(what, readForUpdate(tx));
      return write(tx, current);
    }),
  );
}
