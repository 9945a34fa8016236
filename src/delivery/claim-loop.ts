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

/**
 * The transitions the loop takes, each through one named method below; any other is a bug and
 * throws (graphile-worker's LocalQueue asserts its modes the same way):
 * STOPPED → IDLE (start), IDLE → CLAIMING (a wake-up), CLAIMING → IDLE (the round ended),
 * IDLE or CLAIMING → STOPPED (stop; a round under way ends by itself, and nothing follows it).
 */
const TRANSITIONS: Readonly<Record<ClaimLoopMode, readonly ClaimLoopMode[]>> = {
  stopped: ['idle'],
  idle: ['claiming', 'stopped'],
  claiming: ['idle', 'stopped'],
};

export interface ClaimLoopOptions {
  pollMs: number;
  log: WorkerLog;
  /** Told of every change of mode (tests; a trace when debugging). */
  onMode?: (from: ClaimLoopMode, to: ClaimLoopMode) => void;
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

  /** Starts polling, and a first round at once. Only from STOPPED; otherwise nothing. */
  start(): void {
    if (this._mode !== 'stopped') return;
    this.enterIdle();
    this.wake();
  }

  /** Stops; resolves when the round under way (if any) has ended. */
  stop(): Promise<void> {
    if (this._mode !== 'stopped') this.enterStopped();
    return this.round ?? Promise.resolve();
  }

  /** IDLE: a round now. CLAIMING: one more round after this one. STOPPED: nothing. */
  wake(): void {
    if (this._mode === 'idle') this.enterClaiming();
    else if (this._mode === 'claiming') this.again = true;
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

  /** The round ended: IDLE again, unless stopped meanwhile. */
  private roundEnded(ok: boolean): void {
    this.round = undefined;
    if (this._mode === 'stopped') return;
    this.enterIdle();
    // A wake-up that came after the round's last look at `again` (not after a failed claim:
    // that would retry at once, in a loop, while the store is down; the poll retries).
    if (ok && this.again) this.wake();
  }

  /** STOPPED → IDLE (the poll starts) or CLAIMING → IDLE (the round has ended). */
  private enterIdle(): void {
    if (this.round) throw new Error('claim loop: IDLE while a round is under way');
    const from = this.setMode('idle');
    if (from === 'stopped') this.poll = setInterval(() => this.wake(), this.o.pollMs);
  }

  /** IDLE → CLAIMING: a round starts. */
  private enterClaiming(): void {
    if (this.round) throw new Error('claim loop: a second round while one is under way');
    this.setMode('claiming');
    this.round = this.claimRounds().then((ok) => this.roundEnded(ok));
  }

  /** IDLE or CLAIMING → STOPPED: no more wake-ups; a round under way ends by itself. */
  private enterStopped(): void {
    this.setMode('stopped');
    clearInterval(this.poll);
    this.poll = undefined;
    clearTimeout(this.soonTimer);
    this.soonTimer = undefined;
    if (this.dueTimer) clearTimeout(this.dueTimer.timer);
    this.dueTimer = undefined;
  }

  /** The one place the mode changes; refuses a transition not in TRANSITIONS. Returns the old mode. */
  private setMode(to: ClaimLoopMode): ClaimLoopMode {
    const from = this._mode;
    if (!TRANSITIONS[from].includes(to)) throw new Error(`claim loop: no transition from ${from} to ${to}`);
    this._mode = to;
    this.o.onMode?.(from, to);
    return from;
  }
}
