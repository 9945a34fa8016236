// Prism's validating proxy in front of a test app (TEST_VIA_PRISM=1, `npm run test:prism`): the app
// listens on an ephemeral loopback port, Prism proxies to it with openapi.json and, with
// --errors=false, answers with the app's own response plus an `sl-violations` header naming every
// way the request or the response differs from the document. In-process test apps' inject() and
// the real server processes' clients (fetch, the SDK) go through it over real HTTP; each exchange
// and its violations are appended (JSON lines) to TEST_PRISM_REPORT for scripts/prism-check.mjs.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { request } from 'undici';
import { ROOT } from '../../src/root.ts';
import { freePort } from './net.ts';

function waitForListening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (d: Buffer) => {
      seen += d.toString();
      if (seen.includes('Prism is listening')) {
        child.stdout?.off('data', onData);
        child.stdout?.resume(); // keep draining: a full pipe would stall the proxy
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`prism exited (${code}) before listening: ${seen.slice(-2000)}`)),
    );
  });
}

function target(o: InjectOptions): string {
  const url = typeof o.url === 'string' ? o.url : String(o.path ?? '/');
  if (!o.query || typeof o.query === 'string') return o.query ? `${url}?${o.query}` : url;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(o.query)) {
    for (const one of Array.isArray(v) ? v : [v]) q.append(k, String(one));
  }
  return `${url}${url.includes('?') ? '&' : '?'}${q}`;
}

/**
 * Options for a test that cannot mean the same through the proxy (it sets each request's client
 * address, sends bodies Prism answers itself, …): skipped there, with the reason in the report.
 */
export function skipThroughPrism(reason: string): { skip?: string } {
  return process.env.TEST_VIA_PRISM === '1' ? { skip: `through Prism: ${reason}` } : {};
}

// The service answers a path with or without its trailing slash alike (Fastify's
// ignoreTrailingSlash); the document lists one spelling. The recorder sends Prism the document's
// spelling, so that the answer is still judged, and notes that it did.
const templates = Object.keys(JSON.parse(readFileSync(join(ROOT, 'openapi.json'), 'utf8')).paths).map(
  (p) => new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`),
);
const declared = (path: string) => templates.some((t) => t.test(path));
function documentSpelling(url: string): { url: string; alias: boolean } {
  const [path = '/', query] = url.split(/\?(.*)/s);
  if (declared(path)) return { url, alias: false };
  const other = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
  if (!declared(other)) return { url, alias: false };
  return { url: query === undefined ? other : `${other}?${query}`, alias: true };
}

/**
 * Starts Prism's proxy in front of `upstream` and a recorder in front of Prism; returns the
 * recorder's base URL. The recorder forwards each exchange as it is (streams included) and appends
 * it, with Prism's `sl-violations` header, to TEST_PRISM_REPORT.
 */
export async function startPrismProxy(upstream: string): Promise<{ base: string; close(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    join(ROOT, 'node_modules', '.bin', 'prism'),
    [
      'proxy',
      join(ROOT, 'openapi.json'),
      upstream,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--errors=false',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await waitForListening(child);
  const report = process.env.TEST_PRISM_REPORT;
  const recorder = createHttpServer(async (req, res) => {
    try {
      const headers = { ...req.headers };
      delete headers.connection;
      delete headers['keep-alive'];
      delete headers['transfer-encoding'];
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const { url, alias } = documentSpelling(req.url ?? '/');
      const r = await request(`http://127.0.0.1:${port}${url}`, {
        method: req.method as 'GET',
        headers,
        body: hasBody ? req : undefined,
      });
      const violations = r.headers['sl-violations'];
      if (report) {
        appendFileSync(
          report,
          `${JSON.stringify({
            method: req.method,
            path: url.split('?')[0],
            alias,
            status: r.statusCode,
            violations: violations ? JSON.parse(String(violations)) : [],
          })}\n`,
        );
      }
      const out: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(r.headers)) {
        // Prism's own additions (CORS for browsers, the report header) are not the service's answer.
        if (v === undefined || k === 'sl-violations' || k.startsWith('access-control-')) continue;
        if (k === 'connection' || k === 'keep-alive' || k === 'transfer-encoding') continue;
        out[k] = v;
      }
      res.writeHead(r.statusCode, out);
      await pipeline(r.body, res);
    } catch (e) {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(e));
    }
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(recorder.address() as { port: number }).port}`;
  return {
    base,
    async close() {
      recorder.closeAllConnections();
      await new Promise((resolve) => recorder.close(resolve));
      child.kill('SIGTERM');
    },
  };
}

/** app.inject() over real HTTP to `base`: the same options in, a light-my-request-shaped answer out. */
export function injectOverHttp(base: string): (o: InjectOptions) => Promise<LightMyRequestResponse> {
  return async (o) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(o.headers ?? {})) if (v !== undefined) headers[k] = String(v);
    let body: string | Buffer | undefined;
    if (o.payload !== undefined && o.payload !== null) {
      if (typeof o.payload === 'string' || Buffer.isBuffer(o.payload)) body = o.payload;
      else {
        body = JSON.stringify(o.payload);
        headers['content-type'] ??= 'application/json';
      }
    }
    const r = await request(`${base}${target(o)}`, {
      method: (o.method ?? 'GET').toUpperCase() as 'GET',
      headers,
      body,
      // A connection of its own per request. A kept-alive one that sat idle while a test waited
      // (for deliveries, say) can be closed by Prism's server just as the next request goes out on
      // it, and that request fails with ECONNRESET: seen twice under CI's load in the erasure test.
      reset: true,
    });
    const raw = Buffer.from(await r.body.arrayBuffer());
    const text = raw.toString('utf8');
    const answer = {
      statusCode: r.statusCode,
      statusMessage: '',
      headers: r.headers,
      rawPayload: raw,
      payload: text,
      body: text,
      trailers: {},
      cookies: [],
      json: () => JSON.parse(text),
    };
    return answer as unknown as LightMyRequestResponse;
  };
}
