// OpenAPI 3.1 generated from the route schemas (one source for validation, types and docs),
// served at /openapi.json, and the Scalar reference at /docs (bundle served locally).
import { createHash } from 'node:crypto';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import pkg from '../../package.json' with { type: 'json' };
import { openApiWebhooks } from '../delivery/event-types.ts';
import { ProblemSchema } from './schemas.ts';

/** The document's tags, in the order the reference shows them. */
const TAGS = [
  { name: 'auth', description: 'Tokens (OAuth 2.0 client credentials), discovery and the signing keys' },
  { name: 'admin', description: 'The operator API (LATCHKEY_ADMIN_TOKEN)' },
  { name: 'organizations', description: 'The organization, its projects and API permissions' },
  { name: 'bridges', description: "Where the Matter controller of an organization's network locks runs" },
  { name: 'projects', description: 'A project' },
  { name: 'locks', description: 'Locks of a project' },
  { name: 'managed users', description: 'The people of a project, by phone number' },
  { name: 'keys', description: 'Who may open which lock, and when' },
  { name: 'sharing rights', description: 'Who may share their key from the app' },
  { name: 'auth v1', description: 'The auth API v1 token endpoint' },
  { name: 'lock holders (auth v1)', description: 'Projects seen through the auth API v1' },
  { name: 'app', description: 'What the mobile app calls' },
  { name: 'credentials', description: 'Offline credentials: issuer keys and lock provisioning' },
  { name: 'access log', description: 'Access events: the log and the live stream' },
  {
    name: 'webhooks',
    description: 'Webhooks (access events, lock activity, key changes) and their deliveries',
  },
  { name: 'audit', description: 'The audit trail: who changed what, when, and from where' },
];

interface OpenApiOperation {
  security?: Record<string, unknown>[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: { required?: string[] } }> };
}
type OpenApiDocument = { paths?: Record<string, Record<string, OpenApiOperation>> } & Record<string, unknown>;

/**
 * @fastify/swagger marks every request body required. Where client credentials may come by HTTP
 * Basic and the body requires nothing (resource discovery), a Basic-only request has no body at
 * all, so the document says the body is optional.
 */
function optionalCredentialBodies(doc: OpenApiDocument): OpenApiDocument {
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) {
      const body = op.requestBody;
      if (!body?.content || !op.security?.some((s) => 'clientBasic' in s)) continue;
      const needs = Object.values(body.content).some((m) => (m.schema?.required?.length ?? 0) > 0);
      if (!needs) body.required = false;
    }
  }
  return doc;
}

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
        license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      },
      // Relative: the server this document was read from (LATCHKEY_PUBLIC_URL), whichever environment.
      servers: [
        {
          url: '/',
          description: 'This server, in production or any other environment',
          // A public API (OpenAPI extension read by inventory tools).
          ...({ 'x-internal': false } as object),
        },
      ],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'ES256 JWT access token (RFC 9068, typ at+jwt) from a token endpoint, checked as RFC8725 (JWT best current practices) advises: the algorithm is pinned to ES256 (no none, no HMAC), the key is found by kid among the published keys, and typ, iss, aud, exp and nbf are checked.',
          },
          adminToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The operator token (LATCHKEY_ADMIN_TOKEN), compared in constant time',
          },
          clientBasic: {
            type: 'http',
            scheme: 'basic',
            description:
              'Client credentials by HTTP Basic (client_secret_basic, RFC 6749 §2.3.1); they may come in the body instead (client_secret_post)',
          },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transformObject: (d) => {
      const doc = optionalCredentialBodies(
        ('openapiObject' in d ? d.openapiObject : d.swaggerObject) as OpenApiDocument,
      );
      // What the service POSTs to receivers (OpenAPI 3.1 `webhooks`), from the one list of event types.
      return { ...doc, webhooks: openApiWebhooks() };
    },
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
 * The Content-Security-Policy of /docs. The page shares its origin with the console (which holds an
 * operator's or integrator's session in sessionStorage), so a script that got into it could act as
 * them: scripts only from this origin plus the page's own inline start-up script, pinned by its
 * hash (`inlineScripts`: the page is generated from fixed options, so the hash is too); requests
 * only to this origin; never framed. Scalar sets styles from script and in style attributes, hence
 * 'unsafe-inline' for styles only (a style cannot run code). No 'unsafe-eval': the validation
 * library in Scalar's bundle (zod) tries Function('') once and, refused, works without compiling
 * (the browser reports that one refusal).
 */
export function docsCsp(inlineScripts: readonly string[]): string {
  const hashes = inlineScripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);
  return [
    "default-src 'none'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The bodies of a page's inline `<script>` elements (those without `src`). */
function inlineScriptsOf(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
}

/**
 * /docs: the Scalar reference UI. Its module inlines a bundle of several megabytes that costs tens
 * of megabytes of memory once imported (docs/performance.md, "Memory"), so it is loaded the first
 * time someone opens /docs, into a small Fastify instance
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
    reply.headers({
      'content-security-policy': docsCsp(
        /^text\/html/.test(String(r.headers['content-type'])) ? inlineScriptsOf(r.payload) : [],
      ),
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    return r.rawPayload.length > 0 ? reply.send(r.rawPayload) : reply.send();
  };
  app.get('/docs', { schema: { hide: true } }, forward);
  app.get('/docs/*', { schema: { hide: true } }, forward);
  app.addHook('onClose', async () => {
    if (docs) await (await docs).close();
  });
}
