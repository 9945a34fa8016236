// Process entry for `npm start`: configuration → store → migrations → HTTP (+ background jobs).
// SIGTERM/SIGINT drain in-flight requests, stop the worker and close the store.
import type { Config } from './config.ts';
import { ConfigError, loadConfig } from './config.ts';
import { cidrText } from './delivery/address-policy.ts';
import { metricsSummary } from './monitoring/metrics-access.ts';
import { type Running, startServer, startWorkerOnly } from './server.ts';

export interface ServeOptions {
  /** `latchkey worker`: run only the delivery worker, without the HTTP API. */
  workerOnly?: boolean;
  /** Runs once the server listens (`latchkey dev` creates its demo data and prints its banner). */
  afterStart?(server: Running): Promise<void>;
  /** Configuration already loaded by the caller. */
  config?: Readonly<Config>;
}

/**
 * One line on what this start turned on and off, and where things are (`npm start` logs it);
 * `metricsAddress`: where the loopback metrics listener listens, if there is one.
 */
export function startSummary(config: Readonly<Config>, metricsAddress?: string): string {
  const url = config.publicUrl.replace(/\/$/, '');
  return [
    `Latchkey at ${url}, API reference at ${url}/docs`,
    config.databaseUrl ? 'store PostgreSQL' : `embedded store in ${config.dataDir}`,
    config.adminToken ? 'admin API on' : 'admin API off (set LATCHKEY_ADMIN_TOKEN)',
    config.runWorker ? 'delivery worker on' : 'delivery worker off (LATCHKEY_WORKER=off)',
    metricsSummary(config, metricsAddress),
    config.webhookAllowedCidrs.length > 0
      ? `webhooks allowed to ${config.webhookAllowedCidrs.map(cidrText).join(', ')}`
      : 'webhooks to loopback and private addresses refused',
    'on a laptop, `npm run dev` starts with these on',
  ].join('; ');
}

/**
 * `npm start` and `npm run dev` exec node, so npm is this process's parent; but npm does not pass a
 * SIGTERM on to its script, so `npm start & ... kill $!` used to leave the server running. Under
 * those two scripts, the server stops when the npm that started it is gone.
 */
export function watchNpmParent(onGone: () => void): void {
  const script = process.env.npm_lifecycle_event;
  if (script !== 'start' && script !== 'dev') return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      onGone();
    }
  }, 500);
  timer.unref();
}

export async function serve(o: ServeOptions = {}): Promise<void> {
  let config: Readonly<Config>;
  try {
    config = o.config ?? loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`latchkey: ${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  let running: { log: { info(o: object, m: string): void }; stop(): Promise<void> };
  try {
    if (o.workerOnly) running = await startWorkerOnly(config);
    else {
      const server = await startServer(config, {
        announce: (s) =>
          o.afterStart
            ? o.afterStart(s)
            : s.app.log.info(
                {
                  address: s.address,
                  metricsAddress: s.metricsAddress,
                  descriptorLimit: s.ctx.connectionReserve.limit,
                  connectionReserve: s.ctx.connectionReserve.reserve,
                  maxConnections: s.app.server.maxConnections,
                },
                startSummary(config, s.metricsAddress),
              ),
      });
      running = { log: server.app.log, stop: () => server.stop() };
    }
  } catch (e) {
    process.stderr.write(`latchkey: cannot start: ${(e as Error).message}\n`);
    process.exit(1);
  }
  const shutdown = (signal: string) => {
    running.log.info({ signal }, 'shutting down');
    running.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  // Started by another process through an IPC channel (`latchkey dev`): stop when it goes away,
  // whatever killed it.
  if (process.connected) process.once('disconnect', () => shutdown('parent gone'));
  else watchNpmParent(() => shutdown('npm gone'));
}
