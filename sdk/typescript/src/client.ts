// A thin typed client over fetch: every call is typed by the generated `paths` (src/openapi.ts).
// It gets client-credentials tokens and caches them until shortly before they expire, retries 429
// and 503 as Retry-After asks (bounded), sends an Idempotency-Key on every POST (the same on its
// retries), iterates pages (limit/startAfterId) and turns error answers into LatchkeyError.
import { LatchkeyError } from './errors.ts';
import { OPERATIONS } from './operations.ts';
import type {
  InitArgs,
  Method,
  Operation,
  PagedPaths,
  PageItem,
  PathsWith,
  RequestBody,
  RequestInit,
  ResponseBody,
} from './types.ts';

type Operations = typeof OPERATIONS;
/** An operationId of the API (`locksCreate`, …). */
export type OperationId = keyof Operations;
type OperationOf<Id extends OperationId> = Operation<Operations[Id]['path'], Operations[Id]['method']>;

/** The scopes a token may be asked for, as the API document lists them. */
export type Scope = RequestBody<Operation<'/oauth2/token', 'post'>>['scope'];

/** An API client's credentials and the token it asks for (one scope, on one organization or project). */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  scope: Scope;
  /** With `organization.admin`. */
  organizationId?: string;
  /** With `project.admin` and `project.installer`. */
  projectId?: string;
  /**
   * How the secret travels to the token endpoint (RFC 6749 §2.3.1): HTTP Basic (default) or form
   * fields. Use `client_secret_post` in a browser: a 401 to Basic credentials carries a Basic
   * challenge, and browsers answer that with their own password dialog.
   */
  authMethod?: 'client_secret_basic' | 'client_secret_post';
}

export interface LatchkeyClientOptions {
  /** The service's base URL, e.g. `https://access.example.com`. */
  baseUrl: string;
  /** Client credentials: tokens are fetched from `/oauth2/token` and cached until shortly before expiry. */
  credentials?: ClientCredentials;
  /** Or a bearer token used as is (the admin token, an app token, a token you manage yourself). */
  token?: string;
  /** Retries of a 429 or 503 (default 2). */
  retries?: number;
  /** The longest wait a retry may take (default 30 s): a longer Retry-After fails at once. */
  maxRetryWaitMs?: number;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /** Clock in milliseconds (default Date.now); token expiry is judged by it. */
  now?: () => number;
}

/** A response: status, headers (Location, Idempotent-Replayed, …) and the parsed body. */
export interface LatchkeyResponse<T> {
  status: number;
  headers: Headers;
  data: T;
}

interface CachedToken {
  accessToken: string;
  /** Milliseconds (by the client's clock) when the token expires. */
  expiresAt: number;
  lifetimeMs: number;
}

/** How long before expiry a cached token is replaced: a tenth of its lifetime, at most a minute. */
export function refreshMarginMs(lifetimeMs: number): number {
  return Math.min(60_000, lifetimeMs / 10);
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date); undefined if absent or bad. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(signal.reason);
      },
      { once: true },
    );
  });

export class LatchkeyClient {
  readonly baseUrl: string;
  readonly #o: LatchkeyClientOptions;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  #token: CachedToken | undefined;
  #pending: Promise<CachedToken> | undefined;

  constructor(options: LatchkeyClientOptions) {
    if (options.credentials && options.token) throw new Error('give credentials or a token, not both');
    this.#o = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#now = options.now ?? Date.now;
  }

  /** The same client for other credentials or another scope (e.g. a project token after creating it). */
  with(changes: Partial<ClientCredentials> | { token: string }): LatchkeyClient {
    if ('token' in changes)
      return new LatchkeyClient({ ...this.#o, credentials: undefined, token: changes.token });
    const credentials = this.#o.credentials;
    if (!credentials) throw new Error('this client has no credentials to change');
    const next = { ...credentials, ...changes };
    if (changes.organizationId) delete (next as Partial<ClientCredentials>).projectId;
    if (changes.projectId) delete (next as Partial<ClientCredentials>).organizationId;
    return new LatchkeyClient({ ...this.#o, credentials: next });
  }

  /**
   * The bearer token requests carry: the fixed one, or the cached client-credentials token, fetched
   * again when less than a tenth of its lifetime (at most a minute) is left. Concurrent callers share
   * one token request.
   */
  async accessToken(): Promise<string | undefined> {
    if (this.#o.token !== undefined) return this.#o.token;
    if (!this.#o.credentials) return undefined;
    const t = this.#token;
    if (t && this.#now() < t.expiresAt - refreshMarginMs(t.lifetimeMs)) return t.accessToken;
    this.#pending ??= this.#fetchToken().finally(() => {
      this.#pending = undefined;
    });
    return (await this.#pending).accessToken;
  }

  /** Forgets the cached token (the next request fetches a new one). */
  clearToken(): void {
    this.#token = undefined;
  }

  async #fetchToken(): Promise<CachedToken> {
    const c = this.#o.credentials!;
    const form = new URLSearchParams({ grant_type: 'client_credentials', scope: c.scope });
    if (c.organizationId) form.set('organization_id', c.organizationId);
    if (c.projectId) form.set('project_id', c.projectId);
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (c.authMethod === 'client_secret_post') {
      form.set('client_id', c.clientId);
      form.set('client_secret', c.clientSecret);
    } else {
      const basic = btoa(`${encodeURIComponent(c.clientId)}:${encodeURIComponent(c.clientSecret)}`);
      headers.authorization = `Basic ${basic}`;
    }
    const started = this.#now();
    const r = await this.#send('post', '/oauth2/token', { headers, body: form.toString() });
    const body = r.data as { access_token: string; expires_in: number };
    const lifetimeMs = body.expires_in * 1000;
    const token = { accessToken: body.access_token, expiresAt: started + lifetimeMs, lifetimeMs };
    this.#token = token;
    return token;
  }

  /** One call: status, headers and the typed body. Throws LatchkeyError on a 4xx/5xx answer. */
  async request<M extends Method, P extends PathsWith<M>>(
    method: M,
    path: P,
    ...[init]: InitArgs<Operation<P, M>>
  ): Promise<LatchkeyResponse<ResponseBody<Operation<P, M>>>> {
    const i = (init ?? {}) as RequestInit<unknown> & { path?: Record<string, unknown>; query?: object };
    let url: string = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const v = i.path?.[name];
      if (v === undefined || v === null) throw new Error(`${path}: path parameter ${name} is missing`);
      return encodeURIComponent(String(v));
    });
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(i.query ?? {})) {
      if (v !== undefined && v !== null) query.set(k, Array.isArray(v) ? v.join(',') : String(v));
    }
    if (query.size > 0) url += `?${query}`;
    const headers: Record<string, string> = { ...i.headers };
    if (i.body !== undefined) headers['content-type'] ??= 'application/json';
    if (method === 'post') headers['idempotency-key'] ??= i.idempotencyKey ?? crypto.randomUUID();
    const send = async () => {
      const token = await this.accessToken();
      if (token !== undefined) headers.authorization = `Bearer ${token}`;
      return this.#send(method, url, {
        headers,
        body: i.body === undefined ? undefined : JSON.stringify(i.body),
        signal: i.signal,
      });
    };
    try {
      return (await send()) as LatchkeyResponse<ResponseBody<Operation<P, M>>>;
    } catch (e) {
      // A cached token the server no longer accepts (revoked, keys rotated): one more try with a new one.
      if (!(e instanceof LatchkeyError) || e.status !== 401 || !this.#token) throw e;
      this.#token = undefined;
      return (await send()) as LatchkeyResponse<ResponseBody<Operation<P, M>>>;
    }
  }

  async get<P extends PathsWith<'get'>>(path: P, ...init: InitArgs<Operation<P, 'get'>>) {
    return (await this.request('get', path, ...init)).data;
  }
  async post<P extends PathsWith<'post'>>(path: P, ...init: InitArgs<Operation<P, 'post'>>) {
    return (await this.request('post', path, ...init)).data;
  }
  async put<P extends PathsWith<'put'>>(path: P, ...init: InitArgs<Operation<P, 'put'>>) {
    return (await this.request('put', path, ...init)).data;
  }
  async patch<P extends PathsWith<'patch'>>(path: P, ...init: InitArgs<Operation<P, 'patch'>>) {
    return (await this.request('patch', path, ...init)).data;
  }
  async delete<P extends PathsWith<'delete'>>(path: P, ...init: InitArgs<Operation<P, 'delete'>>) {
    return (await this.request('delete', path, ...init)).data;
  }

  /** One call by operationId (as the OpenAPI document names it): the answer's body, typed. */
  async call<Id extends OperationId>(
    id: Id,
    ...init: InitArgs<OperationOf<Id>>
  ): Promise<ResponseBody<OperationOf<Id>>> {
    const { method, path } = OPERATIONS[id] as { method: Method; path: PathsWith<Method> };
    const r = await this.request(method, path as never, ...(init as [never]));
    return r.data as ResponseBody<OperationOf<Id>>;
  }

  /**
   * Every item of a paged list, page after page (`limit` per page, then `startAfterId` from each
   * answer until an answer has none).
   */
  async *paginate<P extends PagedPaths>(
    path: P,
    ...[init]: InitArgs<Operation<P, 'get'>>
  ): AsyncGenerator<PageItem<ResponseBody<Operation<P, 'get'>>>, void, undefined> {
    const i = (init ?? {}) as { query?: Record<string, unknown> };
    let startAfterId: string | undefined;
    do {
      const pageInit = { ...i, query: { ...i.query, ...(startAfterId ? { startAfterId } : {}) } };
      const page = (await this.request('get', path, ...([pageInit] as InitArgs<Operation<P, 'get'>>)))
        .data as Record<string, unknown>;
      const items = Object.values(page).find(Array.isArray) as PageItem<ResponseBody<Operation<P, 'get'>>>[];
      yield* items ?? [];
      startAfterId = typeof page.startAfterId === 'string' ? page.startAfterId : undefined;
    } while (startAfterId);
  }

  /** Sends with bounded retries of 429/503; parses JSON; throws LatchkeyError on 4xx/5xx. */
  async #send(
    method: string,
    url: string,
    o: { headers: Record<string, string>; body?: string; signal?: AbortSignal },
  ): Promise<LatchkeyResponse<unknown>> {
    const retries = this.#o.retries ?? 2;
    const maxWait = this.#o.maxRetryWaitMs ?? 30_000;
    for (let attempt = 0; ; attempt++) {
      const r = await this.#fetch(`${this.baseUrl}${url}`, {
        method: method.toUpperCase(),
        headers: { accept: 'application/json, application/problem+json', ...o.headers },
        body: o.body,
        signal: o.signal,
      });
      const text = await r.text();
      let data: unknown = text === '' ? undefined : text;
      if (text !== '' && /json/.test(r.headers.get('content-type') ?? '')) {
        try {
          data = JSON.parse(text);
        } catch {}
      }
      if (r.ok) return { status: r.status, headers: r.headers, data };
      const asked = retryAfterMs(r.headers.get('retry-after'), this.#now());
      if ((r.status === 429 || r.status === 503) && attempt < retries) {
        // Without Retry-After: 0.5 s, 1 s, 2 s … with jitter. A longer wait than allowed fails now.
        const wait = asked ?? 500 * 2 ** attempt * (0.5 + Math.random() / 2);
        if (wait <= maxWait) {
          await sleep(wait, o.signal);
          continue;
        }
      }
      throw new LatchkeyError(r.status, data, {
        method,
        path: url.split('?')[0]!,
        retryAfterSeconds: asked === undefined ? undefined : Math.ceil(asked / 1000),
        requestId: r.headers.get('x-request-id') ?? undefined,
      });
    }
  }
}
