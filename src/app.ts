// buildApp(ctx) → a Fastify instance without listen(). The request pipeline is:
//   onRequest: request id, the operation's credential check (src/auth/guards.ts)  →  body parse  →  schema validation
//   →  handler (service, in a transaction where needed)  →  response serialization by schema.
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { createAuditedRun } from './audit/run.ts';
import { createGuards } from './auth/guards.ts';
import { consoleRoutes } from './console/routes.ts';
import type { AppContext } from './context.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { installJsonBodyParser } from './http/json-body.ts';
import { installRequestLog, lazyChildLogger, requestId } from './http/logging.ts';
import { installRequestMetrics } from './http/metrics.ts';
import { installOpenApi } from './http/openapi.ts';
import { type AuditedRun, type Operation, registerOperations } from './http/operations.ts';
import { buildSerializer } from './http/serialization.ts';
import { validatorCompilersFactory } from './http/validation.ts';
import { operations } from './operation-table.ts';
import { installAdminOff } from './resources/admin/routes.ts';
import { BODY_LIMIT, requestTimeoutOptions } from './server-options.ts';

export interface BuildOptions {
  /**
   * The operations to serve, default all of them. `latchkey admin` serves only the admin API's
   * in its own process: compiling every operation's schemas would cost each command about a second.
   */
  operations?: readonly Operation[];
  /**
   * How operations with an audit action run; default in one transaction with their records.
   * Only `npm run bench:audit` passes another (a plain run), to measure what the trail costs.
   */
  audited?: AuditedRun;
}

export async function buildApp(ctx: AppContext, o: BuildOptions = {}): Promise<FastifyInstance> {
  const { logger, requestLine } = ctx.loggers;
  const app = Fastify({
    loggerInstance: logger,
    genReqId: requestId,
    childLoggerFactory: lazyChildLogger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    ...requestTimeoutOptions(ctx.config.requestTimeoutMs),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // request.ip is the client behind the configured proxies only (LATCHKEY_TRUST_PROXY).
    trustProxy: ctx.config.trustProxy.length > 0 ? ctx.config.trustProxy : false,
    // Strict body validation in every plugin scope (see validation.ts for why not setValidatorCompiler).
    // Response serializers compiled once per distinct schema in the process (serialization.ts).
    schemaController: { compilersFactory: { ...validatorCompilersFactory(), buildSerializer } },
  });
  // JSON only (the token endpoints add form bodies in their own scope); Fastify's default
  // text/plain parser would let a plain-text body reach validation as a string.
  app.removeContentTypeParser('text/plain');
  installJsonBodyParser(app);
  installErrorHandler(app);
  installRequestLog(app, requestLine);
  installRequestMetrics(app, ctx.metrics);
  await installOpenApi(app);
  serveLiveStreams(app, ctx);
  await registerOperations(
    app,
    ctx,
    o.operations ?? operations,
    createGuards(ctx),
    o.audited ?? createAuditedRun(ctx),
  );
  if (!ctx.config.adminToken) installAdminOff(app);
  // The web console: static pages over the public API (like /docs, not API operations).
  consoleRoutes(app);
  return app;
}

/**
 * The server's side of the process's live streams (ctx.accessEventStreams): its connections are
 * counted for the descriptor reserve (the limits are fields of the start summary), and the streams
 * are ended when it starts closing (preClose), or its close would wait for them forever. Closing
 * the hub twice is harmless: the context's close() closes it too, for contexts without a server.
 */
function serveLiveStreams(app: FastifyInstance, ctx: AppContext): void {
  ctx.connectionReserve.attach(app.server);
  app.addHook('preClose', async () => {
    await ctx.accessEventStreams.close();
  });
}
