// Embedded PGlite adapter. PGlite is one connection on the main thread: a query issued while a
// transaction is open would run *inside* it (and be lost on its rollback). So every top-level query
// and every transaction goes through one FIFO lock, and a transaction runs inside
// pglite.transaction(). Calling `db.query` from within a transaction callback (instead of `tx`) would
// wait for itself forever; that is caught and thrown as a programming error.
import { AsyncLocalStorage } from 'node:async_hooks';
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { NodeFS } from '@electric-sql/pglite/nodefs';
import type { Db, QueryResult, Tx } from './db.ts';
import { translateStoreError } from './errors.ts';
import { acquireDataDirLock } from './lock-file.ts';
import { initdbInChild, isInitialized } from './pglite-initdb.ts';

const INT8 = 20;

/**
 * Server settings for the embedded store. PostgreSQL's defaults size shared buffers for a server
 * with many connections (128 MB); PGlite is one connection whose files sit in the operating
 * system's page cache anyway, so a buffer miss costs a read from memory, not from disk. Each
 * megabyte here is a megabyte of resident memory once the store has been used for a while
 * (docs/performance.md, "Memory").
 */
const PGLITE_SETTINGS = ['shared_buffers = 16MB', 'temp_buffers = 2MB', 'wal_buffers = 1MB'];

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

/** Clears the group and other bits of a mode: owner-only. */
const ownerOnly = (mode: number) => mode & ~0o077;

interface EmscriptenNodeFs {
  node_ops: {
    mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
    setattr(node: unknown, attr: { mode?: number }): void;
  };
}

type ModuleOptions = Parameters<NodeFS['init']>[1];

/**
 * PGlite's file system on Node creates files with mode 0777 and then chmods them to what the
 * database asked for, mostly 0666; a chmod ignores the umask, so most of the store's files came out
 * world-readable and writable. This file system passes every mode the database sets through
 * ownerOnly() first: files 0600, directories 0700 (which PostgreSQL itself accepts for a data
 * directory). A function of the NodeFS class because PGlite is loaded only when a store is opened.
 */
function ownerOnlyNodeFS(Base: typeof NodeFS, dataDir: string): NodeFS {
  class OwnerOnlyNodeFS extends Base {
    override async init(pg: PGlite, opts: ModuleOptions) {
      const r = await super.init(pg, opts);
      const preRun = [
        ...((r.emscriptenOpts.preRun as unknown[] | undefined) ?? []),
        (mod: { NODEFS: EmscriptenNodeFs }) => {
          const ops = mod.NODEFS.node_ops;
          const { mknod, setattr } = ops;
          ops.mknod = (parent, name, mode, dev) => mknod(parent, name, ownerOnly(mode), dev);
          ops.setattr = (node, attr) =>
            setattr(node, attr.mode === undefined ? attr : { ...attr, mode: ownerOnly(attr.mode) });
        },
      ];
      return { emscriptenOpts: { ...r.emscriptenOpts, preRun } as ModuleOptions };
    }
  }
  return new OwnerOnlyNodeFS(dataDir);
}

/** Tightens a data directory an older version left with looser modes (once, at open). */
function tightenTree(dir: string): void {
  const st = lstatSync(dir);
  if ((st.mode & 0o077) !== 0) chmodSync(dir, ownerOnly(st.mode & 0o777));
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) tightenTree(p);
    else if (e.isFile()) {
      const mode = lstatSync(p).mode & 0o777;
      if ((mode & 0o077) !== 0) chmodSync(p, ownerOnly(mode));
    }
  }
}

export interface PgliteDb extends Db {
  pglite: PGlite;
  /**
   * A consistent copy of the whole store (a gzipped tar of its data directory), taken while none
   * of this process's queries or transactions runs (the FIFO lock), after a CHECKPOINT: every
   * committed transaction is in it, no uncommitted one is.
   */
  dump(): Promise<Blob>;
}

export async function openPgliteStore(o: PgliteStoreOptions): Promise<PgliteDb> {
  let release = () => {};
  if (o.dataDir) {
    mkdirSync(o.dataDir, { recursive: true, mode: 0o700 });
    release = acquireDataDirLock(o.dataDir);
  }
  let pglite: PGlite;
  try {
    if (o.dataDir && !o.loadDataDir && !isInitialized(o.dataDir)) await initdbInChild(o.dataDir);
    if (o.dataDir) tightenTree(o.dataDir);
    // Loaded here rather than at the top: a process on PostgreSQL never loads PGlite.
    const [{ PGlite }, { NodeFS }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/nodefs'),
    ]);
    pglite = await PGlite.create({
      postgresqlconf: PGLITE_SETTINGS,
      ...(o.dataDir ? { fs: ownerOnlyNodeFS(NodeFS, o.dataDir) } : {}),
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
    dump() {
      guard();
      return lock.run(async () => {
        await pglite.exec('CHECKPOINT');
        return pglite.dumpDataDir('gzip');
      });
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
