// The live access-event stream (Server-Sent Events). One hub per process: it LISTENs on the store's
// one listening connection, and on each NOTIFY (and a poll, for NOTIFYs lost while that connection
// reconnects) reads what was accepted after its position in the stream's order and writes each
// event to every open stream of that process that wants it.
//
// The order is access_event_feed's (tx_id, seq): the accepting transaction's id, then the upload's
// order. A read takes only rows whose transaction is older than every transaction still running
// (pg_snapshot_xmin), so no row can appear later before one already read: resuming after an event
// id (Last-Event-ID) reads the same order from the store and misses nothing, whichever process
// served the earlier connection. Rows of a newer transaction that committed while an older one is
// still running wait for it (the older one's COMMIT notifies; a short retry covers one that does
// not, such as a transaction that wrote no event).
//
// All reads of the hub run one at a time (the pump): a new stream catches up from its position to
// the hub's, one page per turn, and is attached in the same turn, so no event falls between the two.
// Per stream the hub keeps a cursor, a filter and the response; a client too slow to take what is
// written is disconnected (it resumes from the log) rather than buffered without bound.
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/db.ts';
import { ACCESS_EVENTS_CHANNEL } from '../app/event-queries.ts';
import { presentAccessEvent } from './present.ts';
import { ACCESS_EVENT_COLUMNS, type AccessEventRow } from './queries.ts';

/** A position in the stream's order: after this row. */
export interface StreamKey {
  tx: bigint;
  seq: number;
}

const cmp = (a: StreamKey, b: StreamKey) => (a.tx < b.tx ? -1 : a.tx > b.tx ? 1 : a.seq - b.seq);

interface FeedRow {
  tx: string;
  seq: number;
  event_id: string;
  project_id: string;
  created: Date;
  horizon: string;
}

/** Feed rows of the projects after `after` (and at most `upTo`), in the stream's order. */
async function feedRead(
  db: Queryable,
  projects: string[],
  after: StreamKey,
  upTo: StreamKey | undefined,
  limit: number,
): Promise<FeedRow[]> {
  const params: unknown[] = [projects, after.tx.toString(), after.seq, limit];
  let bound = '';
  if (upTo) {
    params.push(upTo.tx.toString(), upTo.seq);
    bound = 'AND (tx_id, seq) <= ($5::xid8, $6::bigint)';
  }
  const { rows } = await db.query<FeedRow>(
    `SELECT tx_id::text AS tx, seq, event_id, project_id, created,
            pg_snapshot_xmin(pg_current_snapshot())::text AS horizon
       FROM access_event_feed
      WHERE project_id = ANY($1::uuid[]) AND (tx_id, seq) > ($2::xid8, $3::bigint) ${bound}
      ORDER BY tx_id, seq LIMIT $4`,
    params,
  );
  return rows;
}

/** The events of feed rows (one index lookup each; the day partitions of their `created` only). */
async function eventsOf(db: Queryable, rows: FeedRow[]): Promise<Map<string, AccessEventRow>> {
  if (rows.length === 0) return new Map();
  let lo = rows[0]!.created;
  let hi = lo;
  for (const r of rows) {
    if (r.created < lo) lo = r.created;
    if (r.created > hi) hi = r.created;
  }
  const { rows: events } = await db.query<AccessEventRow & { project_id: string }>(
    `SELECT ${ACCESS_EVENT_COLUMNS}, project_id FROM access_events
      WHERE id = ANY($1::uuid[]) AND project_id = ANY($2::uuid[]) AND created >= $3 AND created <= $4`,
    [rows.map((r) => r.event_id), [...new Set(rows.map((r) => r.project_id))], lo, hi],
  );
  // Keyed by project and id: upload ids are one namespace per project, so two projects may each
  // have an event with this id, and a stream must only ever see its own project's.
  return new Map(events.map((e) => [`${e.project_id}/${e.id}`, e]));
}

/** The stream position of an event of the project, or undefined when it is not in the window. */
export async function streamKeyOf(
  db: Queryable,
  projectId: string,
  eventId: string,
): Promise<StreamKey | undefined> {
  const { rows } = await db.query<{ tx: string; seq: number }>(
    'SELECT tx_id::text AS tx, seq FROM access_event_feed WHERE event_id = $1 AND project_id = $2',
    [eventId, projectId],
  );
  const r = rows[0];
  return r ? { tx: BigInt(r.tx), seq: Number(r.seq) } : undefined;
}

interface Frame {
  key: StreamKey;
  /** Undefined when the event is gone from the log (erased): the position still moves on. */
  event: AccessEventRow | undefined;
}

const frameOf = (e: AccessEventRow) =>
  `id: ${e.id}\nevent: accessEvent\ndata: ${JSON.stringify(presentAccessEvent(e))}\n\n`;

export interface StreamOptions {
  /** A comment line is written to every stream at least this often. */
  heartbeatMs: number;
  /** Read even without a NOTIFY this often while streams are open (lost NOTIFYs). */
  pollMs?: number;
  /** Retry after this long when newer rows wait for an older transaction. */
  heldRetryMs?: number;
  /** A stream whose unsent output exceeds this is closed (the client resumes with Last-Event-ID). */
  maxBufferedBytes?: number;
  /** Rows per read. */
  pageSize?: number;
}

/** One open stream. Kept small: a few fields and the response. */
class Subscriber {
  /** Unset until attached without Last-Event-ID: then the hub's position. */
  cursor: StreamKey | undefined;
  attached = false;
  closed = false;
  constructor(
    readonly projectId: string,
    readonly lockId: string | undefined,
    readonly res: ServerResponse,
    /** When the token that opened it expires (ms). */
    readonly expiresAt: number,
  ) {}
}

export class AccessEventStreams {
  private readonly o: Required<StreamOptions>;
  private readonly projects = new Map<string, Set<Subscriber>>();
  private readonly joining: Subscriber[] = [];
  private head: StreamKey | undefined;
  private starting: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private pumping = false;
  private dirty = false;
  private closed = false;
  private poll: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private heldTimer: NodeJS.Timeout | undefined;
  private idle: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    options: StreamOptions,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.o = { pollMs: 1000, heldRetryMs: 20, maxBufferedBytes: 1 << 20, pageSize: 500, ...options };
  }

  /** Open streams in this process. */
  get size(): number {
    let n = 0;
    for (const s of this.projects.values()) n += s.size;
    return n;
  }

  /** Starts the hub (LISTEN, its position) once; call before open(). */
  async ready(): Promise<void> {
    this.starting ??= (async () => {
      // LISTEN first: whatever commits after the position read below also wakes the hub.
      this.unlisten = await this.db.listen(ACCESS_EVENTS_CHANNEL, (payload) => this.notified(payload));
      const { rows } = await this.db.query<{ h: string }>(
        'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS h',
      );
      // Every row of an older transaction is final; rows of this one or newer are all still to come.
      this.head = { tx: BigInt(rows[0]!.h), seq: -1 };
      this.poll = setInterval(() => this.wake(), this.o.pollMs);
      this.poll.unref();
      this.heartbeat = setInterval(() => this.beat(), this.o.heartbeatMs);
      this.heartbeat.unref();
    })();
    try {
      await this.starting;
    } catch (e) {
      this.starting = undefined;
      await this.unlisten?.().catch(() => {});
      this.unlisten = undefined;
      throw e;
    }
  }

  /**
   * Opens a stream on `res` (headers already sent): after `from` (Last-Event-ID's position), or
   * from now. Synchronous after ready(), so a count() checked just before still holds.
   */
  open(o: {
    projectId: string;
    lockId?: string;
    from?: StreamKey;
    res: ServerResponse;
    expiresAt: number;
  }): void {
    if (this.closed || !this.head) throw new Error('stream hub is not running');
    const sub = new Subscriber(o.projectId, o.lockId, o.res, o.expiresAt);
    sub.cursor = o.from;
    const set = this.projects.get(o.projectId) ?? new Set<Subscriber>();
    this.projects.set(o.projectId, set);
    set.add(sub);
    o.res.on('close', () => this.drop(sub));
    this.joining.push(sub);
    this.wake();
  }

  /** Number of open streams of a project in this process. */
  count(projectId: string): number {
    return this.projects.get(projectId)?.size ?? 0;
  }

  private notified(payload: string): void {
    if (payload === '*' || payload === '' || payload.split(',').some((p) => this.projects.has(p)))
      this.wake();
  }

  private wake(): void {
    if (this.closed || this.projects.size === 0) return;
    this.dirty = true;
    if (this.pumping) return;
    this.pumping = true;
    this.idle = this.pump().finally(() => {
      this.pumping = false;
    });
  }

  private async pump(): Promise<void> {
    while (!this.closed && (this.dirty || this.joining.length > 0)) {
      try {
        const sub = this.joining[0];
        if (sub) {
          await this.catchUp(sub);
          this.joining.shift();
        } else {
          this.dirty = false;
          await this.readNew();
        }
      } catch (e) {
        // The store is unavailable: the poll tries again.
        this.log.warn({ err: (e as Error).message }, 'access-event stream read failed');
        return;
      }
    }
  }

  /** One page of a joining stream's backlog; attached once it reaches the hub's position. */
  private async catchUp(sub: Subscriber): Promise<void> {
    if (sub.closed) return;
    const head = this.head!;
    if (sub.cursor === undefined || cmp(sub.cursor, head) >= 0) {
      sub.cursor ??= head;
      sub.attached = true;
      return;
    }
    const rows = await feedRead(this.db, [sub.projectId], sub.cursor, head, this.o.pageSize);
    const events = await eventsOf(this.db, rows);
    for (const r of rows)
      this.send(sub, { tx: BigInt(r.tx), seq: Number(r.seq) }, events.get(`${r.project_id}/${r.event_id}`));
    if (rows.length < this.o.pageSize) {
      // Everything up to the hub's position is written: from here on the hub writes.
      sub.cursor = head;
      sub.attached = !sub.closed;
    } else if (!sub.closed) this.joining.push(sub); // more: after the others' turns (pump shifts this turn)
  }

  /** What was accepted after the hub's position, for every project with open streams. */
  private async readNew(): Promise<void> {
    const projects = [...this.projects.keys()];
    if (projects.length === 0) return;
    for (;;) {
      const rows = await feedRead(this.db, projects, this.head!, undefined, this.o.pageSize);
      if (rows.length === 0) return;
      const horizon = BigInt(rows[0]!.horizon);
      const ready = rows.filter((r) => BigInt(r.tx) < horizon);
      const events = await eventsOf(this.db, ready);
      // Per project, the frames of this read; a stream takes them in one write (one syscall
      // instead of one per event: at 500 events/s and 100 streams that is the difference).
      const byProject = new Map<string, Frame[]>();
      for (const r of ready) {
        const list = byProject.get(r.project_id) ?? [];
        byProject.set(r.project_id, list);
        list.push({
          key: { tx: BigInt(r.tx), seq: Number(r.seq) },
          event: events.get(`${r.project_id}/${r.event_id}`),
        });
      }
      for (const [projectId, frames] of byProject) {
        const subs = this.projects.get(projectId);
        if (subs) this.fanOut(subs, frames);
      }
      if (ready.length > 0) {
        const r = ready[ready.length - 1]!;
        this.head = { tx: BigInt(r.tx), seq: Number(r.seq) };
      }
      if (ready.length < rows.length) {
        // Newer rows wait for an older transaction; its COMMIT notifies, this covers one that won't.
        clearTimeout(this.heldTimer);
        this.heldTimer = setTimeout(() => this.wake(), this.o.heldRetryMs);
        return;
      }
      if (rows.length < this.o.pageSize) return;
    }
  }

  /** Writes the frames (one project's, in order) to its attached streams, one write each. */
  private fanOut(subs: Set<Subscriber>, frames: Frame[]): void {
    const last = frames[frames.length - 1]!.key;
    const chunks = new Map<string, string>();
    for (const sub of subs) {
      if (!sub.attached || sub.closed) continue;
      if (sub.cursor && cmp(frames[0]!.key, sub.cursor) <= 0) {
        // Resumed ahead of the hub (its last event came from another process): event by event.
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
    if (sub.closed || (sub.cursor && cmp(key, sub.cursor) <= 0)) return;
    sub.cursor = key;
    // Gone from the log since (erased): nothing to show, the position still moves on.
    if (!event || (sub.lockId && event.lock_id !== sub.lockId)) return;
    this.write(sub, frameOf(event));
  }

  private write(sub: Subscriber, text: string): void {
    sub.res.write(text);
    if (sub.res.writableLength > this.o.maxBufferedBytes) this.end(sub);
  }

  /** A comment line on every stream; streams whose token has expired are closed. */
  private beat(): void {
    const now = Date.now();
    for (const set of this.projects.values())
      for (const sub of set) {
        if (now >= sub.expiresAt) this.end(sub);
        else sub.res.write(': keep-alive\n\n');
      }
  }

  private end(sub: Subscriber): void {
    this.drop(sub);
    sub.res.end();
  }

  private drop(sub: Subscriber): void {
    if (sub.closed) return;
    sub.closed = true;
    const set = this.projects.get(sub.projectId);
    set?.delete(sub);
    if (set?.size === 0) this.projects.delete(sub.projectId);
  }

  /** Ends every stream (clients reconnect elsewhere with Last-Event-ID) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.poll);
    clearInterval(this.heartbeat);
    clearTimeout(this.heldTimer);
    for (const set of [...this.projects.values()]) for (const sub of [...set]) this.end(sub);
    this.joining.length = 0;
    await this.idle.catch(() => {});
    await this.unlisten?.().catch(() => {});
  }
}
