// OpenAPI 3.1 generated from the route schemas (one source for validation, types and docs),
// served at /openapi.json, and the Scalar reference at /docs (bundle served locally).
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import pkg from '../../package.json' with { type: 'json' };
import { ProblemSchema } from './schemas.ts';

export async function installOpenApi(app: FastifyInstance): Promise<void> {
  app.addSchema(ProblemSchema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Latchkey API',
        version: pkg.version,
        description:
          'Access control for smart locks: OAuth client-credentials tokens, projects, locks, managed users, keys, sharing rights, access-event webhooks and the access log. Errors are RFC 9457 problem+json, except on token endpoints (RFC 6749).',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          adminToken: { type: 'http', scheme: 'bearer', description: 'LATCHKEY_ADMIN_TOKEN' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  installDocsUi(app);
}

/**
 * The Scalar options of /docs. Its hosted-product features (the "Ask AI" agent, "Generate MCP", the
 * developer tools' "Deploy" and "Share") need Scalar's cloud and do nothing on a self-hosted
 * Latchkey, and it shows them on localhost by default: off. No telemetry, and no fonts from Scalar's
 * CDN (the page works offline). Options as of @scalar/fastify-api-reference 1.72.1 (pinned).
 */
export const DOCS_UI_CONFIGURATION = {
  url: '/openapi.json',
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  telemetry: false,
  withDefaultFonts: false,
} as const;

/**
 * /docs: the Scalar reference UI. Its module inlines a 4.3 MB bundle that costs ~35 MB of memory
 * once imported, so it is loaded the first time someone opens /docs, into a small Fastify instance
 * of its own that these two routes forward to, instead of into every process at start-up.
 */
function installDocsUi(app: FastifyInstance): void {
  let docs: Promise<FastifyInstance> | undefined;
  const docsApp = () =>
    (docs ??= (async () => {
      const { default: scalar } = await import('@scalar/fastify-api-reference');
      const d = Fastify();
      await d.register(scalar, { routePrefix: '/docs', configuration: DOCS_UI_CONFIGURATION });
      await d.ready();
      return d;
    })());
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const r = await (await docsApp()).inject({ method: 'GET', url: request.url });
    reply.code(r.statusCode);
    for (const name of ['content-type', 'location', 'cache-control', 'etag', 'last-modified']) {
      const v = r.headers[name];
      if (v !== undefined) reply.header(name, v);
    }
    return r.rawPayload.length > 0 ? reply.send(r.rawPayload) : reply.send();
  };
  app.get('/docs', { schema: { hide: true } }, forward);
  app.get('/docs/*', { schema: { hide: true } }, forward);
  app.addHook('onClose', async () => {
    if (docs) await (await docs).close();
  });
}
