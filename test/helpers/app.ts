// A whole Latchkey app on a fresh test database, driven in-process with app.inject() (or on an
// ephemeral port with listen()). Log lines are captured so tests can assert what was (not) logged.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type AppContext, type ContextOptions, createContext } from '../../src/context.ts';
import type { Db } from '../../src/db/db.ts';
import { injectOverHttp, startPrismProxy } from './prism.ts';
import { openTestStore, type TestStore } from './store.ts';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef0123456789';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  store: TestStore;
  config: Readonly<Config>;
  logs: string[];
  inject(o: InjectOptions): Promise<LightMyRequestResponse>;
  /** JSON request helper: method, url, optional body and bearer token. */
  call(
    method: string,
    url: string,
    o?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{
    status: number;
    body: any;
    headers: Record<string, unknown>;
  }>;
  /**
   * The app's base URL over real HTTP: through Prism's proxy when the suite runs under it (so what the
   * test sends is checked against the document too), else the app listening on a loopback port.
   */
  baseUrl(): Promise<string>;
  close(): Promise<void>;
}

export async function startTestApp(
  env: Record<string, string> = {},
  o: Pick<ContextOptions, 'webhookLookup'> & {
    /** Puts a seam between the app and its store (a test that holds or watches certain queries). */
    wrapDb?: (db: Db) => Db;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-test-'));
  const config = loadConfig({
    LATCHKEY_DATA_DIR: dataDir,
    LATCHKEY_PUBLIC_URL: 'http://latchkey.test',
    LATCHKEY_ADMIN_TOKEN: ADMIN_TOKEN,
    LATCHKEY_LOG_LEVEL: 'info',
    LATCHKEY_TOKEN_RATE_PER_CLIENT: '0',
    LATCHKEY_TOKEN_RATE_PER_IP: '0',
    LATCHKEY_REVOCATION_CACHE_SECONDS: '0',
    LATCHKEY_WORKER: 'off',
    ...env,
  });
  const store = await openTestStore();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  // Test deliveries reach the local HTTPS receiver (test/helpers/delivery.ts) signed by this CA.
  const webhookCa = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'tls', 'ca.crt'));
  const { wrapDb, ...contextOptions } = o;
  const ctx = await createContext(config, wrapDb ? wrapDb(store.db) : store.db, {
    ...contextOptions,
    logStream,
    webhookCa,
  });
  const app = await buildApp(ctx);
  await app.ready();
  // npm run test:prism: every request goes over HTTP through Prism's validating proxy.
  let prism: Awaited<ReturnType<typeof startPrismProxy>> | undefined;
  if (process.env.TEST_VIA_PRISM === '1') {
    await app.listen({ port: 0, host: '127.0.0.1' });
    prism = await startPrismProxy(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
  }
  const inject = prism ? injectOverHttp(prism.base) : (o: InjectOptions) => app.inject(o);
  return {
    app,
    ctx,
    store,
    config,
    logs,
    inject,
    async call(method, url, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      if (o.body !== undefined) headers['content-type'] ??= 'application/json';
      const r = await inject({
        method: method as InjectOptions['method'],
        url,
        headers,
        payload:
          o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
      });
      let body: unknown = r.body;
      try {
        body = r.json();
      } catch {
        // not JSON
      }
      return { status: r.statusCode, body, headers: r.headers };
    },
    async baseUrl() {
      if (prism) return prism.base;
      if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
      return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    },
    async close() {
      await prism?.close();
      await app.close();
      await ctx.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
