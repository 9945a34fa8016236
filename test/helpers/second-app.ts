// "Another API process" on the same store as a test app: its own context (caches, live-stream
// hub, signing keys) and its own HTTP server on an ephemeral port. On PostgreSQL it also has its
// own connections (pool and LISTEN); the embedded store is one connection by nature, so there the
// two share it, as two processes can share one PostgreSQL.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type AppContext, createContext } from '../../src/context.ts';
import { openPgStore } from '../../src/db/pg-store.ts';
import type { TestApp } from './app.ts';
import { TEST_DATABASE_URL } from './store.ts';

export interface SecondApp {
  app: FastifyInstance;
  ctx: AppContext;
  base: string;
  close(): Promise<void>;
}

export async function startSecondApp(t: TestApp): Promise<SecondApp> {
  const db = TEST_DATABASE_URL
    ? await openPgStore({ url: TEST_DATABASE_URL, poolSize: 4, schema: t.store.schema })
    : t.store.db;
  const ctx = await createContext(t.config, db, {
    logStream: { write: () => true } as unknown as NodeJS.WritableStream,
  });
  const app = await buildApp(ctx);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    ctx,
    base,
    async close() {
      await app.close();
      await ctx.close();
      if (db !== t.store.db) await db.close();
    },
  };
}
