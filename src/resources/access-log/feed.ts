// The live stream's order and the reads of it. Every accepted event has a row in access_event_feed
// keyed (tx_id, seq): the accepting transaction's id, then the upload's order. A read takes only
// rows whose transaction is older than every transaction still running (the horizon,
// pg_snapshot_xmin), so no row can later appear before one already read: the order read from the
// store is the same in every process and at every time, which is what makes resuming exact.
import type { Queryable } from '../../db/db.ts';
import { ACCESS_EVENT_COLUMNS, type AccessEventRow } from './queries.ts';

/** A position in the stream's order: after this row. */
export interface StreamKey {
  tx: bigint;
  seq: number;
}

export const cmp = (a: StreamKey, b: StreamKey) => (a.tx < b.tx ? -1 : a.tx > b.tx ? 1 : a.seq - b.seq);

export const later = (a: StreamKey, b: StreamKey) => (cmp(a, b) >= 0 ? a : b);

/**
 * The transactions a new stream's snapshot saw committed at or above its starting position: their
 * events were accepted before the stream opened. Those at or above `xmax` and those in `running`
 * were not committed yet, so their events are the stream's.
 */
export interface Before {
  xmax: bigint;
  running: bigint[];
}

/** Was the transaction committed when the snapshot was taken? (Only asked at or above its xmin.) */
export const committedBefore = (b: Before, tx: bigint) => tx < b.xmax && !b.running.includes(tx);

/** Where a stream starts: after `key`, leaving out the transactions of `before` when set. */
export interface StreamStart {
  key: StreamKey;
  before?: Before;
  /** A snapshot's position (streamNow): every row before it is final. */
  now?: true;
}

/**
 * Now, as a position: after every transaction that had ended (the snapshot's xmin), leaving out
 * those between it and xmax that had committed. A stream starting here carries exactly the events
 * accepted after this query ran, whichever process accepts them.
 */
export async function streamNow(db: Queryable): Promise<StreamStart> {
  const { rows } = await db.query<{ s: string }>('SELECT pg_current_snapshot()::text AS s');
  const [xmin, xmax, running] = rows[0]!.s.split(':') as [string, string, string];
  const key = { tx: BigInt(xmin), seq: -1 };
  // No transaction between xmin and xmax: nothing at or above the position is from before.
  if (xmin === xmax) return { key, now: true };
  return {
    key,
    before: { xmax: BigInt(xmax), running: running ? running.split(',').map(BigInt) : [] },
    now: true,
  };
}

export interface FeedRow {
  tx: string;
  seq: number;
  event_id: string;
  project_id: string;
  created: Date;
}

export const keyOf = (r: FeedRow): StreamKey => ({ tx: BigInt(r.tx), seq: Number(r.seq) });

/**
 * Feed rows of the projects after `after` (and at most `upTo`), in the stream's order, with the
 * horizon of the same snapshot: rows of transactions at or above it may still be joined by rows
 * that sort before them, so they are not final yet.
 */
export async function feedRead(
  db: Queryable,
  projects: string[],
  after: StreamKey,
  upTo: StreamKey | undefined,
  limit: number,
): Promise<{ rows: FeedRow[]; horizon: bigint }> {
  // One project (a catch-up, or a hub serving one project) as `=`: the index then yields the rows
  // in order and the LIMIT stops the scan; `= ANY` reads every row after the position and sorts
  // them, which for a catch-up 20,000 events back is 20,000 rows per batch of 500.
  const one = projects.length === 1;
  const params: unknown[] = [one ? projects[0] : projects, after.tx.toString(), after.seq, limit];
  let bound = '';
  if (upTo) {
    params.push(upTo.tx.toString(), upTo.seq);
    bound = 'AND (tx_id, seq) <= ($5::xid8, $6::bigint)';
  }
  // One row even when the feed has none: the horizon alone moves a quiet hub's position on.
  const { rows } = await db.query<{ [K in keyof FeedRow]: FeedRow[K] | null } & { horizon: string }>(
    `SELECT h.horizon, f.tx_id::text AS tx, f.seq, f.event_id, f.project_id, f.created
       FROM (SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon) h
       LEFT JOIN LATERAL (
         SELECT tx_id, seq, event_id, project_id, created FROM access_event_feed
          WHERE ${one ? 'project_id = $1::uuid' : 'project_id = ANY($1::uuid[])'}
            AND (tx_id, seq) > ($2::xid8, $3::bigint) ${bound}
          ORDER BY tx_id, seq LIMIT $4) f ON true
      ORDER BY f.tx_id, f.seq`,
    params,
  );
  const horizon = BigInt(rows[0]!.horizon);
  return { rows: rows[0]!.tx === null ? [] : (rows as FeedRow[]), horizon };
}

/** The events of feed rows (one index lookup each; the day partitions of their `created` only). */
export async function eventsOf(db: Queryable, rows: FeedRow[]): Promise<Map<string, AccessEventRow>> {
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
