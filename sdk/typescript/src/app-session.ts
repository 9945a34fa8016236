// The app's side of login: ask for a one-time code, trade it for a session, keep the session's
// refresh token, and refresh the access token shortly before it expires, so the phone needs no new
// text message every hour. Once the phone has a device key registered in the session, every
// refresh carries a DPoP proof (RFC 9449) signed by that key with WebCrypto, so a copied refresh
// token is useless without the phone. The rules are in the service's docs/app.md.
//
// Refresh tokens rotate: each works once, and one that comes back ends the whole session. So this
// keeps one refresh under way at a time (concurrent callers share it), and hands each new refresh
// token to `onRefreshToken` before anything else uses the new access token.
import { LatchkeyClient, refreshMarginMs } from './client.ts';
import { LatchkeyError } from './errors.ts';

export const REFRESH_PATH = '/v2/app/auth/refresh';

export interface AppSessionOptions {
  /** The service's base URL, e.g. `https://access.example.com`. */
  baseUrl: string;
  /**
   * The service's public URL (its LATCHKEY_PUBLIC_URL), when it differs from `baseUrl` (a proxy, a
   * test): DPoP proofs name the refresh endpoint by it. Default `baseUrl`.
   */
  publicUrl?: string;
  /** A refresh token kept from an earlier run: the session goes on from it. */
  refreshToken?: string;
  /**
   * Called with every new refresh token: keep it in the phone's secure storage, replacing the last
   * one. Called with undefined when the session ends (logout, ended by the service): log in again.
   */
  onRefreshToken?: (refreshToken: string | undefined) => void | Promise<void>;
  /** The device key pair (P-256, ECDSA) once registered in this session: refreshes carry DPoP proofs. */
  deviceKey?: CryptoKeyPair;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /** Clock in milliseconds (default Date.now): token expiry and the proofs' `iat` are judged by it. */
  now?: () => number;
}

/** The session's current access token and when it expires (milliseconds, by the session's clock). */
export interface AppSessionTokens {
  accessToken: string;
  expiresAt: number;
  lifetimeMs: number;
}

interface TokenAnswer {
  access_token: string;
  expires_in: number;
  refresh_token: string;
}

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const b64json = (v: unknown) => base64url(encoder.encode(JSON.stringify(v)));

/**
 * A DPoP proof (RFC 9449 §4.2) for one request: a JWT signed with the device's private key, carrying
 * its public key, the method and URL (without query) and a fresh `jti`. ES256; WebCrypto's ECDSA
 * signature is already the JWS form (r ‖ s).
 */
export async function dpopProof(
  key: CryptoKeyPair,
  htm: string,
  htu: string,
  nowMs: number = Date.now(),
): Promise<string> {
  const jwk = await crypto.subtle.exportKey('jwk', key.publicKey);
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256') throw new Error('the device key must be an EC P-256 key');
  const header = { typ: 'dpop+jwt', alg: 'ES256', jwk: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y } };
  const claims = { htm, htu, iat: Math.floor(nowMs / 1000), jti: crypto.randomUUID() };
  const input = `${b64json(header)}.${b64json(claims)}`;
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    key.privateKey,
    encoder.encode(input),
  );
  return `${input}.${base64url(new Uint8Array(signature))}`;
}

export class AppSession {
  readonly #o: AppSessionOptions;
  readonly #api: LatchkeyClient;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  readonly #htu: string;
  #refreshToken: string | undefined;
  #tokens: AppSessionTokens | undefined;
  #pending: Promise<AppSessionTokens> | undefined;
  #deviceKey: CryptoKeyPair | undefined;

  constructor(options: AppSessionOptions) {
    this.#o = options;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#now = options.now ?? Date.now;
    // The login calls carry no token, and are not retried on a lost answer (a refresh must not be sent twice).
    this.#api = new LatchkeyClient({ baseUrl: options.baseUrl, fetch: this.#fetch, now: this.#now });
    this.#htu = `${(options.publicUrl ?? options.baseUrl).replace(/\/+$/, '')}${REFRESH_PATH}`;
    this.#refreshToken = options.refreshToken;
    this.#deviceKey = options.deviceKey;
  }

  /** Is there a session (a refresh token) to get access tokens from? */
  get loggedIn(): boolean {
    return this.#refreshToken !== undefined;
  }

  /** Asks the service to text a one-time code to the phone; answers how many seconds it is valid. */
  async requestCode(appUserId: string): Promise<number> {
    return (await this.#api.post('/v2/app/auth/otp', { body: { appUserId } })).expiresIn;
  }

  /** Trades the texted code for a session. */
  async login(appUserId: string, code: string): Promise<void> {
    const answer = await this.#api.post('/v2/app/auth/token', { body: { appUserId, code } });
    await this.#keep(answer, this.#now());
  }

  /**
   * From now on refreshes carry DPoP proofs signed by this key: call it once the device key is
   * registered in this session (the service then refuses refreshes without a proof).
   */
  setDeviceKey(key: CryptoKeyPair): void {
    this.#deviceKey = key;
  }

  /**
   * An access token for the next request: the current one, or a new one when less than a tenth of
   * its lifetime (at most a minute) is left. Concurrent callers share one refresh.
   */
  async accessToken(): Promise<string> {
    const t = this.#tokens;
    if (t && this.#now() < t.expiresAt - refreshMarginMs(t.lifetimeMs)) return t.accessToken;
    return (await this.refresh()).accessToken;
  }

  /** Refreshes now (one at a time: a refresh under way is shared). */
  refresh(): Promise<AppSessionTokens> {
    this.#pending ??= this.#refresh().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  async #refresh(): Promise<AppSessionTokens> {
    const refreshToken = this.#refreshToken;
    if (refreshToken === undefined) throw new Error('not logged in: request a code and log in first');
    const started = this.#now();
    const headers: Record<string, string> = {};
    if (this.#deviceKey) headers.dpop = await dpopProof(this.#deviceKey, 'POST', this.#htu, started);
    try {
      const answer = await this.#api.post(REFRESH_PATH, { body: { refresh_token: refreshToken }, headers });
      return await this.#keep(answer, started);
    } catch (e) {
      // The refresh token is dead (used, idle, logged out, erased): the session has ended.
      if (e instanceof LatchkeyError && e.type === 'urn:latchkey:problem:invalid-refresh-token')
        await this.#forget();
      throw e;
    }
  }

  /** Logs out: the service ends the session; its refresh and access tokens stop working. */
  async logout(): Promise<void> {
    if (this.#refreshToken === undefined) return;
    const token = await this.accessToken().catch(() => undefined);
    if (token !== undefined) {
      await new LatchkeyClient({ baseUrl: this.#o.baseUrl, fetch: this.#fetch, token }).delete(
        '/v2/app/auth/session',
      );
    }
    await this.#forget();
  }

  /**
   * A fetch that sends each request with a fresh access token of this session: give it to a
   * LatchkeyClient (`client()` does) for the app API.
   */
  readonly fetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${await this.accessToken()}`);
    return this.#fetch(input, { ...init, headers });
  };

  /** A typed client for the app API (`/v2/app/...`) whose requests carry this session's tokens. */
  client(): LatchkeyClient {
    return new LatchkeyClient({ baseUrl: this.#o.baseUrl, fetch: this.fetch, now: this.#now });
  }

  async #keep(answer: TokenAnswer, started: number): Promise<AppSessionTokens> {
    const lifetimeMs = answer.expires_in * 1000;
    // The new refresh token is kept (and handed out) before the access token is used.
    this.#refreshToken = answer.refresh_token;
    await this.#o.onRefreshToken?.(answer.refresh_token);
    this.#tokens = { accessToken: answer.access_token, expiresAt: started + lifetimeMs, lifetimeMs };
    return this.#tokens;
  }

  async #forget(): Promise<void> {
    this.#refreshToken = undefined;
    this.#tokens = undefined;
    await this.#o.onRefreshToken?.(undefined);
  }
}
