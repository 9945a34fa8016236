// The delivery worker: claims due deliveries from the queue table, POSTs them, records every
// attempt and schedules the next try or the final state. Per webhook it sends at most `perWebhook`
// at a time and holds more, claimed and waiting: a freed slot starts the next delivery at once
// instead of after a claim round trip (which capped one busy webhook at ~1,600/s). How many wait
// follows the receiver: enough for what its slots send in AHEAD_HORIZON_MS (a claim round trip
// with margin), at least `claimAhead`, at most `claimAheadMax`; a slow receiver gets the minimum.
// Any number of workers (processes) can share one database: claims use FOR UPDATE SKIP LOCKED and
// a lease (a worker that dies leaves its deliveries to come back when the lease ends). Woken by
// NOTIFY, with a poll as fallback.
//
// Fairness: the worker's shared room (`maxInFlight`) is for webhooks that answer. A request still
// unanswered after `slowAfterMs` (1 s) makes its webhook slow, and a slow webhook's deliveries (sent
// and waiting) count against a separate slow lane instead: so a tenant's hanging receivers hold the
// shared room for about a second each, not until the timeout (16 webhooks hanging to a 4 s timeout,
// 100 events each: another tenant's deliveries arrived after at most 0.6-1.0 s, 40-41 s before).
// A slow webhook gets no waiting line (it could not use one) and is claimed only while the slow
// lane has room; it is fast again once its average request time is under the limit and nothing of
// it hangs. A webhook that has not answered this worker yet gets one request at a time (its first
// claim takes one delivery, the claim after its answer the rest): 16 new webhooks that hang take 16
// places of the shared room for a second, not 16 × 32 (all 256: the other tenant then waited up to
// 2.0 s, measured). Requests
// that turn slow leave the shared room even when the slow lane is full, so the lane can overrun its
// size: by at most what the shared room holds per `slowAfterMs` until the first of them time out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Agent } from 'undici';
import type { AppContext } from '../context.ts';
import { sqlState } from '../db/errors.ts';
import { ROOT } from '../root.ts';
import { parseCidrList } from './address-policy.ts';
import { DELIVERIES_CHANNEL } from './enqueue.ts';
import { attemptOutcome } from './outcome.ts';
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  deliveriesFailPending,
  deliveriesRelease,
  deliveryClaimDue,
  deliveryOutcomesRecord,
  deliveryQueueStats,
} from './queries.ts';
import { createDeliveryAgent, deliverySend, type SendResult } from './send.ts';
import { deliveryHeaders } from './sign.ts';

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
export const USER_AGENT = `Latchkey-Webhooks/${VERSION}`;
export const DISABLE_AFTER_FAILING_MS = 5 * 86_400_000;
/** Completions within this window share one claim, and outcomes one write (unless 100 are waiting). */
const COALESCE_MS = 5;
/** A webhook's waiting line covers what its sending slots get through in this long. */
const AHEAD_HORIZON_MS = 25;
/** A waiting delivery is sent only with this much lease left beyond the request timeout. */
const LEASE_MARGIN_MS = 5_000;
// A store call of the worker that has not settled after this long is abandoned (the reliability
// suite saw, rarely, a claim that never settled after a PostgreSQL restart, which stalled the worker
// until the process restarted). Longer than any statement may run (statement_timeout 15 s).
const STORE_CALL_DEADLINE_MS = 45_000;

/** Rejects when `p` has not settled within `ms`; `p` itself is left to settle (or not) on its own. */
export function withDeadline<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}
const FLUSH_AT = 100;
/** A request unanswered this long makes its webhook slow (moves it to the slow lane). */
const SLOW_AFTER_MS = 1_000;
/** Deliveries a claim gives a webhook the worker holds nothing of; until it answers, all it may hold. */
const FIRST_CLAIM = 1;

export interface WorkerLog {
  info(o: object, msg?: string): void;
  warn(o: object, msg?: string): void;
  error(o: object, msg?: string): void;
}

export interface DeliveryWorkerOptions {
  log?: WorkerLog;
  /** Rows per claim (default 100). */
  batchSize?: number;
  /** Deliveries held by this worker, being sent or claimed and waiting (default 256). */
  maxInFlight?: number;
  /** Deliveries being sent per webhook in this worker (default LATCHKEY_WEBHOOK_CONCURRENCY_PER_WEBHOOK, 16): a slow receiver holds only these. */
  perWebhook?: number;
  /** Deliveries claimed ahead per webhook, waiting for a free slot, at least (default: perWebhook). */
  claimAhead?: number;
  /** ... and at most, for a receiver fast enough to need them (default: 4 × perWebhook). */
  claimAheadMax?: number;
  /** Poll interval when no NOTIFY arrives (default 1000 ms). */
  pollMs?: number;
  /** How long a claim is held (default 2 × timeout + 30 s; never less than timeout + 6 s). */
  leaseMs?: number;
  /** A webhook's waiting line covers what its slots send in this long (default AHEAD_HORIZON_MS). */
  aheadHorizonMs?: number;
  /** A request unanswered this long makes its webhook slow (default SLOW_AFTER_MS, 1 s). */
  slowAfterMs?: number;
  /** Deliveries of slow webhooks this worker claims, outside `maxInFlight` (default: maxInFlight). */
  slowMaxInFlight?: number;
  /** Overrides of configuration (tests, benchmarks). */
  allowedCidrs?: readonly string[];
  retrySchedule?: readonly number[];
  timeoutMs?: number;
  /** Extra trusted CA for receivers (tests only; production uses the system store + NODE_EXTRA_CA_CERTS). */
  ca?: string | Buffer;
  disableAfterFailingMs?: number;
  random?: () => number;
}

type Ctx = Pick<AppContext, 'db' | 'config' | 'keyring' | 'metrics'>;

const silent: WorkerLog = { info() {}, warn() {}, error() {} };

/** A claimed delivery and the end of its lease by this process's clock (ms). */
type Held = ClaimedDelivery & { leaseEnds: number };

/** A request under way: when it started, and whether it has been unanswered past `slowAfterMs`. */
interface Sending {
  webhook: string;
  started: number;
  late: boolean;
}

/** Adds `n` to a per-webhook count, dropping the entry at zero (the claim passes the map on). */
function count(m: Map<string, number>, w: string, n: number): void {
  const v = (m.get(w) ?? 0) + n;
  if (v <= 0) m.delete(w);
  else m.set(w, v);
}

export class DeliveryWorker {
  private readonly o: Required<Omit<DeliveryWorkerOptions, 'ca' | 'log'>> & { log: WorkerLog };
  private readonly agent: Agent;
  /** Per webhook: deliveries held (claimed, not yet finished), and of those, being sent. */
  private readonly held = new Map<string, number>();
  private readonly sending = new Map<string, number>();
  /** Per webhook: claimed deliveries waiting for a sending slot, in claim order. */
  private readonly waiting = new Map<string, Held[]>();
  /** Per webhook sent to: moving average of a request's time, ms (forgotten past 10,000 webhooks). */
  private readonly sendMs = new Map<string, number>();
  /** Webhooks that answered 410 while that answer is not recorded yet: not claimed meanwhile. */
  private readonly gone = new Set<string>();
  /** Webhooks held whose deliveries count against the slow lane, not the shared room. */
  private readonly slow = new Set<string>();
  /** Per webhook: its requests unanswered past `slowAfterMs`. */
  private readonly late = new Map<string, number>();
  private readonly underWay = new Set<Sending>();
  /** Deliveries held in the shared room (fast webhooks) and in the slow lane. */
  private heldShared = 0;
  private heldSlow = 0;
  private readonly running = new Set<Promise<void>>();
  private buffer: AttemptOutcome[] = [];
  private flushing: Promise<void> | undefined;
  private pumping = false;
  /** The last claim stopped because the worker held its maximum (not for want of due deliveries). */
  private starved = false;
  /** A quarter batch, or a quarter of the worker's maximum when that is smaller: room worth a claim. */
  private readonly worthwhile: number;
  /** Webhooks the last claim gave all their room: more of theirs may be due. */
  private readonly moreDue = new Set<string>();
  private again = false;
  private stopped = true;
  private unlisten: (() => Promise<void>) | undefined;
  private poll: NodeJS.Timeout | undefined;
  private statsTimer: NodeJS.Timeout | undefined;
  private lateTimer: NodeJS.Timeout | undefined;
  private wakeTimer: { at: number; timer: NodeJS.Timeout } | undefined;
  private soonTimer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly secrets = new Map<string, string>();

  constructor(
    private readonly ctx: Ctx,
    options: DeliveryWorkerOptions = {},
  ) {
    const timeoutMs = options.timeoutMs ?? ctx.config.webhookTimeoutMs;
    const perWebhook = options.perWebhook ?? ctx.config.webhookConcurrencyPerWebhook;
    const claimAhead = options.claimAhead ?? perWebhook;
    this.o = {
      log: options.log ?? silent,
      batchSize: options.batchSize ?? 100,
      maxInFlight: options.maxInFlight ?? 256,
      perWebhook,
      claimAhead,
      claimAheadMax: Math.max(claimAhead, options.claimAheadMax ?? 4 * perWebhook),
      pollMs: options.pollMs ?? 1000,
      // A delivery is sent only with timeout + LEASE_MARGIN_MS of its lease left (startWaiting).
      leaseMs: Math.max(options.leaseMs ?? 2 * timeoutMs + 30_000, timeoutMs + LEASE_MARGIN_MS + 1_000),
      aheadHorizonMs: options.aheadHorizonMs ?? AHEAD_HORIZON_MS,
      slowAfterMs: options.slowAfterMs ?? SLOW_AFTER_MS,
      slowMaxInFlight: options.slowMaxInFlight ?? options.maxInFlight ?? 256,
      allowedCidrs: options.allowedCidrs ?? ctx.config.webhookAllowedCidrs,
      retrySchedule: options.retrySchedule ?? ctx.config.webhookRetrySchedule,
      timeoutMs,
      disableAfterFailingMs: options.disableAfterFailingMs ?? DISABLE_AFTER_FAILING_MS,
      random: options.random ?? Math.random,
    };
    this.worthwhile = Math.max(1, Math.floor(Math.min(this.o.batchSize, this.o.maxInFlight) / 4));
    this.agent = createDeliveryAgent({
      allowed: parseCidrList(this.o.allowedCidrs),
      timeoutMs,
      // No per-origin limit: the worker's own caps bound its requests, and a shared limit per host
      // (16 before) would queue one webhook's deliveries behind another's hanging requests there.
      connectionsPerOrigin: 0,
      ca: options.ca,
    });
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.unlisten = await this.ctx.db.listen(DELIVERIES_CHANNEL, () => this.wake());
    this.poll = setInterval(() => this.wake(), this.o.pollMs);
    this.statsTimer = setInterval(() => void this.refreshStats(), 5000);
    this.statsTimer.unref();
    // A quarter of the limit: a hanging request leaves the shared room within 1.25 × slowAfterMs.
    this.lateTimer = setInterval(() => this.markLate(), Math.max(10, this.o.slowAfterMs / 4));
    this.lateTimer.unref();
    this.wake();
  }

  /** Stops claiming, waits for deliveries in flight (bounded by the timeout) and records them. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.poll);
    clearInterval(this.statsTimer);
    clearInterval(this.lateTimer);
    if (this.wakeTimer) clearTimeout(this.wakeTimer.timer);
    clearTimeout(this.soonTimer);
    await this.unlisten?.().catch(() => {});
    await this.releaseWaiting();
    while (this.pumping || this.running.size > 0) {
      await Promise.all([...this.running]);
      if (this.pumping) await new Promise((r) => setTimeout(r, 5));
    }
    await this.releaseWaiting(); // claimed by a pump that was under way
    await this.flush();
    await this.agent.close();
  }

  /** Claims and sends until nothing is due or the worker is full. Coalesces concurrent wake-ups. */
  wake(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    void this.pump().then((ok) => {
      this.pumping = false;
      // A wake-up that came after the pump's last look at `again` (not after a failed claim:
      // that would retry at once, in a loop, while the store is down; the poll retries).
      if (ok && this.again) this.wake();
    });
  }

  /** Resolves false when a claim failed. */
  private async pump(): Promise<boolean> {
    try {
      do {
        this.again = false;
        while (!this.stopped) {
          const room = this.o.maxInFlight - this.heldShared;
          this.starved = room <= 0;
          if (this.starved) break;
          const limit = Math.min(this.o.batchSize, room);
          const rooms = this.room();
          // The lease's end by this process's clock (the row's is the database's, which may differ).
          const leaseEnds = Date.now() + this.o.leaseMs;
          // An abandoned claim's rows stay leased and come back when the lease ends.
          const rows = await withDeadline(
            deliveryClaimDue(this.ctx.db, {
              limit,
              leaseMs: this.o.leaseMs,
              perWebhook: FIRST_CLAIM,
              room: rooms,
            }),
            STORE_CALL_DEADLINE_MS,
            'delivery claim',
          );
          const enabled = rows.filter((r) => r.enabled && !this.gone.has(r.webhook_id));
          this.noteMoreDue(rooms, enabled);
          for (const row of enabled) this.hold(Object.assign(row, { leaseEnds }));
          // Claimed while a 410 of their webhook was being recorded: given back, not sent (the
          // recording fails them, or, if it fails, they are sent later).
          const gone = rows.filter((r) => r.enabled && this.gone.has(r.webhook_id));
          if (gone.length > 0) this.track(this.giveBack(gone, 'webhook answered 410'));
          if (enabled.length < rows.length) await this.failDisabled(rows.filter((r) => !r.enabled));
          // A full batch, or a scan that stopped at its limit (per-webhook caps can leave a batch
          // short while more is due beyond what the scan saw): claim again at once. A short batch
          // can still leave due rows another worker was claiming (skipped as locked, not counted
          // by the scan): one more claim shortly, coalesced with the wake-ups of completions.
          if (rows.length < limit && !rows[0]?.scan_full) {
            if (rows.length > 0) this.wakeSoon();
            break;
          }
        }
      } while (this.again && !this.stopped);
      return true;
    } catch (e) {
      this.o.log.error({ err: (e as Error).message }, 'webhook delivery claim failed');
      return false;
    }
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

  private hold(d: Held): void {
    const w = d.webhook_id;
    // A webhook known to be slow goes straight to the slow lane.
    if (!this.held.has(w) && (this.sendMs.get(w) ?? 0) >= this.o.slowAfterMs) this.slow.add(w);
    this.holdAdd(w, 1);
    const queue = this.waiting.get(w);
    if (queue) queue.push(d);
    else this.waiting.set(w, [d]);
    this.startWaiting(w);
  }

  /** How many deliveries the worker may hold of webhook `w`: its sending slots and its waiting line. */
  private capOf(w: string): number {
    if (this.slow.has(w)) return this.o.perWebhook;
    const ms = this.sendMs.get(w);
    if (ms === undefined) return FIRST_CLAIM; // not answered yet: it may hang
    const ahead = Math.ceil((this.o.aheadHorizonMs * this.o.perWebhook) / Math.max(ms, 0.1));
    return this.o.perWebhook + Math.min(this.o.claimAheadMax, Math.max(this.o.claimAhead, ahead));
  }

  /** Per webhook held, how many more the next claim may take. */
  private room(): Map<string, number> {
    const room = new Map<string, number>();
    const slowLaneFull = this.heldSlow >= this.o.slowMaxInFlight;
    for (const [w, n] of this.held) room.set(w, slowLaneFull && this.slow.has(w) ? 0 : this.capOf(w) - n);
    for (const w of this.gone) room.set(w, 0);
    return room;
  }

  /**
   * Marks requests unanswered past `slowAfterMs` as late; their webhooks move to the slow lane,
   * which frees their share of the shared room for everybody else.
   */
  private markLate(): void {
    const before = Date.now() - this.o.slowAfterMs;
    let moved = false;
    for (const s of this.underWay) {
      if (s.late || s.started > before) continue;
      s.late = true;
      count(this.late, s.webhook, 1);
      moved = this.classify(s.webhook) || moved;
    }
    if (moved) this.wake();
  }

  /**
   * Puts the webhook's held deliveries in the lane it belongs to now: slow while any of its
   * requests is late or its average request time is at least `slowAfterMs`. True when it moved.
   */
  private classify(w: string): boolean {
    const n = this.held.get(w) ?? 0;
    const slow = this.late.has(w) || (this.sendMs.get(w) ?? 0) >= this.o.slowAfterMs;
    if (n === 0 || slow === this.slow.has(w)) return false;
    if (slow) this.slow.add(w);
    else this.slow.delete(w);
    this.heldShared += slow ? -n : n;
    this.heldSlow += slow ? n : -n;
    return true;
  }

  /**
   * A webhook the claim gave all the room it had may have more due: its next freed slot claims
   * again. So may one that had no room (the scan skipped it; its cap can also have shrunk below
   * what it holds). One that got less than its room has nothing more due now (until a NOTIFY or a
   * retry's time).
   */
  private noteMoreDue(rooms: ReadonlyMap<string, number>, rows: readonly ClaimedDelivery[]): void {
    const got = new Map<string, number>();
    for (const r of rows) count(got, r.webhook_id, 1);
    for (const [w, room] of rooms) {
      if (room <= 0) this.moreDue.add(w);
      else if ((got.get(w) ?? 0) < room) this.moreDue.delete(w);
    }
    for (const [w, n] of got) {
      if (n >= (rooms.get(w) ?? FIRST_CLAIM)) this.moreDue.add(w);
      else this.moreDue.delete(w);
    }
  }

  /** Starts the webhook's waiting deliveries while it has free sending slots. */
  private startWaiting(w: string): void {
    const queue = this.waiting.get(w);
    const stale: Held[] = [];
    while (queue && queue.length > 0 && !this.stopped && (this.sending.get(w) ?? 0) < this.o.perWebhook) {
      const d = queue.shift()!;
      // Sent this late, the lease could end before the result is recorded and another worker
      // would send it again: give it back instead (due at once, claimed afresh).
      if (d.leaseEnds - Date.now() < this.o.timeoutMs + LEASE_MARGIN_MS) stale.push(d);
      else this.send(d);
    }
    if (queue?.length === 0) this.waiting.delete(w);
    if (stale.length > 0) this.track(this.release(stale, 'lease too short to send'));
  }

  /** Tracked with the sends, so that stop() waits for it. */
  private track(work: Promise<void>): void {
    const p: Promise<void> = work.finally(() => this.running.delete(p));
    this.running.add(p);
  }

  /** Adds `n` (negative: releases) to the webhook's held count and the total. */
  private holdAdd(w: string, n: number): void {
    count(this.held, w, n);
    if (this.slow.has(w)) this.heldSlow += n;
    else this.heldShared += n;
    if (!this.held.has(w)) {
      this.moreDue.delete(w);
      this.slow.delete(w);
    }
  }

  private send(d: Held): void {
    const w = d.webhook_id;
    count(this.sending, w, 1);
    const s: Sending = { webhook: w, started: Date.now(), late: false };
    this.underWay.add(s);
    const p = this.attempt(d)
      .catch((e) => this.o.log.error({ err: (e as Error).message, deliveryId: d.id }, 'delivery failed'))
      .finally(() => {
        this.running.delete(p);
        this.underWay.delete(s);
        if (s.late) count(this.late, w, -1);
        count(this.sending, w, -1);
        const more = this.moreDue.has(w);
        this.holdAdd(w, -1);
        // Back to the shared room when it answers fast again (or out of it after a long answer).
        this.classify(w);
        this.startWaiting(w);
        // A freed slot lets more be claimed: when this webhook may have more due (the claim
        // refills its waiting line before it runs dry), or when a worthwhile batch fits in a
        // worker that was full. Coalesced over a few ms so that a stream of completions costs a
        // few claims, not one each.
        if (more || (this.starved && this.o.maxInFlight - this.heldShared >= this.worthwhile))
          this.wakeSoon();
      });
    this.running.add(p);
  }

  /** Gives the waiting (unsent) deliveries back to the queue, for any worker, at once. */
  private async releaseWaiting(): Promise<void> {
    const unsent = [...this.waiting.values()].flat();
    this.waiting.clear();
    await this.release(unsent, 'worker stopping');
  }

  /** Gives held, unsent deliveries back to the queue: due now, for any worker. */
  private release(unsent: ClaimedDelivery[], why: string): Promise<void> {
    for (const d of unsent) this.holdAdd(d.webhook_id, -1);
    return this.giveBack(unsent, why);
  }

  /** Gives claimed deliveries back to the queue: due now, for any worker. */
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
    this.wake();
  }

  private decrypt(sealed: string): string {
    let plain = this.secrets.get(sealed);
    if (plain === undefined) {
      plain = this.ctx.keyring.decrypt(sealed);
      if (this.secrets.size > 10_000) this.secrets.clear();
      this.secrets.set(sealed, plain);
    }
    return plain;
  }

  private headersFor(d: ClaimedDelivery, timestamp: number): Record<string, string> {
    const secrets = [this.decrypt(d.secret_enc)];
    if (d.previous_secret_enc && d.previous_secret_until && d.previous_secret_until.getTime() > Date.now()) {
      secrets.push(this.decrypt(d.previous_secret_enc));
    }
    return deliveryHeaders({
      msgId: d.event_id,
      timestamp,
      body: d.body,
      secrets,
      credentials: d.credentials_enc ? this.decrypt(d.credentials_enc) : null,
      userAgent: USER_AGENT,
    });
  }

  private async attempt(d: ClaimedDelivery): Promise<void> {
    const at = new Date();
    const result = await deliverySend(this.agent, {
      url: d.url,
      headers: this.headersFor(d, Math.floor(at.getTime() / 1000)),
      body: d.body,
      timeoutMs: this.o.timeoutMs,
    });
    const ms = this.sendMs.get(d.webhook_id);
    if (ms === undefined && this.sendMs.size >= 10_000) this.sendMs.clear();
    this.sendMs.set(d.webhook_id, ms === undefined ? result.durationMs : ms * 0.8 + result.durationMs * 0.2);
    const outcome = this.outcomeOf(d, at, result);
    if (outcome.gone) {
      this.gone.add(d.webhook_id);
      this.dropWaiting(d.webhook_id);
    }
    this.buffer.push(outcome);
    if (this.buffer.length >= FLUSH_AT) void this.flush();
    else this.flushTimer ??= setTimeout(() => void this.flush(), COALESCE_MS);
  }

  /**
   * The receiver answered 410: its waiting deliveries are not sent. Recording the 410 disables the
   * webhook and fails its pending deliveries, these included (their leases do not protect them).
   */
  private dropWaiting(w: string): void {
    const queue = this.waiting.get(w);
    if (!queue) return;
    this.waiting.delete(w);
    this.holdAdd(w, -queue.length);
  }

  private outcomeOf(d: ClaimedDelivery, at: Date, r: SendResult): AttemptOutcome {
    const o = attemptOutcome(d, at, r, {
      schedule: this.o.retrySchedule,
      random: this.o.random(),
      now: Date.now(),
    });
    const m = this.ctx.metrics;
    m.deliveries.inc({ outcome: o.status === 'pending' ? 'retrying' : o.status });
    if (o.status === 'succeeded') m.deliveryLatency.observe((Date.now() - d.event_received.getTime()) / 1000);
    if (o.nextAttemptAt) this.wakeAt(o.nextAttemptAt.getTime());
    return o;
  }

  private wakeSoon(): void {
    if (this.soonTimer || this.stopped) return;
    this.soonTimer = setTimeout(() => {
      this.soonTimer = undefined;
      this.wake();
    }, COALESCE_MS);
  }

  /** Retries due sooner than the next poll are claimed on time, not a poll later. */
  private wakeAt(at: number): void {
    if (at - Date.now() >= this.o.pollMs) return;
    if (this.wakeTimer && this.wakeTimer.at <= at) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer.timer);
    const timer = setTimeout(
      () => {
        this.wakeTimer = undefined;
        this.wake();
      },
      Math.max(0, at - Date.now()) + 5,
    );
    this.wakeTimer = { at, timer };
  }

  /** Writes buffered outcomes; batches form naturally while the previous write runs. */
  private flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.flushing) return this.flushing;
    this.flushing = (async () => {
      while (this.buffer.length > 0) {
        const batch = this.buffer.splice(0, 500);
        try {
          const record = () =>
            withDeadline(
              deliveryOutcomesRecord(this.ctx.db, batch, this.o.disableAfterFailingMs),
              STORE_CALL_DEADLINE_MS,
              'recording delivery outcomes',
            );
          // A webhook deleted while this batch was being written: once more, its rows are gone now.
          const r = await record().catch((e) => {
            if (sqlState(e) === '23503') return record();
            throw e;
          });
          for (const w of r.disabled)
            this.o.log.warn({ webhookId: w.id, reason: w.reason }, 'webhook disabled');
        } catch (e) {
          // The leases are still held: those deliveries come back when they end (at-least-once).
          this.o.log.error({ err: (e as Error).message, count: batch.length }, 'recording deliveries failed');
        }
        for (const o of batch) if (o.gone) this.gone.delete(o.webhookId);
      }
    })().finally(() => {
      this.flushing = undefined;
      // An outcome pushed while the last write was finishing must not wait for the next one.
      if (this.buffer.length > 0) void this.flush();
    });
    return this.flushing;
  }

  private async refreshStats(): Promise<void> {
    try {
      const s = await deliveryQueueStats(this.ctx.db);
      this.ctx.metrics.queueDepth.set(s.depth);
      this.ctx.metrics.queueOldestAgeSeconds.set(s.oldestAgeSeconds);
    } catch {
      // the store is unavailable; the next refresh tries again
    }
  }
}
