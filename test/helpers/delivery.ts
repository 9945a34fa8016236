// Webhook-delivery test kit: lock rows inserted directly (before the locks API exists), a real
// local HTTPS receiver with the committed test certificate, event enqueueing through the real
// producer function, and a worker that trusts the test CA.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import {
  accessEventBody,
  deliveriesEnqueueForEvent,
  deliveriesEnqueueForEvents,
  type EnqueueEvent,
} from '../../src/delivery/enqueue.ts';
import { DeliveryWorker, type DeliveryWorkerOptions } from '../../src/delivery/worker.ts';
import { uuidv7 } from '../../src/ids.ts';
import type { TestApp } from './app.ts';
import type { Tenant } from './factories.ts';

const TLS_DIR = join(import.meta.dirname, '..', 'fixtures', 'tls');
export const TLS = {
  ca: readFileSync(join(TLS_DIR, 'ca.crt')),
  cert: readFileSync(join(TLS_DIR, 'receiver.crt')),
  key: readFileSync(join(TLS_DIR, 'receiver.key')),
};

/** Environment for apps that deliver to the local receiver: loopback allowed, a shrunk schedule. */
export const DELIVERY_ENV = {
  LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8,::1/128',
  LATCHKEY_WEBHOOK_RETRY_SCHEDULE: '0.05,0.1,0.2',
  LATCHKEY_WEBHOOK_TIMEOUT_MS: '15000',
};

export async function insertLock(t: TestApp, projectId: string, name = 'Front door'): Promise<string> {
  const id = uuidv7();
  await t.store.db.query('INSERT INTO locks (id, project_id, name, timezone) VALUES ($1, $2, $3, $4)', [
    id,
    projectId,
    name,
    'Europe/Oslo',
  ]);
  return id;
}

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export type Handler = (req: Received, res: ServerResponse) => void | Promise<void>;

export interface Receiver {
  port: number;
  url(path?: string): string;
  requests: Received[];
  /** TCP connections accepted so far. */
  connections: number;
  handler: Handler;
  close(): Promise<void>;
  /** Listens again (after close) on the same port. */
  reopen(): Promise<void>;
}

export async function startReceiver(
  handler: Handler = (_r, res) => {
    res.end('ok');
  },
): Promise<Receiver> {
  let server: Server;
  const sockets = new Set<Socket>();
  const rec: Receiver = {
    port: 0,
    url: (path = '/hook') => `https://127.0.0.1:${rec.port}${path}`,
    requests: [],
    connections: 0,
    handler,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
    reopen: () => listen(rec.port),
  };
  const listen = (port: number) => {
    server = createServer({ cert: TLS.cert, key: TLS.key, keepAliveTimeout: 60_000 }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r: Received = {
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        rec.requests.push(r);
        void rec.handler(r, res);
      });
    });
    server.on('connection', (s: Socket) => {
      rec.connections++;
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    return new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        rec.port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  };
  await listen(0);
  return rec;
}

export async function registerWebhook(
  t: TestApp,
  a: Tenant,
  lockId: string,
  url: string,
): Promise<{ id: string; secret: string }> {
  const r = await t.call('POST', `/v2/projects/${a.projectId}/webhooks`, {
    token: a.projectToken,
    body: { url, lockId },
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return { id: r.body.webhook.id, secret: r.body.webhook.secret };
}

/** `n` access events of one lock, as event ingestion hands them to the delivery queue. */
export function sampleEvents(projectId: string, lockId: string, n: number): EnqueueEvent[] {
  return Array.from({ length: n }, () => {
    const id = randomUUID();
    const body = accessEventBody({
      id,
      action: 'locked',
      created: new Date(Date.now() - 1000),
      keyId: randomUUID(),
      lockId,
      lockName: 'Front door',
      appUserId: '+4799887766',
      userName: 'Kari Nordmann',
    });
    return { id, projectId, lockId, received: new Date(), body };
  });
}

/** Queues `n` access events for a lock in one transaction, as one upload does; returns their ids. */
export async function enqueueEvents(
  t: TestApp,
  projectId: string,
  lockId: string,
  n: number,
): Promise<string[]> {
  const events = sampleEvents(projectId, lockId, n);
  await t.store.db.transaction((tx) => deliveriesEnqueueForEvents(tx, events));
  return events.map((e) => e.id);
}

/** Queues an access event for a lock exactly as event ingestion does; returns the event id and body. */
export async function enqueueEvent(
  t: TestApp,
  projectId: string,
  lockId: string,
  o: { id?: string; lockName?: string; userName?: string } = {},
): Promise<{ id: string; body: string; queued: number }> {
  const id = o.id ?? randomUUID();
  const body = accessEventBody({
    id,
    action: 'unlocked',
    created: new Date(Date.now() - 1000),
    keyId: randomUUID(),
    lockId,
    lockName: o.lockName ?? 'Front door',
    appUserId: '+4799887766',
    userName: o.userName ?? 'Kari Nordmann',
  });
  const queued = await t.store.db.transaction((tx) =>
    deliveriesEnqueueForEvent(tx, { id, projectId, lockId, received: new Date(), body }),
  );
  return { id, body, queued };
}

/** A worker on the test app's context that trusts the test CA. Stop it in the test. */
export async function startWorker(t: TestApp, o: DeliveryWorkerOptions = {}): Promise<DeliveryWorker> {
  const w = new DeliveryWorker(t.ctx, { ca: TLS.ca, pollMs: 200, ...o });
  await w.start();
  return w;
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every delivery queued for these webhooks has succeeded. */
export async function allSucceeded(t: TestApp, ...webhookIds: string[]): Promise<boolean> {
  for (const id of webhookIds)
    if ((await deliveryRows(t, id)).some((d) => d.status !== 'succeeded')) return false;
  return true;
}

/**
 * Answers the requests a test receiver is holding (`held`: one answer function each), again as
 * more arrive, until every delivery of the webhook has succeeded.
 */
export async function releaseUntilDelivered(
  t: TestApp,
  held: (() => void)[],
  webhookId: string,
): Promise<void> {
  while (!(await allSucceeded(t, webhookId))) {
    for (const release of held.splice(0)) release();
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Deliveries of the webhook a worker holds right now (claimed: leased, not yet finished). */
export async function leasedCount(t: TestApp, webhookId: string): Promise<number> {
  const { rows } = await t.store.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1 AND leased_until IS NOT NULL',
    [webhookId],
  );
  return rows[0]!.n;
}

export async function deliveryRows(t: TestApp, webhookId: string) {
  const { rows } = await t.store.db.query<{
    id: string;
    event_id: string;
    status: string;
    attempt_count: number;
  }>('SELECT id, event_id, status, attempt_count FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id', [
    webhookId,
  ]);
  return rows;
}
