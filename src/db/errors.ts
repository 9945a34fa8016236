// SQLSTATE and driver errors → what the rest of the code cares about.

/** The store cannot be reached or is shutting down: the HTTP layer answers 503. */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super('store unavailable', { cause });
  }
}

const CONNECTION_CODES = new Set([
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
  const e = err as { code?: string; message?: string };
  if (e.code && (CONNECTION_CODES.has(e.code) || e.code.startsWith('08'))) return true;
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
export function translateStoreError(err: unknown): unknown {
  return isConnectionError(err) ? new StoreUnavailableError(err) : err;
}

export function sqlState(err: unknown): string | undefined {
  return err && typeof err === 'object' ? (err as { code?: string }).code : undefined;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (sqlState(err) !== '23505') return false;
  return constraint === undefined || (err as { constraint?: string }).constraint === constraint;
}
