// The delivery worker: claims due deliveries from the queue table, POSTs them, records every
// attempt and schedules the next try or the final state. Any number of workers (processes) can
// share one database: claims use FOR UPDATE SKIP LOCKED and a lease (a worker that dies leaves its
// deliveries to come back when the lease ends).
//
// Four parts, each with its own states (after graphile-worker's LocalQueue, see
// docs/architecture.md):
// - claim-loop.ts: when to claim (NOTIFY, poll, freed slots, retries due), one round at a time;
// - slots.ts: what is held per webhook, what to send next, and fairness between webhooks;
// - outcome-flush.ts: attempts written in batches;
// - queue-stats.ts: the queue gauges of /metrics.
// This file joins them: one claim, one attempt (sign with signer.ts, POST, judge), start and stop.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Agent } from 'undici';
import type { AppContext } from '../context.ts';
import { ROOT } from '../root.ts';
import { type AfterClaim, ClaimLoop } from './claim-loop.ts';
import { STORE_CALL_DEADLINE_MS, withDeadline } from './deadline.ts';
import { DELIVERIES_CHANNEL } from './enqueue.ts';
import { attemptOutcome } from './outcome.ts';
import { OutcomeFlush } from './outcome-flush.ts';
import {
  type ClaimedDelivery,
  deliveriesFailPending,
  deliveriesRelease,
  deliveryClaimDue,
} from './queries.ts';
import { QueueStats } from './queue-stats.ts';
import { createDeliveryAgent, deliverySend } from './send.ts';
import { DeliverySigner } from './signer.ts';
import { FIRST_CLAIM, type Held, type Sending, WebhookSlots } from './slots.ts';
import {
  type DeliveryWorkerOptions,
  LEASE_MARGIN_MS,
  type WorkerSettings,
  workerSettings,
} from './worker-options.ts';

export { withDeadline } from './deadline.ts';
export type { WorkerLog } from './worker-log.ts';
export { type DeliveryWorkerOptions, DISABLE_AFTER_FAILING_MS } from './worker-options.ts';

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
export const USER_AGENT = `Latchkey-Webhooks/${VERSION}`;
type Ctx = Pick<AppContext, 'db' | 'config' | 'keyring' | 'metrics'>;

export class DeliveryWorker {
  private readonly o: WorkerSettings;
  private readonly agent: Agent;
  private readonly claims: ClaimLoop;
  private readonly slots: WebhookSlots;
  private readonly outcomes: OutcomeFlush;
  private readonly stats: QueueStats;
  /** Requests under way and deliveries being given back: stop() waits for them. */
  private readonly running = new Set<Promise<void>>();
  /** The last claim stopped because the shared room was full (not for want of due deliveries). */
  private starved = false;
  /** A quarter batch, or a quarter of the worker's maximum when that is smaller: room worth a claim. */
  private readonly worthwhile: number;
  private stopped = true;
  private unlisten: (() => Promise<void>) | undefined;
  private lateTimer: NodeJS.Timeout | undefined;
  private readonly signer: DeliverySigner;

  constructor(
    private readonly ctx: Ctx,
    options: DeliveryWorkerOptions = {},
  ) {
    this.o = workerSettings(ctx.config, options);
    const timeoutMs = this.o.timeoutMs;
    this.worthwhile = Math.max(1, Math.floor(Math.min(this.o.batchSize, this.o.maxInFlight) / 4));
    this.claims = new ClaimLoop(() => this.claimBatch(), { pollMs: this.o.pollMs, log: this.o.log });
    this.slots = new WebhookSlots({ ...this.o, minLeaseLeftMs: timeoutMs + LEASE_MARGIN_MS });
    this.outcomes = new OutcomeFlush(ctx.db, {
      disableAfterFailingMs: this.o.disableAfterFailingMs,
      log: this.o.log,
      onBatchDone: (batch) => {
        for (const o of batch) if (o.gone) this.slots.goneWritten(o.webhookId);
      },
    });
    this.stats = new QueueStats(ctx);
    this.signer = new DeliverySigner(ctx.keyring, USER_AGENT);
    this.agent = createDeliveryAgent({
      allowed: this.o.allowedCidrs,
      timeoutMs,
      // No per-origin limit: the worker's own caps bound its requests, and a shared limit per host
      // (16 before) would queue one webhook's deliveries behind another's hanging requests there.
      connectionsPerOrigin: 0,
      ca: options.ca,
    });
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.unlisten = await this.ctx.db.listen(DELIVERIES_CHANNEL, () => this.claims.wake());
    this.stats.start();
    // A quarter of the limit: a hanging request leaves the shared room within 1.25 × slowAfterMs.
    this.lateTimer = setInterval(
      () => {
        if (this.slots.markLate(Date.now())) this.claims.wake();
      },
      Math.max(10, this.o.slowAfterMs / 4),
    );
    this.lateTimer.unref();
    this.claims.start();
  }

  /** Stops claiming, waits for deliveries in flight (bounded by the timeout) and records them. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const claimEnded = this.claims.stop();
    this.stats.stop();
    clearInterval(this.lateTimer);
    await this.unlisten?.().catch(() => {});
    await this.releaseWaiting();
    await claimEnded;
    while (this.running.size > 0) await Promise.all([...this.running]);
    await this.releaseWaiting(); // claimed by a round that was under way
    await this.outcomes.flush();
    await this.agent.close();
  }

  /** One claim: as many due deliveries as the worker has room for. */
  private async claimBatch(): Promise<AfterClaim> {
    const room = this.slots.sharedRoom;
    this.starved = room <= 0;
    if (this.starved) return 'done';
    const limit = Math.min(this.o.batchSize, room);
    const rooms = this.slots.room();
    // The lease's end by this process's clock (the row's is the database's, which may differ).
    const leaseEnds = Date.now() + this.o.leaseMs;
    // An abandoned claim's rows stay leased and come back when the lease ends.
    const rows = await withDeadline(
      deliveryClaimDue(this.ctx.db, { limit, leaseMs: this.o.leaseMs, perWebhook: FIRST_CLAIM, room: rooms }),
      STORE_CALL_DEADLINE_MS,
      'delivery claim',
    );
    const enabled = rows.filter((r) => r.enabled && !this.slots.isGone(r.webhook_id));
    for (const row of enabled) this.slots.hold(Object.assign(row, { leaseEnds }));
    this.slots.noteClaim(rooms, enabled);
    for (const w of new Set(enabled.map((r) => r.webhook_id))) this.startWaiting(w);
    // Claimed while a 410 of their webhook was being recorded: given back, not sent (the
    // recording fails them, or, if it fails, they are sent later).
    const gone = rows.filter((r) => r.enabled && this.slots.isGone(r.webhook_id));
    if (gone.length > 0) this.track(this.giveBack(gone, 'webhook answered 410'));
    if (enabled.length + gone.length < rows.length) await this.failDisabled(rows.filter((r) => !r.enabled));
    // A full batch, or a scan that stopped at its limit (per-webhook caps can leave a batch short
    // while more is due beyond what the scan saw): claim again at once. A short batch can still
    // leave due rows another worker was claiming (skipped as locked, not counted by the scan): one
    // more claim shortly, coalesced with the wake-ups of completions.
    if (rows.length >= limit || rows[0]?.scan_full) return 'again';
    return rows.length > 0 ? 'soon' : 'done';
  }

  /** Deliveries claimed for a webhook disabled behind the queue's back: failed, not sent. */
  private async failDisabled(rows: readonly ClaimedDelivery[]): Promise<void> {
    try {
      await withDeadline(
        deliveriesFailPending(this.ctx.db, [...new Set(rows.map((r) => r.webhook_id))]),
        STORE_CALL_DEADLINE_MS,
        'failing deliveries of disabled webhooks',
      );
    } catch (e) {
      // Their leases end and the next claim finds them again.
      this.o.log.warn({ err: (e as Error).message }, 'failing deliveries of disabled webhooks failed');
    }
  }

  /** Starts the webhook's waiting deliveries while it has free slots; gives back the stale ones. */
  private startWaiting(w: string): void {
    if (this.stopped) return;
    const { send, stale } = this.slots.take(w, Date.now());
    for (const s of send) this.send(s);
    if (stale.length > 0) this.track(this.giveBack(stale, 'lease too short to send'));
  }

  /** Tracked with the sends, so that stop() waits for it. */
  private track(work: Promise<void>): void {
    const p: Promise<void> = work.finally(() => this.running.delete(p));
    this.running.add(p);
  }

  private send(s: Sending): void {
    const d = s.delivery;
    this.track(
      this.attempt(d)
        .catch((e) => this.o.log.error({ err: (e as Error).message, deliveryId: d.id }, 'delivery failed'))
        .finally(() => {
          const more = this.slots.finished(s);
          this.startWaiting(d.webhook_id);
          // A freed slot lets more be claimed: when this webhook may have more due (the claim
          // refills its waiting line before it runs dry), or when a worthwhile batch fits in a
          // worker that was full. Coalesced over a few ms so that a stream of completions costs a
          // few claims, not one each.
          if (more || (this.starved && this.slots.sharedRoom >= this.worthwhile)) this.claims.wakeSoon();
        }),
    );
  }

  /** Gives the waiting (unsent) deliveries back to the queue, for any worker, at once. */
  private releaseWaiting(): Promise<void> {
    return this.giveBack(this.slots.takeAllWaiting(), 'worker stopping');
  }

  /** Gives claimed deliveries (no longer held) back to the queue: due now, for any worker. */
  private async giveBack(unsent: ClaimedDelivery[], why: string): Promise<void> {
    if (unsent.length === 0) return;
    this.o.log.info({ count: unsent.length, why }, 'deliveries released unsent');
    try {
      await withDeadline(
        deliveriesRelease(
          this.ctx.db,
          unsent.map((d) => ({ id: d.id, lease: d.leased_until })),
        ),
        STORE_CALL_DEADLINE_MS,
        'releasing deliveries',
      );
    } catch (e) {
      // Their leases end by themselves; they come back then.
      this.o.log.warn({ err: (e as Error).message, count: unsent.length }, 'releasing deliveries failed');
    }
    this.claims.wake();
  }

  /** One attempt: sign, POST, judge the answer, and hand the outcome to the flush. */
  private async attempt(d: Held): Promise<void> {
    const at = new Date();
    const result = await deliverySend(this.agent, {
      url: d.url,
      headers: this.signer.headersFor(d, Math.floor(at.getTime() / 1000)),
      body: d.body,
      timeoutMs: this.o.timeoutMs,
    });
    this.slots.answered(d.webhook_id, result.durationMs);
    const o = attemptOutcome(d, at, result, {
      schedule: this.o.retrySchedule,
      random: this.o.random(),
      now: Date.now(),
    });
    const m = this.ctx.metrics;
    m.deliveries.inc({ outcome: o.status === 'pending' ? 'retrying' : o.status });
    if (o.status === 'succeeded') m.deliveryLatency.observe((Date.now() - d.event_received.getTime()) / 1000);
    if (o.nextAttemptAt) this.claims.wakeAt(o.nextAttemptAt.getTime());
    // A 410: its waiting deliveries are not sent. Recording it disables the webhook and fails its
    // pending deliveries, these included (their leases do not protect them).
    if (o.gone) this.slots.markGone(d.webhook_id);
    this.outcomes.push(o);
  }
}
