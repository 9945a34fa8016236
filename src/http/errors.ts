// The error catalog. Services throw these; the one error handler turns them into responses:
// problem+json (RFC 9457) for the API, OAuth JSON (RFC 6749 §5.2) on token endpoints.

export interface InvalidParam {
  /** Dotted path of the offending input: `keys.17.lockId`, `limit`. */
  name: string;
  reason: string;
}

export const PROBLEM_TYPES = {
  400: 'validation-error',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  409: 'conflict',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'rate-limited',
  500: 'internal-error',
  503: 'service-unavailable',
} as const satisfies Record<number, string>;

const TITLES: Record<number, string> = {
  400: 'Invalid request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

export function problemType(status: number): string {
  const slug = (PROBLEM_TYPES as Record<number, string>)[status] ?? 'error';
  return `urn:latchkey:problem:${slug}`;
}

export function problemTitle(status: number): string {
  return TITLES[status] ?? 'Error';
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly extra: {
      invalidParams?: InvalidParam[];
      headers?: Record<string, string>;
      /** A more precise problem than the status's own: `type` becomes urn:latchkey:problem:<slug>. */
      problem?: { slug: string; title: string };
    } = {},
  ) {
    super(detail);
    // Every 401 and 403 carries a bearer challenge (RFC 6750 §3): a 403 thrown without one (no
    // sharing right, not a sandbox) says the token lacks a right; a 401, that it was not accepted.
    if ((status === 401 || status === 403) && !extra.headers?.['www-authenticate']) {
      const challenge = bearerChallenge(status === 403 ? 'insufficient_scope' : 'invalid_token', detail);
      this.extra = { ...extra, headers: { ...extra.headers, 'www-authenticate': challenge } };
    }
  }
}

/** 403: the operation exists only in sandbox projects (their access log holds no real door's record). */
export const sandboxOnly = (detail: string) =>
  new ApiError(403, detail, { problem: { slug: 'sandbox-only', title: 'Only in a sandbox project' } });

export const badRequest = (detail: string, invalidParams?: InvalidParam[]) =>
  new ApiError(400, detail, { invalidParams });
export const invalidParam = (name: string, reason: string) =>
  new ApiError(400, `${name}: ${reason}`, { invalidParams: [{ name, reason }] });
export const notFound = (what: string) => new ApiError(404, `${what} not found`);
export const conflict = (detail: string) => new ApiError(409, detail);

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'slow_down';

export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    readonly status = code === 'invalid_client' ? 401 : 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

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
  new ApiError(401, description ?? 'A bearer token is required', {
    headers: { 'www-authenticate': bearerChallenge(error, description) },
  });

export const forbidden = (description: string, scope?: string) =>
  new ApiError(403, description, {
    headers: {
      'www-authenticate': `${bearerChallenge('insufficient_scope', description)}${scope ? `, scope="${scope}"` : ''}`,
    },
  });
