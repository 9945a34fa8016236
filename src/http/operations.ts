// The operations table: every HTTP operation of the service is ONE declaration (method, path,
// operationId, credentials, schemas, success status, handler), and registerOperations() is the one
// function that turns the table into Fastify routes, their authentication hooks, their error
// responses and their part of the OpenAPI document. Tests walk the same table (src/operations.ts).
//
// This folder knows nothing of how credentials are checked: the caller hands registerOperations a
// `guardFor(auth)` (src/auth/guards.ts), so src/http never imports src/auth.
import formbody from '@fastify/formbody';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { OAuthErrorSchema, problemResponses } from './schemas.ts';

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
  | { kind: 'metrics' };

export type AuthKind = Auth['kind'];

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
  /** Not in the OpenAPI document (operations endpoints, the document itself). */
  hidden?: boolean;
  /** Runs after the credential check, before the body is read (per-address limits). */
  onRequest?: (request: FastifyRequest, reply: FastifyReply, ctx: AppContext) => Promise<void>;
  /** Runs once the answer is sent (work that must not show in the answer or its timing). */
  onResponse?: (request: FastifyRequest, reply: FastifyReply, ctx: AppContext) => Promise<void>;
}

/** One operation with its handler's request typed from its schemas (see defineOperation). */
export interface OperationSpec<P, Q, B> extends OperationFields {
  params?: P;
  query?: Q;
  body?: B;
  /** Returns the success body. May set headers (and, for non-API answers, the status) on `reply`. */
  handler(request: OperationRequest<P, Q, B>, reply: FastifyReply, ctx: AppContext): unknown;
}

/** An entry of the table, its handler's types erased. */
export interface Operation extends OperationFields {
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  handler(request: FastifyRequest, reply: FastifyReply, ctx: AppContext): unknown;
}

/** Declares one operation; `request.params`, `.query` and `.body` are typed from its schemas. */
export function defineOperation<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
>(spec: OperationSpec<P, Q, B>): Operation {
  return spec as unknown as Operation;
}

/**
 * The onRequest hook that checks an operation's credential; `undefined` for none, `false` when
 * operations of this kind are not served at all (admin without LATCHKEY_ADMIN_TOKEN).
 */
export type GuardFor = (auth: Auth) => onRequestHookHandler | undefined | false;

const SECURITY: Record<AuthKind, Array<Record<string, string[]>> | undefined> = {
  none: undefined,
  client: undefined,
  bearer: [{ bearerAuth: [] }],
  v1: [{ bearerAuth: [] }],
  admin: [{ adminToken: [] }],
  metrics: undefined,
};

const BODY_LIMIT = 1024 * 1024;

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

function routeOf(op: Operation, ctx: AppContext, guard: onRequestHookHandler | undefined) {
  const oauth = op.errorFormat === 'oauth';
  const success = op.success.schema ?? (op.success.status === 204 ? { type: 'null' } : undefined);
  const response: Record<string, unknown> = {};
  if (success) {
    response[op.success.status] = op.success.description
      ? { ...success, description: op.success.description }
      : success;
  }
  Object.assign(response, oauth ? { '4xx': OAuthErrorSchema } : problemResponses);
  return {
    method: op.method,
    url: op.path,
    onRequest: hooksOf(op, ctx, guard),
    ...(op.onResponse
      ? { onResponse: (request: FastifyRequest, reply: FastifyReply) => op.onResponse!(request, reply, ctx) }
      : {}),
    config: { oauth, operation: op },
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
      response: op.hidden ? undefined : response,
    }),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      reply.code(op.success.status);
      const body = await op.handler(request, reply, ctx);
      if (reply.statusCode === 204) return reply.send();
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
): Promise<void> {
  const ids = new Set<string>();
  const components = new Set<string>();
  for (const op of operations) {
    if (ids.has(op.operationId)) throw new Error(`operationId ${op.operationId} is declared twice`);
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
      app.route(routeOf(first.op, ctx, first.guard));
      i++;
      continue;
    }
    let end = i;
    while (end < served.length && served[end]!.op.errorFormat === 'oauth') end++;
    const run = served.slice(i, end);
    await app.register(async (scope) => {
      await scope.register(formbody, { bodyLimit: BODY_LIMIT });
      for (const { op, guard } of run) scope.route(routeOf(op, ctx, guard));
    });
    i = end;
  }
}
