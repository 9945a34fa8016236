// The live access-event stream (Server-Sent Events). One hub per process: it LISTENs on the store's
// one listening connection, and on each NOTIFY (and a poll, for NOTIFYs lost while that connection
// reconnects) reads what was accepted after its position in the stream's order (feed.ts) and
// writes each event to every open stream of that process that wants it. Rows of a newer
// transaction that committed while an older one is still running wait for it (the older one's
// COMMIT notifies; a short retry covers one that does not, such as a transaction that wrote no
// event).
//
// All reads of the hub run one at a time, in turns (the pump): a re-check of the open streams'
// tokens when due, one page of new events, then one batch of one resuming stream's backlog, and
// round again. A resuming stream catches up from its position to the hub's in those batches and
// is attached in the turn that reaches it, so no event falls between the two; and however far back
// ten streams resume, every other stream's live events wait for at most one batch.
//
// A new stream (no Last-Event-ID) starts at the snapshot taken when it opens: it carries the events
// of transactions that had not committed by then, and none from before, even when no stream of its
// project was open for hours (the hub's position moves on with the horizon while projects are
// quiet, and jumps to now when its first stream opens).
//
// Per stream the hub keeps its state, a cursor, a filter, the token's client, generation and expiry
// and the response. A client too slow to take what is written is disconnected (it resumes from the
// log) rather than buffered without bound; a resuming one waits for its socket to drain between
// catch-up batches.
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { ACCESS_EVENTS_CHANNEL } from '../app/event-queries.ts';
import {
  type Before,
  cmp,
  committedBefore,
  eventsOf,
  type FeedRow,
  feedRead,
  keyOf,
  later,
  type StreamKey,
  type StreamStart,
  streamNow,
} from './feed.ts';
import { presentAccessEvent } from './present.ts';
import type { AccessEventRow } from './queries.ts';

interface Frame {
  key: StreamKey;
  /** Undefined when the event is gone from the log (erased): the position still moves on. */
  event: AccessEventRow | undefined;
}

const frameOf = (e: AccessEventRow) =>
  `id: ${e.id}\nevent: accessEvent\ndata: ${JSON.stringify(presentAccessEvent(e))}\n\n`;

/** What a stream's token must still hold: the client, the secret generation, the grant on the project. */
export interface StreamToken {
  clientId: string;
  generation: number;
  projectId: string;
}

export interface StreamOptions {
  /** A comment line is written to every stream at least this often. */
  heartbeatMs: number;
  /** The open streams' tokens are checked again this often. */
  tokenCheckMs: number;
  /** Rows per read: a page of new events, or one turn of a catch-up. */
  batch: number;
  /** Open streams per project, per API client and per source address in this process. */
  limits: { perProject: number; perClient: number; perAddress: number };
  /** Read even without a NOTIFY this often while streams are open (lost NOTIFYs). */
  pollMs?: number;
  /** Retry after this long when newer rows wait for an older transaction. */
  heldRetryMs?: number;
  /** A stream whose unsent output exceeds this is closed (the client resumes with Last-Event-ID). */
  maxBufferedBytes?: number;
}

export interface StreamDeps {
  /** Are these tokens still valid? One answer each, in order; one batch for all open streams. */
  tokensValid(tokens: StreamToken[]): Promise<boolean[]>;
  /** Is there a descriptor to spare for one more long-lived connection? */
  roomForStream(): boolean;
  /** Calls `fn` when this process changes clients or grants; returns the unsubscribe. */
  onCredentialsChanged(fn: () => void): () => void;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** The limit a new stream would go beyond. */
export type StreamRefusal = 'project' | 'client' | 'address' | 'descriptors';

/**
 * A stream's state. JOINING: waiting for its turn to catch up (or, new, to be attached). PARKED:
 * catching up, waiting for its socket to take what was written. ATTACHED: written to by every
 * live read. CLOSED: ended by either side; counted nowhere.
 */
type SubscriberState = 'joining' | 'parked' | 'attached' | 'closed';

/** One open stream. Kept small: a few fields and the response. */
class Subscriber {
  private _state: SubscriberState = 'joining';
  constructor(
    readonly projectId: string,
    readonly lockId: string | undefined,
    readonly res: ServerResponse,
    /** After this position. */
    public cursor: StreamKey,
    /** A new stream's snapshot, until the stream is past it (then undefined). */
    public before: Before | undefined,
    readonly clientId: string,
    readonly generation: number,
    /** When the token that opened it expires (ms). */
    readonly expiresAt: number,
    /** The source address's key for the per-address limit. */
    readonly address: string,
  ) {}

  get state(): SubscriberState {
    return this._state;
  }

  /** The only way the state changes: from one of the states the transition names. */
  move(to: SubscriberState, from: readonly SubscriberState[]): void {
    if (!from.includes(this._state)) throw new Error(`access-event stream: ${this._state} → ${to}`);
    this._state = to;
  }
}

/**
 * The hub's mode, changed only through setMode(), from the modes each transition names.
 * STOPPED: before ready() (or after it failed). STARTING: ready() under way (LISTEN, the first
 * position). IDLE: running, nothing to read. READING: the pump's turns under way; what is asked
 * meanwhile (a NOTIFY, a token check, a new stream) is served by a later turn of the same run.
 * CLOSED: after close(); nothing is read and nothing opens.
 */
export type HubMode = 'stopped' | 'starting' | 'idle' | 'reading' | 'closed';

export class AccessEventStreams {
  private readonly o: Required<StreamOptions>;
  private mode: HubMode = 'stopped';
  private readonly projects = new Map<string, Set<Subscriber>>();
  private readonly byClient = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();
  /** Streams waiting for their turn to catch up, in turn order. */
  private readonly joining: Subscriber[] = [];
  /** Every row of every project up to here is final, and those of open streams' projects written. */
  private head: StreamKey = { tx: 0n, seq: -1 };
  /** Work asked for: a read of new events (NOTIFY, poll), a check of the tokens (timer, a change here). */
  private liveDue = false;
  private checkDue = false;
  private starting: Promise<void> | undefined;
  private run: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | undefined;
  private unsubscribe: (() => void) | undefined;
  private timers: NodeJS.Timeout[] = [];
  private heldTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    options: StreamOptions,
    private readonly deps: StreamDeps,
  ) {
    this.o = { pollMs: 1000, heldRetryMs: 20, maxBufferedBytes: 1 << 20, ...options };
  }

  /** Open streams in this process. */
  get size(): number {
    let n = 0;
    for (const s of this.projects.values()) n += s.size;
    return n;
  }

  /** Number of open streams of a project in this process. */
  count(projectId: string): number {
    return this.projects.get(projectId)?.size ?? 0;
  }

  get hubMode(): HubMode {
    return this.mode;
  }

  private setMode(to: HubMode, from: readonly HubMode[]): void {
    if (!from.includes(this.mode)) throw new Error(`access-event stream hub: ${this.mode} → ${to}`);
    this.mode = to;
  }

  /** STOPPED → STARTING → IDLE, once (LISTEN, the first position); call before open(). */
  async ready(): Promise<void> {
    if (this.mode === 'closed') throw new Error('stream hub is closed');
    if (this.mode === 'stopped') {
      this.setMode('starting', ['stopped']);
      this.starting = this.start().then(
        () => {
          if (this.mode === 'starting') this.setMode('idle', ['starting']);
        },
        (e) => {
          if (this.mode === 'starting') this.setMode('stopped', ['starting']);
          throw e;
        },
      );
    }
    await this.starting;
  }

  private async start(): Promise<void> {
    // LISTEN first: whatever commits after the position read below also wakes the hub.
    this.unlisten = await this.db.listen(ACCESS_EVENTS_CHANNEL, (payload) => this.notified(payload));
    try {
      this.head = (await streamNow(this.db)).key;
    } catch (e) {
      await this.unlisten().catch(() => {});
      this.unlisten = undefined;
      throw e;
    }
    this.unsubscribe = this.deps.onCredentialsChanged(() => this.checkSoon());
    const every = (ms: number, fn: () => void) => {
      const t = setInterval(fn, ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.o.pollMs, () => this.readSoon());
    every(this.o.heartbeatMs, () => this.beat());
    every(this.o.tokenCheckMs, () => this.checkSoon());
  }

  /** Where a stream opened now without Last-Event-ID starts (before the response is sent). */
  now(): Promise<StreamStart> {
    return streamNow(this.db);
  }

  /** The limit a new stream would go beyond, if any. Check again just before open(). */
  refusal(o: { projectId: string; clientId: string; address: string }): StreamRefusal | undefined {
    const l = this.o.limits;
    if (this.count(o.projectId) >= l.perProject) return 'project';
    if ((this.byClient.get(o.clientId) ?? 0) >= l.perClient) return 'client';
    if ((this.byAddress.get(o.address) ?? 0) >= l.perAddress) return 'address';
    if (!this.deps.roomForStream()) return 'descriptors';
    return undefined;
  }

  /**
   * Opens a stream on `res` (headers already sent) at `from`: after an event (Last-Event-ID), or
   * now(). Synchronous after ready(), so a refusal() checked just before still holds.
   */
  open(o: {
    projectId: string;
    lockId?: string;
    from: StreamStart;
    res: ServerResponse;
    clientId: string;
    generation: number;
    expiresAt: number;
    address: string;
  }): void {
    if (this.mode !== 'idle' && this.mode !== 'reading') throw new Error('stream hub is not running');
    // No stream open: nobody needs the rows since the hub last read, so its position jumps to now.
    if (o.from.now && this.projects.size === 0) this.head = later(this.head, o.from.key);
    const sub = new Subscriber(
      o.projectId,
      o.lockId,
      o.res,
      o.from.key,
      o.from.before,
      o.clientId,
      o.generation,
      o.expiresAt,
      o.address,
    );
    const set = this.projects.get(o.projectId) ?? new Set<Subscriber>();
    this.projects.set(o.projectId, set);
    set.add(sub);
    this.byClient.set(o.clientId, (this.byClient.get(o.clientId) ?? 0) + 1);
    this.byAddress.set(o.address, (this.byAddress.get(o.address) ?? 0) + 1);
    o.res.on('close', () => this.drop(sub));
    this.joining.push(sub);
    // And a read of new events: the hub's position may be behind what was accepted meanwhile.
    this.liveDue = true;
    this.pump();
  }

  private notified(payload: string): void {
    if (payload === '*' || payload === '' || payload.split(',').some((p) => this.projects.has(p)))
      this.readSoon();
  }

  private readSoon(): void {
    if (this.projects.size === 0) return;
    this.liveDue = true;
    this.pump();
  }

  private checkSoon(): void {
    if (this.projects.size === 0) return;
    this.checkDue = true;
    this.pump();
  }

  /** IDLE → READING when there is work; in READING the running turns take it. */
  private pump(): void {
    if (this.mode !== 'idle') return;
    if (!this.liveDue && !this.checkDue && this.joining.length === 0) return;
    this.setMode('reading', ['idle']);
    this.run = this.turns();
  }

  /**
   * Turns until nothing is due: the token check, a page of new events, a batch of catch-up; then
   * READING → IDLE in the same synchronous step that found nothing due, so work asked for just
   * before is never left for the poll.
   */
  private async turns(): Promise<void> {
    try {
      while (this.mode === 'reading') {
        if (this.checkDue) {
          this.checkDue = false;
          await this.checkTokens();
          continue;
        }
        let worked = false;
        if (this.liveDue) {
          this.liveDue = false;
          worked = true;
          try {
            this.liveDue = await this.readNew();
          } catch (e) {
            this.liveDue = true; // the poll tries again
            throw e;
          }
        }
        const sub = this.joining.shift();
        if (sub && this.mode === 'reading') {
          worked = true;
          try {
            await this.catchUp(sub);
          } catch (e) {
            if (sub.state === 'joining') this.joining.unshift(sub);
            throw e;
          }
        }
        if (!worked) break;
        // Let the event loop run between turns: the embedded store answers without one, and a
        // long catch-up would otherwise hold up every request (and the writes) of the process.
        await new Promise((r) => setImmediate(r));
      }
    } catch (e) {
      // The store is unavailable: the poll tries again.
      this.deps.log.warn({ err: (e as Error).message }, 'access-event stream read failed');
    }
    if (this.mode === 'reading') this.setMode('idle', ['reading']);
  }

  /** One batch of a joining stream's backlog; attached once it reaches the hub's position. */
  private async catchUp(sub: Subscriber): Promise<void> {
    if (sub.state !== 'joining') return;
    const head = this.head;
    if (cmp(sub.cursor, head) < 0) {
      const { rows } = await feedRead(this.db, [sub.projectId], sub.cursor, head, this.o.batch);
      const events = await eventsOf(this.db, rows);
      for (const r of rows) this.send(sub, keyOf(r), events.get(`${r.project_id}/${r.event_id}`));
      if (sub.state !== 'joining') return; // closed: too slow, or gone
      if (rows.length === this.o.batch) {
        // More: after the other streams' turns, once its socket has taken most of this batch.
        if (sub.res.writableLength > this.o.maxBufferedBytes / 4) this.park(sub);
        else this.joining.push(sub);
        return;
      }
      // Everything up to the hub's position is written: from here on the hub writes.
      sub.cursor = head;
    }
    sub.move('attached', ['joining']);
  }

  /** JOINING → PARKED until the socket drains, then JOINING again at the end of the line. */
  private park(sub: Subscriber): void {
    sub.move('parked', ['joining']);
    sub.res.once('drain', () => {
      if (sub.state !== 'parked') return;
      sub.move('joining', ['parked']);
      this.joining.push(sub);
      this.pump();
    });
  }

  /**
   * One page of what was accepted after the hub's position, for every project with open streams;
   * true when there may be more.
   */
  private async readNew(): Promise<boolean> {
    const projects = [...this.projects.keys()];
    if (projects.length === 0) return false;
    const { rows, horizon } = await feedRead(this.db, projects, this.head, undefined, this.o.batch);
    let ready = rows.length;
    while (ready > 0 && BigInt(rows[ready - 1]!.tx) >= horizon) ready--;
    const readyRows = ready === rows.length ? rows : rows.slice(0, ready);
    if (readyRows.length > 0) {
      this.fanOutRows(readyRows, await eventsOf(this.db, readyRows));
      this.head = later(this.head, keyOf(readyRows[readyRows.length - 1]!));
    }
    if (ready < rows.length) {
      // Newer rows wait for an older transaction; its COMMIT notifies, this covers one that won't.
      clearTimeout(this.heldTimer);
      this.heldTimer = setTimeout(() => this.readSoon(), this.o.heldRetryMs);
      return false;
    }
    if (rows.length === this.o.batch) return true;
    // Every row of these projects below the horizon is written: the position moves up to it, so
    // a stream that opens or resumes later never reads through what these projects skipped.
    this.head = later(this.head, { tx: horizon, seq: -1 });
    return false;
  }

  /** Per project, the frames of one read; each attached stream takes its project's in one write. */
  private fanOutRows(rows: FeedRow[], events: Map<string, AccessEventRow>): void {
    const byProject = new Map<string, Frame[]>();
    for (const r of rows) {
      const list = byProject.get(r.project_id) ?? [];
      byProject.set(r.project_id, list);
      list.push({ key: keyOf(r), event: events.get(`${r.project_id}/${r.event_id}`) });
    }
    for (const [projectId, frames] of byProject) {
      const subs = this.projects.get(projectId);
      if (subs) this.fanOut(subs, frames);
    }
  }

  /**
   * Writes the frames (one project's, in order) to its attached streams, one write each (one
   * system call instead of one per event and stream).
   */
  private fanOut(subs: Set<Subscriber>, frames: Frame[]): void {
    const last = frames[frames.length - 1]!.key;
    const chunks = new Map<string, string>();
    for (const sub of subs) {
      if (sub.state !== 'attached') continue;
      if (sub.before || cmp(frames[0]!.key, sub.cursor) <= 0) {
        // Still within its snapshot, or resumed ahead of the hub (its last event came from
        // another process): event by event.
        for (const f of frames) this.send(sub, f.key, f.event);
        continue;
      }
      const filter = sub.lockId ?? '';
      let chunk = chunks.get(filter);
      if (chunk === undefined) {
        chunk = frames
          .map((f) => (f.event && (!sub.lockId || f.event.lock_id === sub.lockId) ? frameOf(f.event) : ''))
          .join('');
        chunks.set(filter, chunk);
      }
      sub.cursor = last;
      if (chunk) this.write(sub, chunk);
    }
  }

  private send(sub: Subscriber, key: StreamKey, event: AccessEventRow | undefined): void {
    if (sub.state === 'closed' || cmp(key, sub.cursor) <= 0) return;
    sub.cursor = key;
    if (sub.before) {
      if (key.tx >= sub.before.xmax) sub.before = undefined;
      else if (committedBefore(sub.before, key.tx)) return; // accepted before the stream opened
    }
    // Gone from the log since (erased): nothing to show, the position still moves on.
    if (!event || (sub.lockId && event.lock_id !== sub.lockId)) return;
    this.write(sub, frameOf(event));
  }

  /**
   * Live writes close a stream whose client lets more than maxBufferedBytes wait; catch-up writes
   * do not, because catch-up waits for the socket to drain below a quarter of it between batches.
   */
  private write(sub: Subscriber, text: string): void {
    sub.res.write(text);
    if (sub.state === 'attached' && sub.res.writableLength > this.o.maxBufferedBytes) this.end(sub);
  }

  /**
   * Ends the streams whose token has expired, or whose client, secret generation or grant on the
   * project is gone (one batch for all: a thousand streams of one client are one pair to check).
   */
  private async checkTokens(): Promise<void> {
    const now = Date.now();
    const groups = new Map<string, Subscriber[]>();
    for (const set of this.projects.values())
      for (const sub of set) {
        if (now >= sub.expiresAt) {
          this.end(sub, 'token expired');
          continue;
        }
        // Every row from before it opened is behind the hub now: the snapshot is not needed.
        if (sub.before && sub.state === 'attached' && this.head.tx >= sub.before.xmax) sub.before = undefined;
        const key = `${sub.clientId}|${sub.generation}|${sub.projectId}`;
        const group = groups.get(key);
        if (group) group.push(sub);
        else groups.set(key, [sub]);
      }
    if (groups.size === 0) return;
    const list = [...groups.values()];
    const valid = await this.deps.tokensValid(
      list.map(([s]) => ({ clientId: s!.clientId, generation: s!.generation, projectId: s!.projectId })),
    );
    list.forEach((group, i) => {
      if (!valid[i]) for (const sub of group) this.end(sub, 'token no longer valid');
    });
  }

  /** A comment line on every stream. */
  private beat(): void {
    for (const set of this.projects.values()) for (const sub of set) sub.res.write(': keep-alive\n\n');
  }

  /** Ends a stream, saying why in a comment line when there is a reason a client can act on. */
  private end(sub: Subscriber, reason?: string): void {
    if (sub.state === 'closed') return;
    this.drop(sub);
    if (reason) sub.res.end(`: ${reason}\n\n`);
    else sub.res.end();
  }

  private drop(sub: Subscriber): void {
    if (sub.state === 'closed') return;
    sub.move('closed', ['joining', 'parked', 'attached']);
    const set = this.projects.get(sub.projectId);
    set?.delete(sub);
    if (set?.size === 0) this.projects.delete(sub.projectId);
    decrement(this.byClient, sub.clientId);
    decrement(this.byAddress, sub.address);
  }

  /** Any mode → CLOSED: ends every stream (clients reconnect elsewhere) and stops listening. */
  async close(): Promise<void> {
    this.setMode('closed', ['stopped', 'starting', 'idle', 'reading', 'closed']);
    for (const set of [...this.projects.values()]) for (const sub of [...set]) this.end(sub);
    this.joining.length = 0;
    await this.starting?.catch(() => {});
    for (const t of this.timers.splice(0)) clearInterval(t);
    clearTimeout(this.heldTimer);
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.run;
    await this.unlisten?.().catch(() => {});
    this.unlisten = undefined;
  }
}

function decrement(counts: Map<string, number>, key: string): void {
  const n = (counts.get(key) ?? 1) - 1;
  if (n <= 0) counts.delete(key);
  else counts.set(key, n);
}
