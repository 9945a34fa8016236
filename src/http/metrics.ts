// Prometheus metrics. One registry per app instance (tests build several apps in one process).
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
  tokensIssued: Counter<'endpoint' | 'scope'>;
  eventsAccepted: Counter<'origin'>;
  deliveries: Counter<'outcome'>;
  deliveryLatency: Histogram<string>;
  queueDepth: Gauge<string>;
  queueOldestAgeSeconds: Gauge<string>;
}

export function createMetrics(defaults = false): Metrics {
  const registry = new Registry();
  if (defaults) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'latchkey_http_requests_total',
      help: 'HTTP requests by route and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'latchkey_http_request_duration_seconds',
      help: 'HTTP request latency',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
    tokensIssued: new Counter({
      name: 'latchkey_tokens_issued_total',
      help: 'Access tokens issued',
      labelNames: ['endpoint', 'scope'],
      registers,
    }),
    eventsAccepted: new Counter({
      name: 'latchkey_access_events_accepted_total',
      help: 'Access events accepted from the app',
      labelNames: ['origin'],
      registers,
    }),
    deliveries: new Counter({
      name: 'latchkey_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome',
      labelNames: ['outcome'],
      registers,
    }),
    deliveryLatency: new Histogram({
      name: 'latchkey_webhook_delivery_latency_seconds',
      help: 'Time from event receipt to successful delivery',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30, 300, 3600],
      registers,
    }),
    queueDepth: new Gauge({ name: 'latchkey_webhook_queue_depth', help: 'Deliveries waiting', registers }),
    queueOldestAgeSeconds: new Gauge({
      name: 'latchkey_webhook_queue_oldest_age_seconds',
      help: 'Age of the oldest due delivery',
      registers,
    }),
  };
}

export function installRequestMetrics(app: FastifyInstance, m: Metrics): void {
  // A callback, not an async hook: it runs on every request (see installRequestLog).
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    m.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    m.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
}
