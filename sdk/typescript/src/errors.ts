/** One named problem in a request (`keys.3.appUserId`: `must be a valid uuid`). */
export interface InvalidParam {
  name: string;
  reason: string;
}

/**
 * An error answer from Latchkey. API errors are RFC 9457 problem details (`type`, `status`,
 * `detail`, `invalidParams`); token endpoints answer RFC 6749 errors, whose code is `oauthError`
 * (and `type` is `about:blank`). `problem` holds the body as received.
 */
export class LatchkeyError extends Error {
  override readonly name = 'LatchkeyError';
  /** HTTP status: 401, 403, 404, 409, 422, 429, … */
  readonly status: number;
  /** Problem type URI, e.g. `urn:latchkey:problem:conflict`; `about:blank` when the body has none. */
  readonly type: string;
  readonly title: string | undefined;
  readonly detail: string | undefined;
  /** Every bad input, by name (validation errors); empty otherwise. */
  readonly invalidParams: InvalidParam[];
  /** RFC 6749 error code from a token endpoint (`invalid_client`, `invalid_scope`, …). */
  readonly oauthError: string | undefined;
  /** Seconds the server asked to wait (`Retry-After` of a 429 or 503). */
  readonly retryAfterSeconds: number | undefined;
  /** `X-Request-Id` of the failed request (quote it when reporting a 5xx). */
  readonly requestId: string | undefined;
  /** The response body as received (parsed JSON, or text). */
  readonly problem: unknown;

  constructor(
    status: number,
    problem: unknown,
    o: { method: string; path: string; retryAfterSeconds?: number; requestId?: string },
  ) {
    const p = (typeof problem === 'object' && problem !== null ? problem : {}) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const detail = str(p.detail) ?? str(p.error_description);
    super(`${o.method.toUpperCase()} ${o.path}: ${status}${detail ? ` ${detail}` : ''}`);
    this.status = status;
    this.type = str(p.type) ?? 'about:blank';
    this.title = str(p.title);
    this.detail = detail;
    this.invalidParams = Array.isArray(p.invalidParams) ? (p.invalidParams as InvalidParam[]) : [];
    this.oauthError = str(p.error);
    this.retryAfterSeconds = o.retryAfterSeconds;
    this.requestId = o.requestId;
    this.problem = problem;
  }
}
