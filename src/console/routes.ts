// GET /console: the web console, served by the API process on its own port. It talks to the same
// public HTTP API as any client (nothing here is privileged). A strict Content-Security-Policy allows
// scripts, styles and requests to this origin only: no third-party hosts, no inline script, no eval.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { buildConsole, type ConsoleBundle, etagOf } from './assets.ts';

export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': CONSOLE_CSP,
  // frame-ancestors says the same to browsers that read CSP; this, to those that do not.
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

export function consoleRoutes(app: FastifyInstance): void {
  let bundle: Promise<ConsoleBundle> | undefined;
  const get = () => {
    bundle ??= buildConsole().catch((e) => {
      bundle = undefined; // a failed build is tried again on the next request
      throw e;
    });
    return bundle;
  };

  const page = async (_req: unknown, reply: FastifyReply) => {
    const { html } = await get();
    return reply
      .headers({ ...SECURITY_HEADERS, 'cache-control': 'no-cache' })
      .type('text/html; charset=utf-8')
      .send(html);
  };
  app.get('/console', { schema: { hide: true } }, page);

  app.get<{ Params: { name: string } }>(
    '/console/assets/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const asset = (await get()).assets.get(request.params.name);
      if (!asset) return reply.code(404).type('text/plain').send('Not found');
      const etag = etagOf(asset.body);
      reply.headers({
        ...SECURITY_HEADERS,
        'cache-control': 'public, max-age=31536000, immutable',
        etag,
        vary: 'accept-encoding',
      });
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const accepts = String(request.headers['accept-encoding'] ?? '');
      reply.type(asset.type);
      if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(asset.br);
      if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(asset.gzip);
      return reply.send(asset.body);
    },
  );
}
