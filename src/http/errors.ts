// The problem catalog. Services throw these; the one error handler turns them into problem+json
// (RFC 9457). The token endpoints' errors (RFC 6749 §5.2) have their own catalog: oauth-errors.ts.

export interface InvalidParam {
  /** Dotted path of the offending input: `keys.17.lockId`, `limit`. */
  name: string;
  reason: string;
}

/**
 * Every problem the API answers, by name. The name is the stable part of `type`
 * (`urn:latchkey:problem:<name>`): clients may branch on it, so a name is never renamed or reused.
 * Code throws a problem by name (`problem('conflict', …)`, `notFound('lock')`), never by status.
 */
export const PROBLEMS = {
  'validation-error': { status: 400, title: 'Invalid request' },
  'bad-request': { status: 400, title: 'Bad request' },
  /** An app refresh token that is unknown, already used, or of a session that has ended: log in again. */
  'invalid-refresh-token': { status: 400, title: 'Invalid refresh token' },
  /** A DPoP proof (RFC 9449) missing, malformed, or not signed by the session's device key. */
  'invalid-dpop-proof': { status: 400, title: 'Invalid DPoP proof' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  forbidden: { status: 403, title: 'Forbidden' },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  conflict: { status: 409, title: 'Conflict' },
  /** The first request with this Idempotency-Key is still running. */
  'idempotency-key-in-use': { status: 409, title: 'Idempotency-Key in use' },
  'payload-too-large': { status: 413, title: 'Payload too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  /** The operation exists only in sandbox projects (their access log holds no real door's record). */
  'sandbox-only': { status: 403, title: 'Only in a sandbox project' },
  /** This Idempotency-Key came with another request within 24 hours. */
  'idempotency-key-reused': { status: 422, title: 'Idempotency-Key reused' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  'internal-error': { status: 500, title: 'Internal server error' },
  'service-unavailable': { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemName = keyof typeof PROBLEMS;

export function problemType(name: ProblemName): string {
  return `urn:latchkey:problem:${name}`;
}

/**
 * The problem a framework error with only a status code stands for (Fastify's own 4xx). Only the
 * error handler needs this; the service's own code names its problems.
 */
export function problemOfStatus(status: number): ProblemName {
  const found = (Object.keys(PROBLEMS) as ProblemName[]).find((n) => PROBLEMS[n].status === status);
  return found ?? (status >= 500 ? 'internal-error' : 'bad-request');
}

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly problem: ProblemName,
    readonly detail: string,
    readonly extra: { invalidParams?: InvalidParam[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.status = PROBLEMS[problem].status;
    // Every 401 and 403 carries a bearer challenge (RFC 6750 §3): a 403 thrown without one (no
    // sharing right, not a sandbox) says the token lacks a right; a 401, that it was not accepted.
    if ((this.status === 401 || this.status === 403) && !extra.headers?.['www-authenticate']) {
      const challenge = bearerChallenge(this.status === 403 ? 'insufficient_scope' : 'invalid_token', detail);
      this.extra = { ...extra, headers: { ...extra.headers, 'www-authenticate': challenge } };
    }
  }
}

/** 403: the operation exists only in sandbox projects. */
export const sandboxOnly = (detail: string) => new ApiError('sandbox-only', detail);

export const problem = (
  name: ProblemName,
  detail: string,
  extra?: { invalidParams?: InvalidParam[]; headers?: Record<string, string> },
) => new ApiError(name, detail, extra);
export const badRequest = (detail: string, invalidParams?: InvalidParam[]) =>
  new ApiError('validation-error', detail, { invalidParams });
export const invalidParam = (name: string, reason: string) =>
  new ApiError('validation-error', `${name}: ${reason}`, { invalidParams: [{ name, reason }] });
export const notFound = (what: string) => new ApiError('not-found', `${what} not found`);

/**
 * What a lookup found, or a 404 naming what was looked for (other tenants' things are not found).
 * A write that answers what it changed (the row, or true) is such a lookup too: when it changed
 * nothing (undefined, false), there was no such thing to change.
 */
export async function found<T>(what: string, lookup: Promise<T | undefined | null>): Promise<T> {
  const row = await lookup;
  if (!row) throw notFound(what);
  return row;
}
export const conflict = (detail: string, invalidParams?: InvalidParam[]) =>
  new ApiError('conflict', detail, { invalidParams });
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new ApiError('rate-limited', detail, { headers: { 'retry-after': String(retryAfterSeconds) } });

/** RFC 6750 §3 challenge. `error` is omitted when the request carried no token at all. */
export function bearerChallenge(
  error?: 'invalid_token' | 'insufficient_scope' | 'invalid_request',
  description?: string,
) {
  let v = 'Bearer realm="latchkey"';
  if (error) v += `, error="${error}"`;
  // error_description allows printable ASCII but the quote and backslash (RFC 6750 §3).
  if (description) v += `, error_description="${description.replace(/[^\x20-\x7e]|["\\]/g, '')}"`;
  return v;
}

export const unauthorized = (error?: 'invalid_token' | 'invalid_request', description?: string) =>
  new ApiError('unauthorized', description ?? 'A bearer token is required', {
    headers: { 'www-authenticate': bearerChallenge(error, description) },
  });

export const forbidden = (description: string, scope?: string) =>
  new ApiError('forbidden', description, {
    headers: {
      'www-authenticate': `${bearerChallenge('insufficient_scope', description)}${scope ? `, scope="${scope}"` : ''}`,
    },
  });
