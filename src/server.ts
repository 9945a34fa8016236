// Starting and stopping a whole Latchkey process (used by main.ts and `latchkey serve`).
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { createGuards } from './auth/guards.ts';
import { bridgeJobsStart } from './bridge/jobs.ts';
import type { Config } from './config.ts';
import { type AppContext, createContext } from './context.ts';
import { backupHandler } from './control/backup.ts';
import { controlSocketStart } from './control/socket.ts';
import type { Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { openStore } from './db/open.ts';
import type { PgliteDb } from './db/pglite-store.ts';
import { registerOperations } from './http/operations.ts';
import { startBackgroundJobs } from './jobs.ts';
import { metricsListenerStart, metricsSummary } from './monitoring/metrics-access.ts';
import { monitoringOperations } from './monitoring/routes.ts';
import { requestTimeoutOptions } from './server-options.ts';

export interface Running {
  app: FastifyInstance;
  ctx: AppContext;
  address: string;
  /** The loopback listener serving /metrics (LATCHKEY_METRICS_PORT), if any. */
  metricsAddress?: string;
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

/**
 * Fastify logs a line for each address it listens on. The start summary says where instead, as
 * the process's first line (the README promises it), so those lines are left out: the root
 * logger is quiet below warn while the server binds. Nothing else logs through it then: the
 * background jobs start after the summary.
 */
async function listenQuietly(app: FastifyInstance, config: Readonly<Config>): Promise<string> {
  const level = app.log.level;
  if (['trace', 'debug', 'info'].includes(level)) app.log.level = 'warn';
  try {
    return await app.listen({ port: config.port, host: config.host });
  } finally {
    app.log.level = level;
  }
}

export interface StartOptions {
  /** Logs the start summary (or, for `latchkey dev`, prints its banner): before anything else logs. */
  announce?(server: Running): void | Promise<void>;
}

export async function startServer(config: Readonly<Config>, o: StartOptions = {}): Promise<Running> {
  const db = await openAndMigrate(config);
  const ctx = await createContext(config, db, { defaultMetrics: true });
  ctx.signingKeys.startRefresh();
  const app = await buildApp(ctx);
  const address = await listenQuietly(app, config);
  const metrics = await metricsListenerStart(ctx);
  // The embedded store is inside this process: backups and master-key rotations reach it here.
  const control =
    db.kind === 'pglite'
      ? await controlSocketStart(ctx, { backup: backupHandler(db as PgliteDb) }, app.log)
      : undefined;
  let stopping: Promise<void> | undefined;
  const stops: (() => Promise<void>)[] = [];
  const running: Running = {
    app,
    ctx,
    address,
    metricsAddress: metrics?.address,
    stop() {
      stopping ??= (async () => {
        await control?.close();
        await metrics?.close();
        await app.close();
        for (const s of stops.reverse()) await s();
        await ctx.close();
        await db.close();
      })();
      return stopping;
    },
  };
  await o.announce?.(running);
  stops.push(...(await startBackgroundJobs(ctx, app.log)));
  stops.push(...(await bridgeJobsStart(ctx, app.log)));
  return running;
}

export interface RunningWorker {
  log: FastifyInstance['log'];
  address: string;
  /** The loopback listener serving /metrics (LATCHKEY_METRICS_PORT), if any. */
  metricsAddress?: string;
  stop(): Promise<void>;
}

/**
 * `latchkey worker`: only the delivery worker (scale workers apart from the API). It serves no API,
 * only the monitoring endpoints on PORT/HOST: /healthz, /readyz and /metrics (by the same rule as
 * the API's, monitoring/metrics-access.ts), because the delivery counters and latency histogram
 * exist only in the process that delivers.
 */
export async function startWorkerOnly(config: Readonly<Config>): Promise<RunningWorker> {
  const db = await openAndMigrate(config);
  const ctx = await createContext(config, db, { defaultMetrics: true });
  const monitoring = Fastify({
    loggerInstance: ctx.loggers.logger,
    return503OnClosing: true,
    ...requestTimeoutOptions(config.requestTimeoutMs),
  });
  await registerOperations(monitoring, ctx, monitoringOperations, createGuards(ctx));
  const address = await listenQuietly(monitoring, config);
  const metrics = await metricsListenerStart(ctx);
  monitoring.log.info(
    { store: db.kind, address, metricsAddress: metrics?.address },
    `delivery worker started; ${metricsSummary(config, metrics?.address)}`,
  );
  const stops = await startBackgroundJobs(ctx, monitoring.log, { deliveryWorker: true });
  let stopping: Promise<void> | undefined;
  return {
    log: monitoring.log,
    address,
    metricsAddress: metrics?.address,
    stop() {
      stopping ??= (async () => {
        await metrics?.close();
        await monitoring.close();
        for (const s of stops.reverse()) await s();
        await ctx.close();
        await db.close();
      })();
      return stopping;
    },
  };
}
