// The per-webhook slots: what the worker holds of each webhook (claimed, not yet finished), how many
// of those are being sent, which wait for a slot, and how many more the next claim may take. No I/O
// and no timers: the worker asks, sends, and reports back.
//
// Per webhook at most `perWebhook` are sent at a time; more wait, claimed ahead, so that a freed slot
// starts the next delivery at once instead of after a claim round trip (which would cap one busy
// webhook at one delivery per slot per round trip). How many wait follows the receiver: enough for what its slots send in
// `aheadHorizonMs` (25 ms: a claim round trip with margin), at least `claimAhead`, at most
// `claimAheadMax`.
//
// Fairness before throughput. A webhook is in one of three states:
// - NEW: it has not answered this worker yet. One delivery at a time (it may hang): 16 new webhooks
//   that hang take 16 places of the shared room for a second, not 16 × 32 (512, half of the default
//   room, and another tenant's deliveries would wait behind them).
// - FAST: it answers; its slots and its waiting line count against the shared room (`maxInFlight`).
// - SLOW: a request of it has been unanswered for `slowAfterMs` (1 s), or its average request time
//   is that long. What the worker holds of it counts against the slow lane (`slowMaxInFlight`)
//   instead, it gets no waiting line (it could not use one), and new deliveries only while the slow
//   lane has room. Back to FAST once its average is under the limit and nothing of it hangs.
// So one tenant's hanging receivers hold the shared room for about `slowAfterMs`, not until the
// timeout (the noisy-neighbour figures are in docs/performance.md). Requests that turn slow leave the shared room even when the
// slow lane is full, so the lane can overrun its size: by at most what the shared room holds per
// `slowAfterMs` until the first of them time out.
// A webhook that answered 410 is GONE until that answer is written: nothing more of it is claimed.
import type { ClaimedDelivery } from './queries.ts';

/** Deliveries a claim gives a webhook the worker holds nothing of; all a NEW webhook may hold. */
export const FIRST_CLAIM = 1;
/** Request times remembered for this many webhooks at most (then forgotten: NEW again). */
const REMEMBERED = 10_000;
/**
 * A FAST webhook that answered within this long keeps its whole room in a claim while the worker
 * holds nothing of it. Without it, a webhook whose deliveries all finished counted as unknown:
 * one delivery per claim, so a burst of ten events for an idle webhook went out one claim round
 * trip after another.
 */
const LINGER_MS = 1_000;
/** Webhooks kept as having answered lately, at most (the claim sends their ids). */
const LINGERING_MAX = 1_024;

/** A claimed delivery and the end of its lease by this process's clock (ms). */
export type Held = ClaimedDelivery & { leaseEnds: number };

export type WebhookState = 'new' | 'fast' | 'slow';

/** A request under way: whose, since when, and whether it has been unanswered past `slowAfterMs`. */
export interface Sending {
  readonly delivery: Held;
  readonly started: number;
  late: boolean;
}

/** What the worker holds of one webhook; dropped when that is nothing. */
interface Slot {
  state: WebhookState;
  held: number;
  sending: number;
  waiting: Held[];
  /** Requests unanswered past `slowAfterMs`. */
  late: number;
  /** The last claim gave it all the room it had (or it had none): more of it may be due. */
  moreDue: boolean;
}

export interface SlotsOptions {
  maxInFlight: number;
  slowMaxInFlight: number;
  perWebhook: number;
  claimAhead: number;
  claimAheadMax: number;
  aheadHorizonMs: number;
  slowAfterMs: number;
  /** A waiting delivery is sent only with this much of its lease left (ms). */
  minLeaseLeftMs: number;
}

export class WebhookSlots {
  private readonly slots = new Map<string, Slot>();
  /** Per webhook sent to: moving average of a request's time, ms. */
  private readonly sendMs = new Map<string, number>();
  private readonly gone = new Set<string>();
  /** FAST webhooks by when they last answered, oldest first. */
  private readonly answeredAt = new Map<string, number>();
  private readonly underWay = new Set<Sending>();
  /** Held in the shared room (NEW and FAST webhooks) and in the slow lane. */
  private heldShared = 0;
  private heldSlow = 0;

  constructor(private readonly o: SlotsOptions) {}

  /** How many more the shared room takes. */
  get sharedRoom(): number {
    return this.o.maxInFlight - this.heldShared;
  }

  stateOf(w: string): WebhookState | 'gone' | undefined {
    return this.gone.has(w) ? 'gone' : this.slots.get(w)?.state;
  }

  isGone(w: string): boolean {
    return this.gone.has(w);
  }

  /**
   * Per webhook held (and GONE), how many more the next claim may take; also for FAST webhooks that
   * answered within LINGER_MS and hold nothing now: their whole room.
   */
  room(now = Date.now()): Map<string, number> {
    const room = new Map<string, number>();
    for (const [w, at] of this.answeredAt) {
      if (now - at < LINGER_MS) break;
      this.answeredAt.delete(w);
    }
    for (const w of this.answeredAt.keys()) if (!this.slots.has(w)) room.set(w, this.fastCap(w));
    const slowLaneFull = this.heldSlow >= this.o.slowMaxInFlight;
    for (const [w, s] of this.slots)
      room.set(w, slowLaneFull && s.state === 'slow' ? 0 : this.capOf(s, w) - s.held);
    for (const w of this.gone) room.set(w, 0);
    return room;
  }

  /**
   * After a claim that offered `rooms` and got `rows`: a webhook the claim gave all the room it had
   * may have more due (its next freed slot claims again); so may one that had no room (the scan
   * skipped it; its cap can also have shrunk below what it holds). One that got less than its room
   * has nothing more due now (until a NOTIFY or a retry's time).
   */
  noteClaim(rooms: ReadonlyMap<string, number>, rows: readonly ClaimedDelivery[]): void {
    const got = new Map<string, number>();
    for (const r of rows) got.set(r.webhook_id, (got.get(r.webhook_id) ?? 0) + 1);
    for (const [w, room] of rooms) {
      const s = this.slots.get(w);
      if (s && (room <= 0 || (got.get(w) ?? 0) >= room)) s.moreDue = true;
      else if (s) s.moreDue = false;
    }
    for (const [w, n] of got) {
      const s = this.slots.get(w);
      if (s && !rooms.has(w)) s.moreDue = n >= FIRST_CLAIM;
    }
  }

  /** Holds a claimed delivery, waiting for a slot. */
  hold(d: Held): void {
    const w = d.webhook_id;
    let s = this.slots.get(w);
    if (!s) {
      const ms = this.sendMs.get(w);
      const state = ms === undefined ? 'new' : ms >= this.o.slowAfterMs ? 'slow' : 'fast';
      s = { state, held: 0, sending: 0, waiting: [], late: 0, moreDue: false };
      this.slots.set(w, s);
    }
    this.add(w, s, 1);
    s.waiting.push(d);
  }

  /**
   * Takes the webhook's waiting deliveries while it has free slots: those to send now (counted as
   * sending from here), and those whose lease is too short to send (no longer held: sent this
   * late, the lease could end before the result is recorded and another worker would send it
   * again; the worker gives them back).
   */
  take(w: string, now: number): { send: Sending[]; stale: Held[] } {
    const s = this.slots.get(w);
    const send: Sending[] = [];
    const stale: Held[] = [];
    while (s && s.waiting.length > 0 && s.sending < this.o.perWebhook) {
      const d = s.waiting.shift()!;
      if (d.leaseEnds - now < this.o.minLeaseLeftMs) {
        stale.push(d);
        continue;
      }
      s.sending++;
      const sending: Sending = { delivery: d, started: now, late: false };
      this.underWay.add(sending);
      send.push(sending);
    }
    if (s && stale.length > 0) this.add(w, s, -stale.length);
    return { send, stale };
  }

  /** The receiver answered (or failed) after `ms`: the webhook's average request time. */
  answered(w: string, ms: number, now = Date.now()): void {
    const avg = this.sendMs.get(w);
    if (avg === undefined && this.sendMs.size >= REMEMBERED) this.sendMs.clear();
    const next = avg === undefined ? ms : avg * 0.8 + ms * 0.2;
    this.sendMs.set(w, next);
    // Re-inserted, so the map stays in order of last answer.
    this.answeredAt.delete(w);
    if (next >= this.o.slowAfterMs) return;
    if (this.answeredAt.size >= LINGERING_MAX) this.answeredAt.delete(this.answeredAt.keys().next().value!);
    this.answeredAt.set(w, now);
  }

  /**
   * A request ended: its slot is free. Returns whether the webhook may have more due (its freed
   * slot is worth a claim).
   */
  finished(sending: Sending): boolean {
    this.underWay.delete(sending);
    const w = sending.delivery.webhook_id;
    const s = this.slots.get(w);
    if (!s) return false;
    const more = s.moreDue;
    s.sending--;
    if (sending.late) s.late--;
    this.add(w, s, -1);
    this.classify(w); // back to the shared room when it answers fast again
    return more;
  }

  /**
   * Marks requests unanswered past `slowAfterMs` as late; their webhooks turn SLOW. True when the
   * shared room got places back.
   */
  markLate(now: number): boolean {
    let freed = false;
    for (const sending of this.underWay) {
      if (sending.late || now - sending.started < this.o.slowAfterMs) continue;
      sending.late = true;
      const w = sending.delivery.webhook_id;
      const s = this.slots.get(w);
      if (!s) continue;
      s.late++;
      freed = this.classify(w) === 'slow' || freed;
    }
    return freed;
  }

  /** The receiver answered 410: GONE until that answer is written; its waiting deliveries dropped. */
  markGone(w: string): void {
    this.gone.add(w);
    this.answeredAt.delete(w);
    const s = this.slots.get(w);
    if (s && s.waiting.length > 0) this.add(w, s, -s.waiting.splice(0).length);
  }

  /** The 410 was written (the webhook is disabled, its pending deliveries failed), or failed to be. */
  goneWritten(w: string): void {
    this.gone.delete(w);
  }

  /** Every waiting delivery, no longer held (the worker gives them back). */
  takeAllWaiting(): Held[] {
    const all: Held[] = [];
    for (const [w, s] of this.slots) {
      if (s.waiting.length === 0) continue;
      const list = s.waiting.splice(0);
      all.push(...list);
      this.add(w, s, -list.length);
    }
    return all;
  }

  /** How many the worker may hold of a webhook: its sending slots and its waiting line. */
  private capOf(s: Slot, w: string): number {
    if (s.state === 'slow') return this.o.perWebhook;
    if (s.state === 'new') return FIRST_CLAIM;
    return this.fastCap(w);
  }

  /** A FAST webhook's sending slots and a waiting line for what they send in `aheadHorizonMs`. */
  private fastCap(w: string): number {
    const ms = this.sendMs.get(w);
    if (ms === undefined) return FIRST_CLAIM;
    const ahead = Math.ceil((this.o.aheadHorizonMs * this.o.perWebhook) / Math.max(ms, 0.1));
    return this.o.perWebhook + Math.min(this.o.claimAheadMax, Math.max(this.o.claimAhead, ahead));
  }

  /**
   * Moves the webhook to the state it is in now: SLOW while a request of it is late or its average
   * request time is at least `slowAfterMs`; FAST once it has answered otherwise. Returns the state
   * it moved to, or undefined when it stayed.
   */
  private classify(w: string): WebhookState | undefined {
    const s = this.slots.get(w);
    if (!s) return undefined;
    const ms = this.sendMs.get(w);
    const state: WebhookState =
      s.late > 0 || (ms ?? 0) >= this.o.slowAfterMs ? 'slow' : ms === undefined ? 'new' : 'fast';
    if (state === s.state) return undefined;
    const moved = (state === 'slow') !== (s.state === 'slow') ? s.held : 0;
    this.heldShared += state === 'slow' ? -moved : moved;
    this.heldSlow += state === 'slow' ? moved : -moved;
    s.state = state;
    return state;
  }

  /** Adds `n` (negative: releases) to the webhook's held count and its lane's; drops it at zero. */
  private add(w: string, s: Slot, n: number): void {
    s.held += n;
    if (s.state === 'slow') this.heldSlow += n;
    else this.heldShared += n;
    if (s.held <= 0) this.slots.delete(w);
  }
}
