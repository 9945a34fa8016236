// Starting and stopping a whole Latchkey process (used by main.ts and `latchkey serve`).
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type AppContext, createContext } from './context.ts';
import type { Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { openStore } from './db/open.ts';
import { startBackgroundJobs } from './jobs.ts';

export interface Running {
  app: FastifyInstance;
  ctx: AppContext;
  address: string;
  stop(): Promise<void>;
}

export async function openAndMigrate(config: Readonly<Config>): Promise<Db> {
  const db = await openStore(config);
  try {
    await migrate(db);
  } catch (e) {
    await db.close();
    throw e;
  }
  return db;
}

export async function startServer(config: Readonly<Config>): Promise<Running> {
  const db = await openAndMigrate(config);
  const ctx = await createContext(config, db, { defaultMetrics: true });
  ctx.signingKeys.startRefresh();
  const app = await buildApp(ctx);
  const stops = await startBackgroundJobs(ctx, app.log);
  const address = await app.listen({ port: config.port, host: config.host });
  let stopping: Promise<void> | undefined;
  return {
    app,
    ctx,
    address,
    stop() {
      stopping ??= (async () => {
        await app.close();
        for (const s of stops.reverse()) await s();
        ctx.signingKeys.stop();
        await db.close();
      })();
      return stopping;
    },
  };
}
