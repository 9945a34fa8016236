// The store seam: one interface over PostgreSQL (`pg`) and the embedded PGlite, so every query is
// written once in one SQL dialect. Services receive a `Queryable`; code that must write several
// things together asks for a transaction and receives a `Tx`.

export interface QueryResult<R> {
  rows: R[];
  /** Rows returned by a SELECT or changed by INSERT/UPDATE/DELETE. */
  rowCount: number;
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
}

/** A connection inside an open transaction. Functions that must run in one take it as a typed argument. */
export interface Tx extends Queryable {
  readonly inTransaction: true;
  /** Runs a multi-statement script inside the transaction (migrations). */
  exec(sql: string): Promise<void>;
}

export type StoreKind = 'pg' | 'pglite';

export interface Db extends Queryable {
  readonly kind: StoreKind;
  /** Runs `fn` in one transaction: COMMIT when it resolves, ROLLBACK when it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs a multi-statement script (migrations). */
  exec(sql: string): Promise<void>;
  /** Calls `onNotify` for each NOTIFY on `channel`; resolves to an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
