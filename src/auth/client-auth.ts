// Client authentication for the token endpoints (RFC 6749 §2.3.1): either HTTP Basic
// (client_secret_basic) or client_id/client_secret in the body (client_secret_post), never both.
// Unknown client and wrong secret take the same path and the same time: one indexed query, one
// HMAC, one constant-time compare, and the same `invalid_client` answer.
import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { secretMatches } from '../crypto/secrets.ts';
import { OAuthError } from '../http/errors.ts';
import { isUuid } from '../ids.ts';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  method: 'basic' | 'post';
}

export type TokenParams = Record<string, unknown>;

/** A parameter that must appear at most once and be a string (RFC 6749 §3.2). */
export function stringParam(body: TokenParams, name: string): string | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new OAuthError('invalid_request', `${name} must be a single string`);
  return v;
}

function formDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    throw new OAuthError('invalid_request', 'Malformed Basic credentials');
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
      throw new OAuthError(
        'invalid_request',
        'Use one client authentication method: Basic or client_secret, not both',
      );
    }
    const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OAuthError('invalid_request', 'Malformed Basic credentials');
    const clientId = formDecode(decoded.slice(0, colon));
    const clientSecret = formDecode(decoded.slice(colon + 1));
    if (bodyId !== undefined && bodyId !== clientId) {
      throw new OAuthError('invalid_request', 'client_id in the body differs from the Basic credentials');
    }
    return { clientId, clientSecret, method: 'basic' };
  }
  if (!bodyId) throw new OAuthError('invalid_request', 'client_id is required');
  if (!bodySecret) throw new OAuthError('invalid_request', 'client_secret is required');
  return { clientId: bodyId, clientSecret: bodySecret, method: 'post' };
}

export function invalidClient(method: ClientCredentials['method']): OAuthError {
  return new OAuthError(
    'invalid_client',
    'Client authentication failed',
    401,
    method === 'basic' ? { 'www-authenticate': 'Basic realm="latchkey"' } : {},
  );
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
  if (typeof b !== 'object' || Array.isArray(b))
    throw new OAuthError('invalid_request', 'The body must be an object');
  return b as TokenParams;
}

/**
 * The first steps of every client_credentials grant (v2, OAuth, v1), in RFC 6749 order:
 * grant_type present, client credentials present, grant_type supported, per-client rate limit.
 */
export function clientCredentialsPrelude(
  ctx: AppContext,
  authorization: string | undefined,
  body: TokenParams,
): ClientCredentials {
  const grantType = stringParam(body, 'grant_type');
  if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required');
  const creds = extractClientCredentials(authorization, body);
  if (grantType !== 'client_credentials') {
    throw new OAuthError('unsupported_grant_type', 'Only the client_credentials grant is supported');
  }
  const limited = ctx.tokenRateByClient.take(creds.clientId);
  if (!limited.allowed) {
    throw new OAuthError('slow_down', 'Too many token requests for this client', 429, {
      'retry-after': String(limited.retryAfterSeconds),
    });
  }
  return creds;
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
