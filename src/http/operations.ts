// The operations table: every HTTP operation of the service is ONE declaration (method, path,
// operationId, credentials, schemas, success status, handler), and registerOperations() is the one
// function that turns the table into Fastify routes, their authentication hooks, their error
// responses and their part of the OpenAPI document. Tests walk the same table (src/operation-table.ts).
//
// This folder knows nothing of how credentials are checked: the caller hands registerOperations a
// `guardFor(auth)` (src/auth/guards.ts), so src/http never imports src/auth.
import formbody from '@fastify/formbody';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { BODY_LIMIT } from '../server-options.ts';
import { compressAnswer } from './compression.ts';
import { PROBLEMS, type ProblemName, problemType } from './errors.ts';
import { IDEMPOTENCY_KEY_MAX_LENGTH, idempotencyBegin, idempotencyEnd } from './idempotency.ts';
import { oauthCodesOfStatus } from './oauth-errors.ts';
import { OAuthErrorSchema } from './schemas.ts';

/** Who may call an operation, and how the credential arrives. */
export type Auth =
  /** No credential. */
  | { kind: 'none' }
  /** A v2 bearer token (RFC 6750) holding one of `scopes`; `resource`: the path's id must be the token's. */
  | { kind: 'bearer'; scopes: readonly string[]; resource?: 'organization' | 'project' }
  /** An auth API v1 bearer token; the handler checks its claims. */
  | { kind: 'v1' }
  /** The operator token (LATCHKEY_ADMIN_TOKEN); without it these operations are not served. */
  | { kind: 'admin' }
  /** Client credentials, in the body or by HTTP Basic (token endpoints; the grant checks them). */
  | { kind: 'client' }
  /** The metrics token (LATCHKEY_METRICS_TOKEN) when one is set; otherwise none. */
  | { kind: 'metrics' }
  /** A bridge token (lk_bridge_…): the bridge's channel. */
  | { kind: 'bridge' };

export type AuthKind = Auth['kind'];

/**
 * What an operation that changes something records in the audit trail (src/audit): its action,
 * `<resource type>.<what happened>` (`key.revoked`), or `{ none: why }` for one that keeps no
 * change worth a record (a token grant, an access-event upload whose record is the access log).
 * Required of every operation whose method is not GET.
 */
export type AuditDecl = `${string}.${string}` | { none: string } | { recordAfter: `${string}.${string}` };

/**
 * The action an operation records, whichever form declares it. `{ recordAfter }` is for an
 * operation that waits on something outside the store (a lock answering through its bridge): it
 * cannot run inside a transaction that the other side must see committed, so it runs outside one,
 * and its record is written once it has succeeded.
 */
export function auditAction(a: AuditDecl | undefined): string | undefined {
  if (typeof a === 'string') return a;
  return a && 'recordAfter' in a ? a.recordAfter : undefined;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type In<T> = T extends TSchema ? Static<T> : unknown;

export type OperationRequest<P = unknown, Q = unknown, B = unknown> = FastifyRequest<{
  Params: In<P>;
  Querystring: In<Q>;
  Body: In<B>;
}>;

interface OperationFields {
  /** Stable camelCase name, `<resource><Verb>` (`locksCreate`); clients are generated from it. */
  operationId: string;
  method: HttpMethod;
  /** Fastify form (`/v2/projects/:projectId/locks`); the document shows `{projectId}`. */
  path: string;
  tags: readonly string[];
  summary: string;
  description?: string;
  auth: Auth;
  /** The answer when all goes well; the handler's return value is its body (none for 204). */
  success: { status: 200 | 201 | 202 | 204; schema?: TSchema; description?: string };
  /**
   * `oauth`: a token endpoint. Form bodies are accepted, errors are RFC 6749 JSON, and the schemas
   * only document the request (the grant validates it, so that every failure is an OAuth error).
   */
  errorFormat?: 'problem' | 'oauth';
  /** Request content types, when not only JSON. */
  consumes?: string[];
  /** Schemas with an `$id` the operation refers to (`Type.Ref`); added once, before any route. */
  components?: TSchema[];
  /** Schema errors reach the handler (`request.validationError`) instead of being thrown. */
  attachValidation?: boolean;
  /** Not in the OpenAPI document (monitoring endpoints, the document itself). */
  hidden?: boolean;
  /**
   * Problems this operation answers beyond those of its kind (registerOperations adds: 400 always,
   * 401/403 by its credential, 404 when the path has an id, 413/415 with a body, 422/409 with an
   * Idempotency-Key, 500/503 always).
   */
  errors?: ProblemName[];
  /** The path of the one resource a 201 created: sent as `Location`. */
  location?: (body: never, request: FastifyRequest) => string;
  /** Runs after the credential check, before the body is read (per-address limits). */
  onRequest?: (request: FastifyRequest, reply: FastifyReply, ctx: AppContext) => Promise<void>;
  /** Runs once the answer is sent (work that must not show in the answer or its timing). */
  onResponse?: (request: FastifyRequest, reply: FastifyReply, ctx: AppContext) => Promise<void>;
  /** The audit action (required unless the method is GET; see AuditDecl). */
  audit?: AuditDecl;
  /** The largest body this operation reads, when not BODY_LIMIT (batch operations). */
  bodyLimit?: number;
}

/** An operation that may change something must say what it records: `audit` is required. */
type AuditRequired<M> = M extends 'GET' ? { method: M; audit?: never } : { method: M; audit: AuditDecl };

/** One operation with its handler's request typed from its schemas (see defineOperation). */
export interface OperationSpec<P, Q, B, R = undefined> extends OperationFields {
  params?: P;
  query?: Q;
  body?: B;
  /**
   * Work to do before the handler's transaction opens, its result handed to the handler. For what
   * may be slow and needs no transaction (resolving a webhook's host: up to 5 s): done inside an
   * audited operation's transaction it would hold that transaction open, and on the embedded store
   * (one connection) every other request would wait behind it. May throw the request's error.
   */
  prepare?(request: OperationRequest<P, Q, B>, ctx: AppContext): Promise<R>;
  /** Returns the success body. May set headers (and, for non-API answers, the status) on `reply`. */
  handler(request: OperationRequest<P, Q, B>, reply: FastifyReply, ctx: AppContext, prepared: R): unknown;
}

/** An entry of the table, its handler's types erased. */
export interface Operation extends OperationFields {
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  prepare?(request: FastifyRequest, ctx: AppContext): Promise<unknown>;
  handler(request: FastifyRequest, reply: FastifyReply, ctx: AppContext, prepared: unknown): unknown;
}

/** Declares one operation; `request.params`, `.query` and `.body` are typed from its schemas. */
export function defineOperation<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  M extends HttpMethod = HttpMethod,
  R = undefined,
>(spec: OperationSpec<P, Q, B, R> & AuditRequired<M>): Operation {
  return spec as unknown as Operation;
}

/**
 * The onRequest hook that checks an operation's credential; `undefined` for none, `false` when
 * operations of this kind are not served at all (admin without LATCHKEY_ADMIN_TOKEN).
 */
export type GuardFor = ((auth: Auth) => onRequestHookHandler | undefined | false) & {
  /** Who is calling, for Idempotency-Key (a client, an app user, the operator). */
  callerOf?: (request: FastifyRequest) => string | undefined;
};

/**
 * Runs a handler whose operation declares an audit action, so that the change and its record are
 * one transaction (src/audit/run.ts); `run` is the handler, given the context it should use.
 */
export type AuditedRun = (
  op: Operation,
  request: FastifyRequest,
  reply: FastifyReply,
  run: (ctx: AppContext) => unknown,
) => Promise<unknown>;

const SECURITY: Record<AuthKind, Array<Record<string, string[]>> | undefined> = {
  none: [],
  // Client credentials by HTTP Basic (client_secret_basic) or in the body (client_secret_post).
  client: [{ clientBasic: [] }, {}],
  bearer: [{ bearerAuth: [] }],
  v1: [{ bearerAuth: [] }],
  admin: [{ adminToken: [] }],
  metrics: undefined,
  bridge: [{ bridgeToken: [] }],
};

/** A path parameter of the request, for `location`. */
export const pathParam = (request: FastifyRequest, name: string) =>
  encodeURIComponent((request.params as Record<string, string>)[name] ?? '');

/** Every POST answering 201 creates something, and takes an Idempotency-Key. */
export const takesIdempotencyKey = (op: Operation) => op.method === 'POST' && op.success.status === 201;

const header = (description: string, schema: Record<string, unknown> = { type: 'string' }) => ({
  description,
  ...schema,
});
const WWW_AUTHENTICATE = header('RFC 6750 challenge: Bearer realm="latchkey", error="…"', {
  type: 'string',
  maxLength: 1024,
});
const RETRY_AFTER = header('Seconds to wait before retrying', { type: 'integer', minimum: 0 });

/** The problems an operation may answer, by status: its own and those of its kind. */
export function problemsOf(op: Operation): Map<number, ProblemName[]> {
  const names = new Set<ProblemName>(['validation-error', 'internal-error', 'service-unavailable']);
  if (op.auth.kind === 'bearer' || op.auth.kind === 'v1' || op.auth.kind === 'bridge') {
    names.add('unauthorized');
    names.add('forbidden');
  }
  if (op.auth.kind === 'admin') {
    names.add('unauthorized');
    // A server started without LATCHKEY_ADMIN_TOKEN serves no admin operation: 404, as for any path
    // it does not have.
    names.add('not-found');
  }
  if (op.path.includes(':')) names.add('not-found');
  if (op.body) {
    names.add('payload-too-large');
    names.add('unsupported-media-type');
  }
  if (takesIdempotencyKey(op)) {
    names.add('idempotency-key-reused');
    names.add('idempotency-key-in-use');
  }
  for (const n of op.errors ?? []) names.add(n);
  const byStatus = new Map<number, ProblemName[]>();
  for (const n of names) {
    const status = PROBLEMS[n].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), n]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** The documented error answers: RFC 9457 problem+json with the catalog's types, and headers. */
function errorResponses(op: Operation): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [status, names] of problemsOf(op)) {
    const headers: Record<string, unknown> = {};
    if (status === 401 || status === 403) headers['WWW-Authenticate'] = WWW_AUTHENTICATE;
    if (status === 429 || status === 503 || names.includes('idempotency-key-in-use'))
      headers['Retry-After'] = RETRY_AFTER;
    const types = names.map((n) => `\`${problemType(n)}\` (${PROBLEMS[n].title.toLowerCase()})`);
    out[status] = {
      description: `${PROBLEMS[names[0]!].title}. type: ${types.join(' or ')}`,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
    };
  }
  return out;
}

/** Token endpoints: RFC 6749 errors, and the problems every operation may answer. */
function oauthErrorResponses(): Record<string, unknown> {
  const oauthError = (description: string, headers?: Record<string, unknown>) => ({
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: OAuthErrorSchema } },
  });
  return {
    400: oauthError(`RFC 6749 error: ${oauthCodesOfStatus(400).join(', ')}`),
    401: oauthError('RFC 6749 error: invalid_client (wrong or missing client credentials)'),
    429: oauthError('RFC 6749 error slow_down: too many token requests', { 'Retry-After': RETRY_AFTER }),
    500: oauthError('RFC 6749 error: server_error'),
    503: {
      description: `${PROBLEMS['service-unavailable'].title}. type: \`${problemType('service-unavailable')}\``,
      headers: { 'Retry-After': RETRY_AFTER },
      content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
    },
  };
}

/** The success answer with its headers. */
function successResponse(op: Operation): unknown {
  const base = op.success.schema ?? (op.success.status === 204 ? { type: 'null' } : undefined);
  if (!base) return undefined;
  const headers: Record<string, unknown> = {};
  if (op.location)
    headers.Location = header('The path of the created resource', { type: 'string', maxLength: 2048 });
  if (takesIdempotencyKey(op))
    headers['Idempotent-Replayed'] = header(
      '`true` when this is the kept answer to an earlier request with the same Idempotency-Key',
      { type: 'string', enum: ['true'] },
    );
  return {
    ...base,
    ...(op.success.description ? { description: op.success.description } : {}),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
}

const IdempotencyKeyHeader = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      minLength: 1,
      maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
      description:
        'Makes a retry safe: the same key with the same request within 24 hours answers what the first did (status and body) with `Idempotent-Replayed: true`; with another request, 422; while the first runs, 409.',
    },
  },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Errors of this route are answered in OAuth's format (RFC 6749 §5.2). */
    oauth?: boolean;
    /** The operation this route serves. */
    operation?: Operation;
  }
}

/** Fastify warns about a schema key that is present but undefined. */
function definedOnly<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function hooksOf(op: Operation, ctx: AppContext, guard: onRequestHookHandler | undefined) {
  const own = op.onRequest;
  const hooks: onRequestHookHandler[] = guard ? [guard] : [];
  if (own) hooks.push((request, reply) => own(request, reply, ctx));
  return hooks.length > 0 ? hooks : undefined;
}

function routeOf(
  op: Operation,
  ctx: AppContext,
  guard: onRequestHookHandler | undefined,
  guards: GuardFor,
  audited: AuditedRun | undefined,
) {
  const oauth = op.errorFormat === 'oauth';
  const response: Record<string, unknown> = {};
  const success = successResponse(op);
  if (success) response[op.success.status] = success;
  Object.assign(response, oauth ? oauthErrorResponses() : errorResponses(op));
  const idempotent = takesIdempotencyKey(op);
  const callerOf = guards.callerOf ?? (() => undefined);
  return {
    method: op.method,
    url: op.path,
    onRequest: hooksOf(op, ctx, guard),
    ...(op.onResponse
      ? { onResponse: (request: FastifyRequest, reply: FastifyReply) => op.onResponse!(request, reply, ctx) }
      : {}),
    config: { oauth, operation: op },
    ...(op.bodyLimit ? { bodyLimit: op.bodyLimit } : {}),
    attachValidation: op.attachValidation,
    // Token endpoints validate in the grant, so that every failure is an OAuth error.
    ...(oauth ? { validatorCompiler: () => () => true } : {}),
    schema: definedOnly({
      operationId: op.operationId,
      tags: op.tags,
      summary: op.summary,
      description: op.description,
      security: SECURITY[op.auth.kind],
      hide: op.hidden,
      consumes: op.consumes,
      params: op.params,
      querystring: op.query,
      body: op.body,
      ...(idempotent ? { headers: IdempotencyKeyHeader } : {}),
      response: op.hidden ? undefined : response,
    }),
    ...(idempotent
      ? {
          // After validation, so the fingerprint is of a valid body; before the handler.
          preHandler: async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
            const caller = callerOf(request);
            if (caller !== undefined && (await idempotencyBegin(ctx, op.operationId, caller, request, reply)))
              return reply;
          },
        }
      : {}),
    // The idempotency store keeps the plain answer; compression comes last.
    onSend: [
      ...(idempotent
        ? [
            async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
              await idempotencyEnd(ctx, request, reply, payload);
              return payload;
            },
          ]
        : []),
      compressAnswer,
    ],
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      reply.code(op.success.status);
      // Outside (before) the audited transaction: see `prepare`.
      const prepared = op.prepare ? await op.prepare(request, ctx) : undefined;
      const run = (c: AppContext) => op.handler(request, reply, c, prepared);
      const body = await (auditAction(op.audit) && audited ? audited(op, request, reply, run) : run(ctx));
      if (reply.statusCode === 204) return reply.send();
      if (op.location && reply.statusCode === 201)
        reply.header('location', op.location(body as never, request));
      return body;
    },
  };
}

/** Turns the table into routes (and so into the OpenAPI document). */
export async function registerOperations(
  app: FastifyInstance,
  ctx: AppContext,
  operations: readonly Operation[],
  guardFor: GuardFor,
  audited?: AuditedRun,
): Promise<void> {
  const ids = new Set<string>();
  const components = new Set<string>();
  for (const op of operations) {
    if (ids.has(op.operationId)) throw new Error(`operationId ${op.operationId} is declared twice`);
    if (op.method !== 'GET' && op.audit === undefined)
      throw new Error(`${op.operationId} changes state but declares no audit action`);
    if (auditAction(op.audit) && !audited)
      throw new Error(`${op.operationId} declares an audit action, but no audited run was given`);
    ids.add(op.operationId);
    for (const s of op.components ?? []) {
      if (!s.$id) throw new Error(`${op.operationId}: a component schema needs an $id`);
      if (!components.has(s.$id)) app.addSchema(s);
      components.add(s.$id);
    }
  }
  const served = operations.flatMap((op) => {
    const guard = guardFor(op.auth);
    return guard === false ? [] : [{ op, guard }];
  });
  // In table order, so the document lists paths as the table does; each run of token endpoints
  // gets a plugin scope of its own, the only kind that parses form bodies.
  for (let i = 0; i < served.length; ) {
    const first = served[i]!;
    if (first.op.errorFormat !== 'oauth') {
      app.route(routeOf(first.op, ctx, first.guard, guardFor, audited));
      i++;
      continue;
    }
    let end = i;
    while (end < served.length && served[end]!.op.errorFormat === 'oauth') end++;
    const run = served.slice(i, end);
    await app.register(async (scope) => {
      await scope.register(formbody, { bodyLimit: BODY_LIMIT });
      for (const { op, guard } of run) scope.route(routeOf(op, ctx, guard, guardFor, audited));
    });
    i = end;
  }
}
