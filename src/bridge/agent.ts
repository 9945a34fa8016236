// The bridge itself: the same code runs as `latchkey bridge` on the locks' network (over HTTPS,
// http-transport.ts) and inside the service (LATCHKEY_BRIDGE=local, local.ts). It long-polls the
// service for commands, runs them on its Matter controller, and reports results, lock events and
// lock statuses back.
//
// - The controller (and with it mDNS) starts only when there is a lock: the service lists one, or
//   a commission command arrives. A bridge with no locks sends nothing on its network.
// - Commands for one lock run one after another; different locks' commands run side by side.
// - Lock events go into the journal before anything else (journal.ts), and leave it only once
//   the service has recorded them: none is lost while the service is down.
// - The controller's state (its fabric) is saved to the service, sealed there with the master
//   key, and to a file on this host when it has one; a new host starts from the service's copy.
import { randomUUID } from 'node:crypto';
import type {
  LockEvent,
  LockStatus,
  MatterController,
  MatterControllerOptions,
} from '../matter/controller.ts';
import { classify, MatterLockError } from '../matter/errors.ts';
import type { MatterStateStore } from '../matter/state-store.ts';
import type { EventJournal } from './journal.ts';
import type {
  PollAnswer,
  PollRequest,
  ReportAnswer,
  ReportBody,
  WireCommand,
  WireEvent,
  WireResult,
  WireStatus,
} from './protocol.ts';
import { reconcileOnBridge } from './reconcile-wiring.ts';

export interface BridgeTransport {
  poll(req: PollRequest, signal: AbortSignal): Promise<PollAnswer>;
  report(body: ReportBody): Promise<ReportAnswer>;
  /** The controller's state as the service keeps it, or undefined before the first save. */
  loadState(): Promise<string | undefined>;
  saveState(instanceId: string, state: string): Promise<void>;
}

export type ControllerSettings = Pick<
  MatterControllerOptions,
  'livenessSeconds' | 'commandTimeoutMs' | 'commissionTimeoutMs' | 'logLevel' | 'port' | 'fabricLabel'
>;

export interface BridgeAgentOptions {
  transport: BridgeTransport;
  journal: EventJournal;
  /** A copy of the controller's state on this host (a file), used when the service cannot be reached. */
  stateCache?: MatterStateStore;
  controller?: ControllerSettings;
  /** How long a poll may be held open by the service (ms). */
  pollWaitMs?: number;
  /** How long an unlock or lock waits for the lock's own LockOperation event to answer it (ms). */
  operationEventWaitMs?: number;
  log?: (line: Record<string, unknown>) => void;
}

/** What a finished remote operation answers (its `eventNumber` is the lock's, when the event came). */
export interface OperateResult {
  lockState: LockStatus['lockState'];
  eventNumber: string | null;
  at: string;
}

const REPORT_BATCH = 500;

export function wireEvent(e: LockEvent, commandId?: string): WireEvent {
  const { lockId, eventNumber, at, kind, ...detail } = e;
  return {
    lockId,
    eventNumber: eventNumber.toString(),
    at: at.toISOString(),
    kind,
    detail: detail as Record<string, unknown>,
    ...(commandId ? { commandId } : {}),
  };
}

function wireError(e: unknown, doing: string) {
  const m = classify(e, doing);
  return { code: m.code, title: m.title, detail: m.message, transient: m.transient };
}

/** The controller's state: the service's copy first, this host's file when the service is away. */
class AgentStateStore implements MatterStateStore {
  #uploadPending: string | undefined;
  constructor(
    private readonly agent: { instanceId: string },
    private readonly transport: BridgeTransport,
    private readonly cache?: MatterStateStore,
  ) {}
  async load() {
    try {
      return await this.transport.loadState();
    } catch (e) {
      if (!this.cache) throw e;
      return this.cache.load();
    }
  }
  async save(snapshot: string) {
    if (!this.cache) return this.transport.saveState(this.agent.instanceId, snapshot);
    await this.cache.save(snapshot);
    this.#uploadPending = snapshot;
    await this.upload().catch(() => {}); // kept on this host; uploaded once the service is back
  }
  async upload() {
    const s = this.#uploadPending;
    if (s === undefined) return;
    await this.transport.saveState(this.agent.instanceId, s);
    if (this.#uploadPending === s) this.#uploadPending = undefined;
  }
}

export class BridgeAgent {
  readonly instanceId = randomUUID();
  readonly #o: BridgeAgentOptions;
  readonly #state: AgentStateStore;
  #controller: Promise<MatterController> | undefined;
  readonly #eventsAfter = new Map<string, bigint>();
  readonly #chains = new Map<string, Promise<void>>();
  #results: WireResult[] = [];
  readonly #statuses = new Map<string, WireStatus>();
  /** Per lock: the remote operation waiting for the lock's event that answers it. */
  readonly #answering = new Map<
    string,
    { commandId: string; match: (e: LockEvent) => boolean; hit: (e: LockEvent) => void }
  >();
  readonly #abort = new AbortController();
  #running: Promise<void> | undefined;
  #flushing: Promise<void> | undefined;
  #flushAgain = false;
  #retryTimer: NodeJS.Timeout | undefined;
  /** Whether the last poll reached the service. */
  connected = false;

  constructor(o: BridgeAgentOptions) {
    this.#o = o;
    this.#state = new AgentStateStore(this, o.transport, o.stateCache);
  }

  #log(line: Record<string, unknown>) {
    this.#o.log?.(line);
  }

  /** Whether the Matter controller has been started (it starts with the first lock). */
  get controllerStarted() {
    return this.#controller !== undefined;
  }

  start() {
    this.#running ??= this.#loop();
    return this;
  }

  async stop() {
    this.#abort.abort();
    clearTimeout(this.#retryTimer);
    await this.#running;
    await Promise.allSettled([...this.#chains.values()]);
    await this.#flushing;
    const c = await this.#controller?.catch(() => undefined);
    await c?.close();
  }

  async #loop() {
    let pause = 200;
    const signal = this.#abort.signal;
    while (!signal.aborted) {
      try {
        const a = await this.#o.transport.poll(
          { instanceId: this.instanceId, waitMs: this.#o.pollWaitMs ?? 25_000 },
          signal,
        );
        if (!this.connected) this.#log({ type: 'connected', bridgeId: a.bridgeId });
        this.connected = true;
        pause = 200;
        for (const l of a.locks)
          if (l.eventsAfter !== null) this.#eventsAfter.set(l.lockId, BigInt(l.eventsAfter));
        if (a.locks.length > 0) void this.#controllerStarted().catch(() => {});
        for (const c of a.commands) this.#enqueue(c);
        this.#flush();
      } catch (e) {
        if (signal.aborted) break;
        if (this.connected) this.#log({ type: 'disconnected', error: (e as Error).message });
        this.connected = false;
        await new Promise((r) => setTimeout(r, pause));
        pause = Math.min(pause * 2, 5000);
      }
    }
  }

  #controllerStarted(): Promise<MatterController> {
    this.#controller ??= (async () => {
      const { MatterController } = await import('../matter/controller.ts');
      const c = await MatterController.start({
        ...this.#o.controller,
        store: this.#state,
        eventsAfter: (lockId) => this.#eventsAfter.get(lockId),
        onEvent: (e) => this.#onEvent(e),
        onStatus: (lockId) => this.#onStatus(lockId),
        onReachability: (lockId) => this.#onStatus(lockId),
      });
      this.#log({ type: 'controller-started', locks: c.locks() });
      this.#controllerRef = c;
      return c;
    })();
    this.#controller.catch((e) => {
      this.#log({ type: 'controller-failed', error: (e as Error).message });
      this.#controller = undefined;
    });
    return this.#controller;
  }
  #controllerRef: MatterController | undefined;

  #onEvent(e: LockEvent) {
    const waiting = this.#answering.get(e.lockId);
    let commandId: string | undefined;
    if (waiting?.match(e)) {
      commandId = waiting.commandId;
      this.#answering.delete(e.lockId);
      waiting.hit(e);
    }
    this.#o.journal.append(wireEvent(e, commandId));
    this.#flush();
  }

  #onStatus(lockId: string) {
    try {
      const s = this.#controllerRef!.status(lockId);
      this.#statuses.set(lockId, {
        lockId,
        reachable: s.reachable,
        lockState: s.lockState,
        batteryPercent: s.batteryPercent,
        batteryLevel: s.batteryLevel,
      });
      this.#flush();
    } catch {
      // the lock is being removed
    }
  }

  #enqueue(c: WireCommand) {
    const key = c.lockId ?? '';
    const prev = this.#chains.get(key) ?? Promise.resolve();
    const next = prev.then(() => this.#execute(c));
    this.#chains.set(key, next);
    void next.finally(() => {
      if (this.#chains.get(key) === next) this.#chains.delete(key);
    });
  }

  async #execute(c: WireCommand) {
    let r: WireResult;
    try {
      r = { commandId: c.id, ok: true, result: await this.#run(c) };
    } catch (e) {
      r = { commandId: c.id, ok: false, error: wireError(e, c.kind) };
    }
    this.#log({ type: 'command', kind: c.kind, lockId: c.lockId, ok: r.ok, error: r.error?.detail });
    this.#results.push(r);
    this.#flush();
  }

  async #run(c: WireCommand): Promise<unknown> {
    if (c.kind === 'ping') return { at: new Date().toISOString() };
    const lockId = c.lockId;
    if (!lockId) throw new MatterLockError('constraint', `a ${c.kind} command names a lock`);
    const controller = await this.#controllerStarted().catch((e) => {
      throw new MatterLockError('notReady', `the Matter controller did not start: ${(e as Error).message}`);
    });
    switch (c.kind) {
      case 'commission': {
        const done = await controller.commission(String(c.payload.pairingCode ?? ''), lockId);
        return done;
      }
      case 'operate':
        return this.#operate(controller, c.id, lockId, c.payload.action === 'locked' ? 'lock' : 'unlock');
      case 'decommission':
        await controller.decommission(lockId);
        return {};
      case 'forget':
        if (controller.locks().includes(lockId)) await controller.forget(lockId);
        return {};
      case 'status':
        return controller.status(lockId);
      case 'reconcile':
        return reconcileOnBridge(controller, lockId, c.payload.desired);
    }
  }

  /**
   * Locks or unlocks, then waits briefly for the lock's own LockOperation event with a remote
   * source: that event, tagged with this command, is the record of the operation (its number
   * de-duplicates it; its time is the lock's).
   */
  async #operate(controller: MatterController, commandId: string, lockId: string, action: 'lock' | 'unlock') {
    let hit!: (e: LockEvent) => void;
    const answered = new Promise<LockEvent>((resolve) => {
      hit = resolve;
    });
    this.#answering.set(lockId, {
      commandId,
      match: (e) => e.kind === 'lockOperation' && e.source === 'remote' && e.operation === action,
      hit,
    });
    try {
      await controller.operate(lockId, action);
      let timer: NodeJS.Timeout | undefined;
      const e = await Promise.race([
        answered,
        new Promise<undefined>((r) => {
          timer = setTimeout(() => r(undefined), this.#o.operationEventWaitMs ?? 1500);
        }),
      ]);
      clearTimeout(timer);
      const result: OperateResult = {
        lockState: controller.status(lockId).lockState,
        eventNumber: e ? e.eventNumber.toString() : null,
        at: (e?.at ?? new Date()).toISOString(),
      };
      return result;
    } finally {
      if (this.#answering.get(lockId)?.commandId === commandId) this.#answering.delete(lockId);
    }
  }

  /** Sends what is waiting (results, statuses, journal events), one report at a time. */
  #flush() {
    if (this.#flushing) {
      this.#flushAgain = true;
      return;
    }
    this.#flushing = (async () => {
      do {
        this.#flushAgain = false;
        const results = this.#results.splice(0);
        const statuses = [...this.#statuses.values()];
        this.#statuses.clear();
        const events = this.#o.journal.head(REPORT_BATCH);
        if (results.length + statuses.length + events.length === 0) break;
        try {
          await this.#o.transport.report({ instanceId: this.instanceId, results, events, statuses });
          this.#o.journal.ack(events.length);
          if (this.#o.journal.size > 0) this.#flushAgain = true;
          await this.#state.upload().catch(() => {});
        } catch (e) {
          // Kept for the next attempt: results first in line, statuses unless newer ones came.
          this.#results.unshift(...results);
          for (const s of statuses) if (!this.#statuses.has(s.lockId)) this.#statuses.set(s.lockId, s);
          this.#log({
            type: 'report-failed',
            error: (e as Error).message,
            pendingEvents: this.#o.journal.size,
          });
          clearTimeout(this.#retryTimer);
          if (!this.#abort.signal.aborted) this.#retryTimer = setTimeout(() => this.#flush(), 1000);
          break;
        }
      } while (this.#flushAgain);
    })().finally(() => {
      this.#flushing = undefined;
    });
  }
}
