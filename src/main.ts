// Process entry for `npm start`: configuration → store → migrations → HTTP (+ background jobs).
// SIGTERM/SIGINT drain in-flight requests, stop the worker and close the store.
import { ConfigError, loadConfig } from './config.ts';
import { startServer, startWorkerOnly } from './server.ts';

export interface ServeOptions {
  /** `latchkey worker`: run only the delivery worker, without the HTTP API. */
  workerOnly?: boolean;
}

export async function serve(o: ServeOptions = {}): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
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
      const server = await startServer(config);
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
}

if (import.meta.url === `file://${process.argv[1]}`) await serve();
