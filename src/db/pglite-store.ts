// Embedded PGlite adapter. PGlite is one connection on the main thread: a query issued while a
// transaction is open would run *inside* it (and be lost on its rollback). So every top-level query
// and every transaction goes through one FIFO lock, and a transaction runs inside
// pglite.transaction(). Calling `db.query` from within a transaction callback (instead of `tx`) would
// wait for itself forever; that is caught and thrown as a programming error.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Db, QueryResult, Tx } from './db.ts';
import { translateStoreError } from './errors.ts';
import { acquireDataDirLock } from './lock-file.ts';

const INT8 = 20;

class FifoLock {
  private tail: Promise<void> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.then(
      () => {},
      () => {},
    );
    return result;
  }
}

export interface PgliteStoreOptions {
  /** Directory to persist in; undefined = in memory (tests). */
  dataDir?: string;
  /** A dump of a migrated database to start from (tests). */
  loadDataDir?: Blob;
}

export async function openPgliteStore(o: PgliteStoreOptions): Promise<Db & { pglite: PGlite }> {
  let release = () => {};
  if (o.dataDir) {
    mkdirSync(o.dataDir, { recursive: true });
    release = acquireDataDirLock(o.dataDir);
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      dataDir: o.dataDir,
      loadDataDir: o.loadDataDir,
      parsers: { [INT8]: (v: string) => Number(v) },
    });
  } catch (e) {
    release();
    throw e;
  }
  const lock = new FifoLock();
  const inTx = new AsyncLocalStorage<true>();
  const wrap = async <R>(p: Promise<{ rows: unknown[]; affectedRows?: number; rowCount?: number }>) => {
    try {
      const r = await p;
      return {
        rows: r.rows as R[],
        rowCount: r.rowCount ?? r.affectedRows ?? r.rows.length,
      } satisfies QueryResult<R>;
    } catch (e) {
      throw translateStoreError(e);
    }
  };
  const guard = () => {
    if (inTx.getStore()) {
      throw new Error('db.query() called inside a transaction: use the transaction handle (tx.query)');
    }
  };

  return {
    kind: 'pglite',
    pglite,
    query(sql, params) {
      guard();
      return lock.run(() => wrap(pglite.query(sql, params as unknown[])));
    },
    transaction(fn) {
      guard();
      return lock.run(() =>
        inTx.run(true, async () => {
          try {
            return await pglite.transaction(async (t) => {
              const tx: Tx = {
                inTransaction: true,
                query: (sql, params) => wrap(t.query(sql, params as unknown[])),
                exec: async (sql) => {
                  try {
                    await t.exec(sql);
                  } catch (e) {
                    throw translateStoreError(e);
                  }
                },
              };
              return fn(tx);
            });
          } catch (e) {
            throw translateStoreError(e);
          }
        }),
      );
    },
    async exec(sql) {
      guard();
      await lock.run(() => pglite.exec(sql));
    },
    async listen(channel, onNotify) {
      // PGlite delivers a NOTIFY during the COMMIT of the transaction that sent it, i.e. inside that
      // transaction's async context: without exit() a listener that queries (the delivery worker's
      // wake-up) trips the guard above although it is not part of the transaction.
      const unsubscribe = await lock.run(() =>
        pglite.listen(channel, (payload) => inTx.exit(() => onNotify(payload))),
      );
      return async () => {
        if (!pglite.closed) await lock.run(() => unsubscribe());
      };
    },
    async close() {
      try {
        await lock.run(() => pglite.close());
      } finally {
        release();
      }
    },
  };
}
