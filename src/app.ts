// buildApp(ctx) → a Fastify instance without listen(). The request pipeline is:
//   onRequest: request id, bearer authentication (per route)  →  body parse  →  schema validation
//   →  handler (service, in a transaction where needed)  →  response serialization by schema.
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { tokenRoutes } from './auth/token-routes.ts';
import { authV1Routes } from './auth/v1-routes.ts';
import { wellKnownRoutes } from './auth/well-known-routes.ts';
import { consoleRoutes } from './console/routes.ts';
import type { AppContext } from './context.ts';
import { createRequireToken } from './http/authenticate.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { installRequestLog, loggerOptions, requestId } from './http/logging.ts';
import { installRequestMetrics } from './http/metrics.ts';
import { installOpenApi } from './http/openapi.ts';
import { validatorCompilersFactory } from './http/validation.ts';
import { opsRoutes } from './ops/routes.ts';
import { accessLogRoutes } from './resources/access-log/routes.ts';
import { adminRoutes } from './resources/admin/routes.ts';
import { appRoutes } from './resources/app/routes.ts';
import { keyRoutes } from './resources/keys/routes.ts';
import { lockRoutes } from './resources/locks/routes.ts';
import { managedUserRoutes } from './resources/managed-users/routes.ts';
import { organizationRoutes } from './resources/organizations/routes.ts';
import { projectRoutes } from './resources/projects/routes.ts';
import { ProjectSchema } from './resources/projects/schema.ts';
import { sharingRightRoutes } from './resources/sharing-rights/routes.ts';
import { webhookRoutes } from './resources/webhooks/routes.ts';
import { requestTimeoutOptions } from './server-options.ts';

export const BODY_LIMIT = 1024 * 1024;

export interface BuildOptions {
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: NodeJS.WritableStream;
  /** Extra trusted CA for webhook receivers (tests only). */
  webhookCa?: string | Buffer;
}

export async function buildApp(ctx: AppContext, o: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(ctx.config.logLevel, o.logStream),
    genReqId: requestId,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    ...requestTimeoutOptions(ctx.config.requestTimeoutMs),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // request.ip is the client behind the configured proxies only (LATCHKEY_TRUST_PROXY).
    trustProxy: ctx.config.trustProxy.length > 0 ? ctx.config.trustProxy : false,
    // Strict body validation in every plugin scope (see validation.ts for why not setValidatorCompiler).
    schemaController: { compilersFactory: validatorCompilersFactory },
  });
  // JSON only (the token endpoints add form bodies in their own scope); Fastify's default
  // text/plain parser would let a plain-text body reach validation as a string.
  app.removeContentTypeParser('text/plain');
  installErrorHandler(app);
  installRequestLog(app);
  installRequestMetrics(app, ctx.metrics);
  await installOpenApi(app);
  app.addSchema(ProjectSchema);

  const requireToken = createRequireToken(ctx);
  await opsRoutes(app, ctx);
  await wellKnownRoutes(app, ctx);
  await tokenRoutes(app, ctx);
  await adminRoutes(app, ctx);
  await organizationRoutes(app, ctx, requireToken);
  await projectRoutes(app, ctx, requireToken);
  await lockRoutes(app, ctx, requireToken);
  await managedUserRoutes(app, ctx, requireToken);
  await keyRoutes(app, ctx, requireToken);
  await sharingRightRoutes(app, ctx, requireToken);
  await authV1Routes(app, ctx);
  await appRoutes(app, ctx, requireToken);
  await accessLogRoutes(app, ctx, requireToken);
  await webhookRoutes(app, ctx, requireToken, { webhookCa: o.webhookCa });
  consoleRoutes(app);
  return app;
}
