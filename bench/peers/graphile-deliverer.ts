// graphile-worker 0.17 as a webhook delivery process, for `BENCH_MODE=receivers npm run
// bench:delivery`: one `deliver` task that signs and POSTs with Latchkey's own sending function
// (deliveryHeaders, deliverySend, createDeliveryAgent), so that it does the same HTTP work per
// delivery as Latchkey's worker and the differences are the queues'. The bench bundles this file
// with esbuild and runs the bundle with the service's V8 flags, as Latchkey's worker runs from its
// bundle: neither process carries tsx's loader in its memory. A failed POST throws, so the job is
// retried (graphile-worker's backoff), as Latchkey retries on its schedule.
//
// Environment: GW_URL, GW_SCHEMA (migrated by the bench), GW_CONCURRENCY, GW_TIMEOUT_MS, GW_SECRET;
// the receiver's CA comes through NODE_EXTRA_CA_CERTS, as for Latchkey's worker (each connection
// then gets Node's root store and that CA, as in production, not a store of one certificate).
// Sends {type: 'ready'} once running; stops on SIGTERM.
import { Logger, run, type Task } from 'graphile-worker';
import { parseCidrList } from '../../src/delivery/address-policy.ts';
import { createDeliveryAgent, deliverySend } from '../../src/delivery/send.ts';
import { deliveryHeaders } from '../../src/delivery/sign.ts';

const env = (name: string) => {
  const v = process.env[name];
  if (v === undefined) throw new Error(`${name} is not set`);
  return v;
};
const timeoutMs = Number(env('GW_TIMEOUT_MS'));
const agent = createDeliveryAgent({
  allowed: parseCidrList(['127.0.0.0/8']),
  timeoutMs,
  connectionsPerOrigin: 0,
});
const secret = env('GW_SECRET');

const deliver: Task = async (payload) => {
  const p = payload as { url: string; id: string; body: string };
  const headers = deliveryHeaders({
    msgId: p.id,
    timestamp: Math.floor(Date.now() / 1000),
    body: p.body,
    secrets: [secret],
    credentials: 'bench:secret',
    userAgent: 'Latchkey-Bench',
  });
  const r = await deliverySend(agent, { url: p.url, headers, body: p.body, timeoutMs });
  if (r.status === undefined || r.status >= 300) throw new Error(r.error ?? `HTTP ${r.status}`);
};

const runner = await run({
  connectionString: env('GW_URL'),
  schema: env('GW_SCHEMA'),
  concurrency: Number(env('GW_CONCURRENCY')),
  noHandleSignals: true,
  pollInterval: 1000,
  logger: new Logger(() => () => {}),
  taskList: { deliver },
  // Its performance page's setup (the faster of the two the throughput bench measures).
  preset: { worker: { localQueue: { size: 500 }, completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
});
process.send?.({ type: 'ready' });
process.once('SIGTERM', () => {
  runner.stop().finally(() => process.exit(0));
});
