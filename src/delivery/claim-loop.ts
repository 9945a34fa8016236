// The claim loop: when to claim. Wake-ups come from NOTIFY (a delivery queued), the poll (1 s, for
// a NOTIFY lost with its connection), a freed slot (coalesced over COALESCE_MS: a stream of
// completions costs a few claims, not one each) and a retry's due time (sooner than the next poll).
// One claim round runs at a time; a wake-up during a round asks for one more round after it, so a
// delivery queued while a claim was reading is never left for the poll. What one claim does is the
// worker's (`claimBatch`); this module only decides when, and how to stop.
import { COALESCE_MS } from './outcome-flush.ts';
import type { WorkerLog } from './worker-log.ts';

/**
 * After one claim: AGAIN, claim once more at once (a full batch, or a scan that stopped at its
 * limit); SOON, end the round and claim once more shortly (due rows another worker was locking
 * may be free by then); DONE, end the round (nothing more due, or no room).
 */
export type AfterClaim = 'again' | 'soon' | 'done';

/**
 * STOPPED: before start() and after stop(); wake-ups are ignored. IDLE: waiting for a wake-up.
 * CLAIMING: a round under way; a wake-up now is remembered (`again`) and runs one more round.
 */
export type ClaimLoopMode = 'stopped' | 'idle' | 'claiming';

export interface ClaimLoopOptions {
  pollMs: number;
  log: WorkerLog;
}

export class ClaimLoop {
  private _mode: ClaimLoopMode = 'stopped';
  private round: Promise<void> | undefined;
  private again = false;
  private poll: NodeJS.Timeout | undefined;
  private soonTimer: NodeJS.Timeout | undefined;
  private dueTimer: { at: number; timer: NodeJS.Timeout } | undefined;

  constructor(
    private readonly claimBatch: () => Promise<AfterClaim>,
    private readonly o: ClaimLoopOptions,
  ) {}

  get mode(): ClaimLoopMode {
    return this._mode;
  }

  /** STOPPED → IDLE, and a first round at once. */
  start(): void {
    if (this._mode !== 'stopped') return;
    this._mode = 'idle';
    this.poll = setInterval(() => this.wake(), this.o.pollMs);
    this.wake();
  }

  /** Any mode → STOPPED; resolves when the round under way (if any) has ended. */
  stop(): Promise<void> {
    this._mode = 'stopped';
    clearInterval(this.poll);
    clearTimeout(this.soonTimer);
    this.soonTimer = undefined;
    if (this.dueTimer) clearTimeout(this.dueTimer.timer);
    this.dueTimer = undefined;
    return this.round ?? Promise.resolve();
  }

  /** IDLE → CLAIMING; in CLAIMING, one more round after this one. */
  wake(): void {
    if (this._mode === 'stopped') return;
    if (this._mode === 'claiming') {
      this.again = true;
      return;
    }
    this._mode = 'claiming';
    this.round = this.claimRounds().then((ok) => {
      this.round = undefined;
      if (this._mode === 'stopped') return;
      this._mode = 'idle';
      // A wake-up that came after the round's last look at `again` (not after a failed claim:
      // that would retry at once, in a loop, while the store is down; the poll retries).
      if (ok && this.again) this.wake();
    });
  }

  /** A wake-up within COALESCE_MS, shared by everything that asks for one meanwhile. */
  wakeSoon(): void {
    if (this.soonTimer || this._mode === 'stopped') return;
    this.soonTimer = setTimeout(() => {
      this.soonTimer = undefined;
      this.wake();
    }, COALESCE_MS);
  }

  /** A wake-up at `at` (ms since the epoch) when that is sooner than the next poll. */
  wakeAt(at: number): void {
    if (this._mode === 'stopped' || at - Date.now() >= this.o.pollMs) return;
    if (this.dueTimer && this.dueTimer.at <= at) return;
    if (this.dueTimer) clearTimeout(this.dueTimer.timer);
    const timer = setTimeout(
      () => {
        this.dueTimer = undefined;
        this.wake();
      },
      Math.max(0, at - Date.now()) + 5,
    );
    this.dueTimer = { at, timer };
  }

  /** Claims until a claim says DONE or SOON, again while wake-ups came meanwhile; false on failure. */
  private async claimRounds(): Promise<boolean> {
    try {
      do {
        this.again = false;
        while (this._mode === 'claiming') {
          const next = await this.claimBatch();
          if (next === 'again') continue;
          if (next === 'soon') this.wakeSoon();
          break;
        }
      } while (this.again && this._mode === 'claiming');
      return true;
    } catch (e) {
      this.o.log.error({ err: (e as Error).message }, 'webhook delivery claim failed');
      return false;
    }
  }
}
