// Client authentication for the token endpoints (RFC 6749 §2.3.1): either HTTP Basic
// (client_secret_basic) or client_id/client_secret in the body (client_secret_post), never both.
// Unknown client and wrong secret take the same path and the same time: one indexed query, one
// HMAC, one constant-time compare, and the same `invalid_client` answer.
import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { secretMatches } from '../crypto/secrets.ts';
import {
  invalidClient,
  invalidRequest,
  OAuthError,
  slowDown,
  unsupportedGrantType,
} from '../http/oauth-errors.ts';
import { addressKey, type RateDecision } from '../http/rate-limit.ts';
import { isUuid } from '../ids.ts';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  method: 'basic' | 'post';
}

export type TokenParams = Record<string, unknown>;

/** The longest client id or secret looked at; anything longer is `invalid_client` at once. */
export const CLIENT_CREDENTIAL_MAX_LENGTH = 255;
/**
 * The longest value of each other parameter the token endpoints read (unknown parameters are
 * ignored, as RFC 6749 §3.2 asks, and bounded by the 1 MiB body limit). `scope` may also be an
 * array of at most 20 strings of this length each.
 */
export const TOKEN_PARAM_MAX_LENGTH: Readonly<Record<string, number>> = {
  grant_type: 64,
  scope: 2048,
  organization_id: 64,
  project_id: 64,
};

/** A parameter that must appear at most once and be a string (RFC 6749 §3.2). */
export function stringParam(body: TokenParams, name: string): string | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalidRequest(`${name} must be a single string`);
  return v;
}

/** The value of a required parameter, or invalid_request when it is missing or empty. */
function present(name: string, v: string | undefined): string {
  if (!v) throw invalidRequest(`${name} is required`);
  return v;
}

const requiredParam = (body: TokenParams, name: string) => present(name, stringParam(body, name));

const TOKEN_PARAM_LIMITS = Object.entries(TOKEN_PARAM_MAX_LENGTH);

/** Refuses over-long values of the parameters the token endpoints read, before anything else. */
function checkParamLengths(body: TokenParams): void {
  for (const [name, max] of TOKEN_PARAM_LIMITS) {
    const v = body[name];
    if (typeof v === 'string') {
      if (v.length > max) throw tooLong(name, max);
    } else if (Array.isArray(v)) {
      if (v.length > 20) throw invalidRequest(`${name} may hold at most 20 values`);
      if (v.some((x) => typeof x === 'string' && x.length > max)) throw tooLong(name, max);
    }
  }
}

const tooLong = (name: string, max: number) => invalidRequest(`${name} must be at most ${max} characters`);

/**
 * True when `id` could be a client id: a UUID (any case). Anything else cannot authenticate, so it
 * is refused before any per-client state is kept for it.
 */
export function isClientIdShape(id: string): boolean {
  return id.length <= CLIENT_CREDENTIAL_MAX_LENGTH && isUuid(id);
}

function formDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    throw invalidRequest('Malformed Basic credentials');
  }
}

export function extractClientCredentials(
  authorization: string | undefined,
  body: TokenParams,
): ClientCredentials {
  const bodyId = stringParam(body, 'client_id');
  const bodySecret = stringParam(body, 'client_secret');
  if (authorization && /^Basic /i.test(authorization)) {
    if (bodySecret !== undefined) {
      throw invalidRequest('Use one client authentication method: Basic or client_secret, not both');
    }
    const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw invalidRequest('Malformed Basic credentials');
    const clientId = formDecode(decoded.slice(0, colon));
    const clientSecret = formDecode(decoded.slice(colon + 1));
    if (bodyId !== undefined && bodyId !== clientId) {
      throw invalidRequest('client_id in the body differs from the Basic credentials');
    }
    return { clientId, clientSecret, method: 'basic' };
  }
  return {
    clientId: present('client_id', bodyId),
    clientSecret: present('client_secret', bodySecret),
    method: 'post',
  };
}

/**
 * The credentials in canonical form (lower-case id), or `invalid_client` when they cannot be a
 * client's: an id that is not a client id (or longer than 255 characters), or a secret longer
 * than 255. Nothing is kept for such requests, so junk ids cannot fill any limiter.
 */
export function canonicalCredentials(creds: ClientCredentials): ClientCredentials {
  if (!isClientIdShape(creds.clientId) || creds.clientSecret.length > CLIENT_CREDENTIAL_MAX_LENGTH)
    throw invalidClient(creds.method);
  return { clientId: creds.clientId.toLowerCase(), clientSecret: creds.clientSecret, method: creds.method };
}

export interface AuthenticatedClient {
  id: string;
  organizationId: string;
  generation: number;
}

export interface ClientRowWith<T> {
  client: AuthenticatedClient;
  extra: T;
}

// A fixed hash to compare against when the client does not exist, so that path costs the same.
export const DUMMY_HASH = createHmac('sha256', 'latchkey').update('no such client').digest();

/**
 * Authenticates the client with one query that may also fetch what the caller needs next
 * (`extraSql`: extra select-list columns over `c` = api_clients, with parameters from $2 on),
 * so a token grant costs a single round trip.
 */
export async function authenticateClient<T extends object>(
  ctx: AppContext,
  creds: ClientCredentials,
  extra: { select: string; joins: string; params: unknown[] } = { select: '', joins: '', params: [] },
): Promise<ClientRowWith<T>> {
  type Row = { id: string; organization_id: string; generation: number; secret_hash: Buffer } & T;
  let row: Row | undefined;
  if (isUuid(creds.clientId)) {
    const { rows } = await ctx.db.query<Row>(
      `SELECT c.id, c.organization_id, c.generation, c.secret_hash${extra.select}
         FROM api_clients c ${extra.joins} WHERE c.id = $1`,
      [creds.clientId.toLowerCase(), ...extra.params],
    );
    row = rows[0];
  }
  const ok = secretMatches(
    ctx.keyring.pepper,
    creds.clientSecret,
    row ? Buffer.from(row.secret_hash) : DUMMY_HASH,
  );
  if (!row || !ok) throw invalidClient(creds.method);
  const { id, organization_id, generation, secret_hash: _h, ...rest } = row;
  return { client: { id, organizationId: organization_id, generation }, extra: rest as unknown as T };
}

/** The request body of a token endpoint as a parameter map (JSON or form). */
export function tokenParams(request: FastifyRequest): TokenParams {
  const b = request.body;
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw invalidRequest('The body must be an object');
  return b as TokenParams;
}

function supportedGrantTypeCheck(grantType: string): void {
  if (grantType !== 'client_credentials') throw unsupportedGrantType();
}

/**
 * The first checks of every client_credentials grant (v2, OAuth, v1), in RFC 6749 order; each
 * throws its OAuth error. Keeps no state: the rate limits come with authentication
 * (authenticateLimited).
 */
export function clientCredentialsPrelude(
  authorization: string | undefined,
  body: TokenParams,
): ClientCredentials {
  checkParamLengths(body);
  const grantType = requiredParam(body, 'grant_type');
  const creds = extractClientCredentials(authorization, body);
  supportedGrantTypeCheck(grantType);
  return canonicalCredentials(creds);
}

const limited = (description: string, d: RateDecision) => slowDown(description, d.retryAfterSeconds);

/**
 * Runs `authenticate` (which throws `invalid_client` on wrong credentials) under the token
 * endpoints' per-client limits:
 * - failed authentications are counted per (client id, source address): somebody else's wrong
 *   secrets from another address never spend the real client's allowance;
 * - successful ones per client id (LATCHKEY_TOKEN_RATE_PER_CLIENT), so only the holder of the
 *   secret can use up the client's own limit.
 * `creds` must be canonical (canonicalCredentials): the keys are the lower-case id.
 */
export async function authenticateLimited<T>(
  ctx: AppContext,
  creds: ClientCredentials,
  sourceAddress: string,
  authenticate: () => Promise<T>,
  o: { countSuccess?: boolean } = {},
): Promise<T> {
  const failureKey = `${creds.clientId} ${addressKey(sourceAddress)}`;
  const failures = ctx.tokenFailures.peek(failureKey);
  if (!failures.allowed)
    throw limited('Too many failed authentications of this client from this address', failures);
  let result: T;
  try {
    result = await authenticate();
  } catch (e) {
    if (e instanceof OAuthError && e.code === 'invalid_client') ctx.tokenFailures.take(failureKey);
    throw e;
  }
  if (o.countSuccess === false) return result;
  const perClient = ctx.tokenRateByClient.take(creds.clientId);
  if (!perClient.allowed) throw limited('Too many token requests for this client', perClient);
  return result;
}

/**
 * Authenticates the client and reads its grant on `resourceId` through the revocation cache
 * (one indexed query at most every LATCHKEY_REVOCATION_CACHE_SECONDS). Unknown client and wrong
 * secret take the same path: an HMAC and a constant-time compare against a dummy hash.
 */
export async function authenticateClientCached(
  ctx: AppContext,
  creds: ClientCredentials,
  resourceId: string | null,
) {
  const clientId = isUuid(creds.clientId) ? creds.clientId.toLowerCase() : undefined;
  const row = clientId ? await ctx.clientStatus.lookup(clientId, resourceId) : undefined;
  const ok = secretMatches(ctx.keyring.pepper, creds.clientSecret, row?.secretHash ?? DUMMY_HASH);
  if (!clientId || !row?.secretHash || !ok) throw invalidClient(creds.method);
  return { clientId, row };
}
