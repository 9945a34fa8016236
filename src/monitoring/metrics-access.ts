// Who may read /metrics. Metrics say how busy each route is, how many tokens were issued and the
// process's memory: not for anyone who can reach the API. So they are served only when the operator
// says how they are protected, the same in every process (`serve` and `latchkey worker`):
// - LATCHKEY_METRICS_PORT: a second listener on 127.0.0.1 that serves only /metrics (for a scraper
//   on the same host or through its own tunnel); the main port then answers 404. With
//   LATCHKEY_METRICS_TOKEN also set, the loopback listener asks for the token too.
// - LATCHKEY_METRICS_TOKEN alone: /metrics on the main port, with `Authorization: Bearer <token>`.
// - neither: metrics are off; /metrics answers 404 saying how to turn them on, and the start-up
//   line says so.
import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest, type onRequestHookHandler } from 'fastify';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { installErrorHandler } from '../http/error-handler.ts';
import { PROBLEMS, type ProblemName, problemType } from '../http/errors.ts';
import { registerOperations } from '../http/operations.ts';
import { requestTimeoutOptions } from '../server-options.ts';
import { monitoringOperations } from './routes.ts';

type MetricsConfig = Pick<Config, 'metricsToken' | 'metricsPort'>;

/**
 * The answer is written here (not by the API's error handler) because `latchkey worker` serves
 * /metrics from a bare server of its own.
 */
function refuse(
  reply: FastifyReply,
  name: ProblemName,
  detail: string,
  headers: Record<string, string> = {},
) {
  const status = PROBLEMS[name].status;
  return reply
    .code(status)
    .headers(headers)
    .type('application/problem+json')
    .send({ type: problemType(name), title: PROBLEMS[name].title, status, detail });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * `Authorization: Bearer <token>`, compared as SHA-256 digests with timingSafeEqual: constant time
 * whatever the lengths.
 */
function tokenGuard(token: string): onRequestHookHandler {
  const expected = digest(token);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const m = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
    if (m && timingSafeEqual(digest(m[1]!), expected)) return;
    return refuse(
      reply,
      'unauthorized',
      m
        ? 'The metrics token was not accepted'
        : 'Metrics need Authorization: Bearer <LATCHKEY_METRICS_TOKEN>',
      { 'www-authenticate': `Bearer realm="latchkey-metrics"${m ? ', error="invalid_token"' : ''}` },
    );
  };
}

const OFF =
  'Metrics are off. Set LATCHKEY_METRICS_TOKEN to serve /metrics here behind Authorization: Bearer <token>, or LATCHKEY_METRICS_PORT to serve them on 127.0.0.1 only';
const ELSEWHERE = 'Metrics are not served on this port (LATCHKEY_METRICS_PORT serves them on 127.0.0.1)';

/** The check in front of /metrics on the main port (the API's, or `latchkey worker`'s). */
export function mainPortMetricsGuard(config: MetricsConfig): onRequestHookHandler {
  if (config.metricsPort !== undefined)
    return async (_request, reply) => refuse(reply, 'not-found', ELSEWHERE);
  if (config.metricsToken !== undefined) return tokenGuard(config.metricsToken);
  return async (_request, reply) => refuse(reply, 'not-found', OFF);
}

/** What the start-up line says about metrics; `address`: where the loopback listener listens. */
export function metricsSummary(config: MetricsConfig, address?: string): string {
  const withToken = config.metricsToken !== undefined ? ' with LATCHKEY_METRICS_TOKEN' : '';
  if (config.metricsPort !== undefined)
    return `metrics on ${address ?? `http://127.0.0.1:${config.metricsPort}`}/metrics only${withToken}`;
  if (config.metricsToken !== undefined) return 'metrics at /metrics with LATCHKEY_METRICS_TOKEN';
  return 'metrics off (set LATCHKEY_METRICS_TOKEN or LATCHKEY_METRICS_PORT)';
}

export interface MetricsListener {
  /** `http://127.0.0.1:<port>` */
  address: string;
  close(): Promise<void>;
}

/** With LATCHKEY_METRICS_PORT: the loopback listener serving only /metrics; otherwise nothing. */
export async function metricsListenerStart(ctx: AppContext): Promise<MetricsListener | undefined> {
  const { metricsPort, metricsToken } = ctx.config;
  if (metricsPort === undefined) return undefined;
  const app = Fastify({ return503OnClosing: true, ...requestTimeoutOptions(ctx.config.requestTimeoutMs) });
  installErrorHandler(app);
  const guard = metricsToken !== undefined ? tokenGuard(metricsToken) : undefined;
  await registerOperations(
    app,
    ctx,
    monitoringOperations.filter((op) => op.auth.kind === 'metrics'),
    () => guard,
  );
  const address = await app.listen({ port: metricsPort, host: '127.0.0.1' });
  return { address, close: () => app.close() };
}
