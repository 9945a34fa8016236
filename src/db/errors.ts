// SQLSTATE and driver errors → what the rest of the code cares about.

/** Why the store cannot be used, as a word a program can test. */
export type StoreFailure =
  | 'refused'
  | 'unresolvable'
  | 'authentication'
  | 'timeout'
  | 'no-database'
  | 'closed'
  | 'shutting-down'
  | 'too-many-connections'
  | 'other';

/**
 * The store cannot be reached or is shutting down: the HTTP layer answers 503. The message names
 * the store (`target`, never a password) and the cause in plain words, e.g.
 * `store unavailable: PostgreSQL app@db.invalid:5432/latchkey: the host name does not resolve`.
 */
export class StoreUnavailableError extends Error {
  readonly reason: StoreFailure;

  constructor(
    cause: unknown,
    /** Which store, in words (`PostgreSQL app@host:5432/db`, or the embedded store's directory). */
    readonly target?: string,
    /** The connect timeout, for the words of a timeout. */
    timeoutMs?: number,
  ) {
    const { reason, words } = storeFailure(cause, timeoutMs);
    super(`store unavailable: ${target ? `${target}: ` : ''}${words}`, { cause });
    this.reason = reason;
  }
}

const errorCode = (e: unknown) => (e && typeof e === 'object' ? (e as { code?: unknown }).code : undefined);
const errorMessage = (e: unknown) =>
  e && typeof e === 'object' ? String((e as { message?: unknown }).message ?? '') : String(e);

/** The cause of a store failure, classified and in words (the server's own words where it gave some). */
export function storeFailure(err: unknown, timeoutMs?: number): { reason: StoreFailure; words: string } {
  const code = errorCode(err);
  const m = errorMessage(err);
  // Node reports a refused connection to a name with two addresses as an AggregateError.
  const inner = (err as { errors?: unknown[] } | undefined)?.errors?.[0];
  const codes = [code, errorCode(inner)];
  if (codes.includes('ECONNREFUSED'))
    return { reason: 'refused', words: 'connection refused (nothing listens there, or a firewall refuses)' };
  if (codes.includes('ENOTFOUND')) return { reason: 'unresolvable', words: 'the host name does not resolve' };
  if (codes.includes('EAI_AGAIN'))
    return { reason: 'unresolvable', words: 'the host name could not be resolved (no answer from DNS)' };
  if (typeof code === 'string' && code.startsWith('28'))
    return { reason: 'authentication', words: `authentication failed: ${m}` };
  if (code === '3D000') return { reason: 'no-database', words: `the database does not exist: ${m}` };
  if (
    codes.includes('ETIMEDOUT') ||
    m.includes('timeout exceeded when trying to connect') ||
    m.includes('Connection terminated due to connection timeout')
  ) {
    const within = timeoutMs === undefined ? '' : ` within ${timeoutMs / 1000} s`;
    return { reason: 'timeout', words: `timed out (no answer${within})` };
  }
  if (code === '57P01' || code === '57P02' || code === '57P03')
    return { reason: 'shutting-down', words: `the server is shutting down or starting up: ${m}` };
  if (code === '53300') return { reason: 'too-many-connections', words: `too many connections: ${m}` };
  if (m.includes('PGlite is closed') || m.includes('Cannot use a pool after calling end'))
    return { reason: 'closed', words: 'the store is closed (the process is stopping)' };
  return { reason: 'other', words: m || 'no answer' };
}

/** Connection failures, and refusals at connection time (authentication, a missing database). */
const CONNECTION_CODES = new Set([
  '3D000', // invalid_catalog_name: the database does not exist
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

export function isConnectionError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const inner = (err as { errors?: unknown[] }).errors?.[0];
  if (inner && isConnectionError(inner)) return true;
  const e = err as { code?: string; message?: string };
  if (e.code && (CONNECTION_CODES.has(e.code) || e.code.startsWith('08') || e.code.startsWith('28')))
    return true;
  const m = e.message ?? '';
  return (
    m.includes('Connection terminated') ||
    m.includes('timeout exceeded when trying to connect') ||
    m.includes('Client has encountered a connection error') ||
    m.includes('Cannot use a pool after calling end') ||
    m.includes('PGlite is closed')
  );
}

/** Wraps connection failures so the error handler can answer 503 without knowing the driver. */
export function translateStoreError(err: unknown, target?: string, timeoutMs?: number): unknown {
  return isConnectionError(err) ? new StoreUnavailableError(err, target, timeoutMs) : err;
}

export function sqlState(err: unknown): string | undefined {
  return err && typeof err === 'object' ? (err as { code?: string }).code : undefined;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (sqlState(err) !== '23505') return false;
  return constraint === undefined || (err as { constraint?: string }).constraint === constraint;
}
