// Background work that runs beside the HTTP server in the same process (and alone under
// `latchkey worker`). Each job returns a stop function; stop drains in reverse start order.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.ts';
import { retentionJobStart } from './resources/access-log/retention.ts';

export type StopJob = () => Promise<void>;

export async function startBackgroundJobs(_ctx: AppContext, _log: FastifyBaseLogger): Promise<StopJob[]> {
  return [retentionJobStart(_ctx, _log)];
}
