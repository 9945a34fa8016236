// The service's side of the bridge channel, one per process (ctx.bridges). A bridge long-polls:
// its request is held open until a command is queued for it (a NOTIFY from whichever process
// queued it wakes the poll at once) or the wait ends; the command travels in the poll's answer.
// Whoever queued a command may wait for its outcome, which the bridge's report writes back (a
// NOTIFY again). Everything shared is in the store, so API processes stay stateless: the process
// that queues an unlock need not be the one holding the bridge's poll.
import type { Db } from '../db/db.ts';
import { conflict } from '../http/errors.ts';
import { uuidv7 } from '../ids.ts';
import type { CommandKind, PollAnswer, PollRequest, WireCommand } from './protocol.ts';
import {
  bridgeLocks,
  COMMANDS_CHANNEL,
  type CommandRow,
  commandFind,
  commandInsert,
  commandsClaim,
  leaseTake,
  RESULTS_CHANNEL,
} from './queries.ts';

/**
 * How long a bridge stays online (holds its lease) after a poll ends: it polls again at once, so a
 * bridge whose poll was cut (the process killed, the network gone) is offline this soon after.
 */
export const LEASE_GRACE_MS = 3000;

type Wakers = Map<string, Set<() => void>>;

function wake(wakers: Wakers, key: string) {
  for (const w of wakers.get(key) ?? []) w();
}

/** A promise that resolves when `key` is woken, after `ms`, or on abort; cancel() forgets it. */
function waitFor(wakers: Wakers, key: string, ms: number, signal?: AbortSignal) {
  let done!: () => void;
  const promise = new Promise<void>((resolve) => {
    done = resolve;
  });
  const timer = setTimeout(() => done(), Math.max(0, ms));
  const onAbort = () => done();
  signal?.addEventListener('abort', onAbort, { once: true });
  const set = wakers.get(key) ?? new Set<() => void>();
  wakers.set(key, set);
  set.add(done);
  const cancel = () => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    set.delete(done);
    if (set.size === 0) wakers.delete(key);
    done();
  };
  return { promise: promise.finally(cancel), cancel };
}

export class BridgeHub {
  readonly #db: Db;
  readonly #prepare: (c: WireCommand) => Promise<WireCommand>;
  readonly #polls: Wakers = new Map();
  readonly #results: Wakers = new Map();
  #listening?: Promise<(() => Promise<void>)[]>;

  /**
   * `prepare` completes a command as the bridge takes it (a reconciliation gets the lock's desired
   * state then, so that no PIN rests in the queue and the state is the newest).
   */
  constructor(db: Db, prepare: (c: WireCommand) => Promise<WireCommand> = async (c) => c) {
    this.#db = db;
    this.#prepare = prepare;
  }

  /** Subscribes on first use, so a process that never sees a bridge holds no listener for it. */
  #listen() {
    this.#listening ??= Promise.all([
      this.#db.listen(COMMANDS_CHANNEL, (bridgeId) => wake(this.#polls, bridgeId)),
      this.#db.listen(RESULTS_CHANNEL, (commandId) => wake(this.#results, commandId)),
    ]);
    return this.#listening;
  }

  /**
   * A bridge's poll: takes (or renews) the bridge's lease for this process, then answers the
   * commands queued for it, waiting up to `waitMs` for one. 409 while another process of the same
   * bridge holds the lease.
   */
  async poll(bridgeId: string, req: PollRequest, signal?: AbortSignal): Promise<PollAnswer> {
    await this.#listen();
    if (!(await leaseTake(this.#db, bridgeId, req.instanceId, req.waitMs + LEASE_GRACE_MS)))
      throw conflict(
        'Another process of this bridge is connected; only one may act for its locks (this one may take over once that one has been gone for a few seconds)',
      );
    try {
      const deadline = Date.now() + req.waitMs;
      for (;;) {
        // Armed before looking, so that a command queued in between still wakes this poll.
        const woken = waitFor(this.#polls, bridgeId, deadline - Date.now(), signal);
        const commands = signal?.aborted ? [] : await commandsClaim(this.#db, bridgeId);
        if (commands.length > 0 || Date.now() >= deadline || signal?.aborted) {
          woken.cancel();
          const prepared: WireCommand[] = [];
          for (const c of commands) prepared.push(await this.#prepare(c));
          return { bridgeId, commands: prepared, locks: await bridgeLocks(this.#db, bridgeId) };
        }
        await woken.promise;
      }
    } finally {
      await leaseTake(this.#db, bridgeId, req.instanceId, LEASE_GRACE_MS).catch(() => {});
    }
  }

  /** Queues a command for the bridge; it expires (is never sent) after `ttlMs`. */
  async send(c: {
    bridgeId: string;
    lockId: string | null;
    kind: CommandKind;
    payload?: object;
    ttlMs: number;
  }): Promise<string> {
    return commandInsert(this.#db, c);
  }

  /**
   * Queues a command and waits up to `timeoutMs` for its outcome: the finished command, or
   * undefined when the bridge did not answer in time (the command then expires unsent, or its late
   * answer is recorded without anyone waiting).
   */
  async request(c: {
    bridgeId: string;
    lockId: string | null;
    kind: CommandKind;
    payload?: object;
    timeoutMs: number;
  }): Promise<CommandRow | undefined> {
    await this.#listen();
    const id = uuidv7();
    const woken = waitFor(this.#results, id, c.timeoutMs);
    try {
      await commandInsert(this.#db, { ...c, id, ttlMs: c.timeoutMs });
      // Woken by the result's NOTIFY, or at the timeout: either way the row says which.
      await woken.promise;
      const row = await commandFind(this.#db, id);
      return row && (row.status === 'done' || row.status === 'failed') ? row : undefined;
    } finally {
      woken.cancel();
    }
  }

  async close() {
    const unsubscribe = await this.#listening?.catch(() => []);
    for (const u of unsubscribe ?? []) await u().catch(() => {});
    for (const set of [...this.#polls.values(), ...this.#results.values()]) for (const w of set) w();
  }
}
