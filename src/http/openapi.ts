// OpenAPI 3.1 generated from the route schemas (one source for validation, types and docs),
// served at /openapi.json, and the Scalar reference at /docs (bundle served locally).
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
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
  await app.register(scalar, { routePrefix: '/docs', configuration: { url: '/openapi.json' } });
}
