// PostgreSQL adapter over a `pg` pool. Connection failures surface as StoreUnavailableError (503)
// within connectionTimeoutMillis instead of hanging requests while the server is down.
import pg from 'pg';
import type { Db, QueryResult, Tx } from './db.ts';
import { translateStoreError } from './errors.ts';

const INT8 = 20;
// int8 (count(*), bigint columns) as a JS number: every value we store fits in 2^53.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

export interface PgStoreOptions {
  url: string;
  poolSize: number;
  /** Tests isolate themselves in a schema per file. */
  schema?: string;
  statementTimeoutMs?: number;
}

function clientConfig(o: PgStoreOptions): pg.ClientConfig {
  const opts = [`-c statement_timeout=${o.statementTimeoutMs ?? 15000}`];
  if (o.schema) opts.push(`-c search_path=${o.schema}`);
  return { connectionString: o.url, options: opts.join(' '), types, connectionTimeoutMillis: 3000 };
}

export async function openPgStore(o: PgStoreOptions): Promise<Db> {
  const pool = new pg.Pool({ ...clientConfig(o), max: o.poolSize, idleTimeoutMillis: 30000 });
  // An idle client's connection dropping (server restart) emits 'error' on the pool; without a
  // listener that would crash the process. The next checkout reconnects.
  pool.on('error', () => {});
  const run = async <R>(q: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) => {
    try {
      const r = await q.query(sql, params as unknown[]);
      return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 } satisfies QueryResult<R>;
    } catch (e) {
      throw translateStoreError(e);
    }
  };

  const db: Db = {
    kind: 'pg',
    query: (sql, params) => run(pool, sql, params),
    async transaction(fn) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (e) {
        throw translateStoreError(e);
      }
      let broken = false;
      // A checked-out client has no pool listener: its connection dropping between two queries of
      // this transaction (server restart) would emit an unhandled 'error' and crash the process.
      // The next query fails with a connection error (503); the client is then discarded.
      const onError = () => {
        broken = true;
      };
      client.on('error', onError);
      try {
        await run(client, 'BEGIN');
        const tx: Tx = {
          inTransaction: true,
          query: (sql, params) => run(client, sql, params),
          exec: async (sql) => {
            await run(client, sql);
          },
        };
        const result = await fn(tx);
        await run(client, 'COMMIT');
        return result;
      } catch (e) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true; // the connection is gone; do not return it to the pool
        }
        throw translateStoreError(e);
      } finally {
        client.removeListener('error', onError);
        client.release(broken);
      }
    },
    async exec(sql) {
      await run(pool, sql);
    },
    async listen(channel, onNotify) {
      return listenWithReconnect(o, channel, onNotify);
    },
    async close() {
      await pool.end();
    },
  };
  return db;
}

// A dedicated connection per LISTEN (a pooled one would be handed to someone else). It reconnects
// after a server restart; callers also poll, so a notification lost while reconnecting costs at
// most one poll interval.
async function listenWithReconnect(
  o: PgStoreOptions,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client(clientConfig(o));
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    c.on('error', () => {
      c.end().catch(() => {});
      if (!stopped) timer = setTimeout(() => void connect().catch(() => {}), 1000);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      client = c;
    } catch (e) {
      c.end().catch(() => {});
      if (!stopped) timer = setTimeout(() => void connect().catch(() => {}), 1000);
      throw translateStoreError(e);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}
