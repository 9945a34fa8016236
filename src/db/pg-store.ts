// PostgreSQL adapter over a `pg` pool. Connection failures surface as StoreUnavailableError (503)
// within connectionTimeoutMillis instead of hanging requests while the server is down.
// Pooled connections carry no session state (no SET, no session advisory lock, no LISTEN), so
// DATABASE_URL may point at PgBouncer in transaction pooling mode: a statement timeout is set per
// transaction with SET LOCAL. LISTEN needs a session of its own: one direct connection per store
// (`listenUrl`, LATCHKEY_LISTEN_DATABASE_URL) carries every channel this process listens on.
import type pg from 'pg';
import type { Db, QueryResult, Tx } from './db.ts';
import { translateStoreError } from './errors.ts';
import { pgTarget } from './pg-target.ts';

type Pg = typeof pg;

const INT8 = 20;

export interface PgStoreOptions {
  url: string;
  /** The LISTEN connection's URL: direct to PostgreSQL, never through a transaction pooler (default: url). */
  listenUrl?: string;
  poolSize: number;
  /**
   * Tests isolate themselves in a schema per file: a search_path startup option, i.e. session
   * state, so only on direct connections (never set in production).
   */
  schema?: string;
  /** Bound on each transaction's statements (SET LOCAL; default 15 s). */
  statementTimeoutMs?: number;
  /** Bound on making a connection (default 3 s). */
  connectTimeoutMs?: number;
}

const CONNECT_TIMEOUT_MS = 3000;

function clientConfig(driver: Pg, o: PgStoreOptions, url: string): pg.ClientConfig {
  return {
    connectionString: url,
    ...(o.schema ? { options: `-c search_path=${o.schema}` } : {}),
    // int8 (count(*), bigint columns) as a JS number: every value we store fits in 2^53.
    types: {
      getTypeParser(oid: number, format?: 'text' | 'binary') {
        if (oid === INT8) return (v: string) => Number(v);
        return driver.types.getTypeParser(oid, format as 'text');
      },
    },
    connectionTimeoutMillis: o.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
  };
}

export async function openPgStore(o: PgStoreOptions): Promise<Db> {
  // Loaded here rather than at the top: a process on the embedded store never loads the driver
  // (docs/performance.md, "Memory").
  const { default: driver } = await import('pg');
  const pool = new driver.Pool({
    ...clientConfig(driver, o, o.url),
    max: o.poolSize,
    idleTimeoutMillis: 30000,
  });
  const timeoutMs = o.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  // Failures name the store they are about: `store unavailable: PostgreSQL app@host:5432/db: …`.
  const target = `PostgreSQL ${pgTarget(o.url)}`;
  const listenUrl = o.listenUrl ?? o.url;
  const listener = new Listener(driver, clientConfig(driver, o, listenUrl), (e) =>
    translateStoreError(e, `PostgreSQL ${pgTarget(listenUrl)} (listening)`, timeoutMs),
  );
  // One round trip: the simple protocol runs both; SET LOCAL ends with the transaction, so nothing
  // is left on a connection a pooler hands to someone else.
  const begin = `BEGIN; SET LOCAL statement_timeout = ${Math.trunc(o.statementTimeoutMs ?? 15000)}`;
  // An idle client's connection dropping (server restart) emits 'error' on the pool; without a
  // listener that would crash the process. The next checkout reconnects.
  pool.on('error', () => {});
  const run = async <R>(q: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) => {
    try {
      const r = await q.query(sql, params as unknown[]);
      return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 } satisfies QueryResult<R>;
    } catch (e) {
      throw translateStoreError(e, target, timeoutMs);
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
        throw translateStoreError(e, target, timeoutMs);
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
        await run(client, begin);
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
        throw translateStoreError(e, target, timeoutMs);
      } finally {
        client.removeListener('error', onError);
        client.release(broken);
      }
    },
    async exec(sql) {
      await run(pool, sql);
    },
    listen: (channel, onNotify) => listener.subscribe(channel, onNotify),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
  return db;
}

// The process's one LISTEN connection, shared by every channel and subscriber (the delivery
// worker's wake-ups, live streams). It reconnects after a server restart and listens again on every
// channel; callers also poll or resume, so a notification lost while reconnecting costs at most one
// poll interval.
class Listener {
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly driver: Pg,
    private readonly config: pg.ClientConfig,
    private readonly translate: (e: unknown) => unknown,
  ) {}

  async subscribe(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    const handler = (payload: string) => onNotify(payload);
    set.add(handler);
    const unsubscribe = async () => {
      if (!set.delete(handler) || set.size > 0 || this.handlers.get(channel) !== set) return;
      this.handlers.delete(channel);
      await this.client?.query(`UNLISTEN ${this.driver.escapeIdentifier(channel)}`).catch(() => {});
    };
    try {
      // A connection being made listens on every channel subscribed by the time it is up.
      if (!this.client) await this.connect();
      else if (first) await this.client.query(`LISTEN ${this.driver.escapeIdentifier(channel)}`);
    } catch (e) {
      await unsubscribe();
      throw this.translate(e);
    }
    return unsubscribe;
  }

  private connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private retryLater(): void {
    if (this.closed || this.handlers.size === 0 || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect().catch(() => {});
    }, 1000);
  }

  private async open(): Promise<void> {
    const c = new this.driver.Client(this.config);
    c.on('notification', (n) => {
      for (const fn of this.handlers.get(n.channel) ?? []) fn(n.payload ?? '');
    });
    c.on('error', () => {
      if (this.client === c) this.client = undefined;
      c.end().catch(() => {});
      this.retryLater();
    });
    try {
      await c.connect();
      // Channels subscribed while connecting are included: the set is read after the connect.
      for (;;) {
        const channels = [...this.handlers.keys()];
        if (channels.length > 0)
          await c.query(channels.map((ch) => `LISTEN ${this.driver.escapeIdentifier(ch)}`).join('; '));
        if (channels.length === this.handlers.size) break;
      }
      if (this.closed) {
        await c.end();
        return;
      }
      this.client = c;
    } catch (e) {
      c.end().catch(() => {});
      this.retryLater();
      throw e;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.connecting?.catch(() => {});
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => {});
  }
}
