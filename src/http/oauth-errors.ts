// The OAuth error catalog: every error the token endpoints answer (RFC 6749 §5.2), by its code,
// as PROBLEMS (errors.ts) is for the rest of the API. The code is the wire's `error`; its status
// comes from here, so code throws an error by name (`invalidRequest('client_id is required')`,
// `invalidClient('basic')`), never a code with a status written beside it.
// The shape is node-oidc-provider's (`lib/helpers/errors.js`): one constructor per error, with a
// default description where one sentence fits every case.

/**
 * Every OAuth error code a token endpoint answers, with its status. `invalid_request` is also 413 or
 * 415 when the framework refuses the body (the error handler keeps the framework's status).
 */
export const OAUTH_ERRORS = {
  /** A missing, repeated, over-long or malformed parameter; a body that is not an object. */
  invalid_request: { status: 400 },
  /** Unknown client or wrong secret (same answer, same work); credentials of no client's shape. */
  invalid_client: { status: 401, description: 'Client authentication failed' },
  unsupported_grant_type: { status: 400, description: 'Only the client_credentials grant is supported' },
  /** An unknown or malformed scope, or one the client holds no grant for. */
  invalid_scope: { status: 400 },
  /** A rate limit of the token endpoints; with Retry-After. */
  slow_down: { status: 429 },
  /** A bug: the cause is logged, never sent. */
  server_error: { status: 500, description: 'Internal error' },
} as const satisfies Record<string, { status: number; description?: string }>;

export type OAuthErrorCode = keyof typeof OAUTH_ERRORS;

/** RFC 6749 §5.1: an answer carrying a token, or refusing one, is never cached. */
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

export class OAuthError extends Error {
  readonly status: number;
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.status = OAUTH_ERRORS[code].status;
  }
}

/** The codes answered with `status`, for the API document. */
export function oauthCodesOfStatus(status: number): OAuthErrorCode[] {
  return (Object.keys(OAUTH_ERRORS) as OAuthErrorCode[]).filter((c) => OAUTH_ERRORS[c].status === status);
}

export const oauthError = (code: OAuthErrorCode, description: string) => new OAuthError(code, description);
export const invalidRequest = (description: string) => new OAuthError('invalid_request', description);
export const invalidScope = (description: string) => new OAuthError('invalid_scope', description);
export const unsupportedGrantType = () =>
  new OAuthError('unsupported_grant_type', OAUTH_ERRORS.unsupported_grant_type.description);

/**
 * 401 invalid_client. A client that authenticated with HTTP Basic gets the Basic challenge back
 * (RFC 6749 §5.2); one that sent its secret in the body gets none, so a browser shows no password
 * dialog.
 */
export const invalidClient = (method: 'basic' | 'post') =>
  new OAuthError(
    'invalid_client',
    OAUTH_ERRORS.invalid_client.description,
    method === 'basic' ? { 'www-authenticate': 'Basic realm="latchkey"' } : {},
  );

/** 429 slow_down with the seconds until the limit allows another request. */
export const slowDown = (description: string, retryAfterSeconds: number) =>
  new OAuthError('slow_down', description, { 'retry-after': String(retryAfterSeconds) });
