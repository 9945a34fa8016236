// The activity summary's reads: the counts (migrations 0104 to 0107, kept by fold.ts) plus what the
// fold has not reached yet: the project's feed rows past its position, and its pending attempts.
// Both are small (a few seconds of traffic), so a read costs a few index ranges whatever the
// project's size.
import type { Queryable } from '../../db/db.ts';
import { DAY_MS, HOUR_MS } from '../../time/durations.ts';

/** Locks listed per hour: that hour's busiest. Older hours keep as many (activity_lock_hours_kept()). */
export const BUSIEST_LOCKS = 5;
/** Webhooks listed: those with the most attempts in the period. */
export const BUSIEST_WEBHOOKS = 20;

// One statement, so one snapshot: an attempt the fold moves meanwhile is counted once, as pending
// or as folded, without a REPEATABLE READ transaction around three statements (six round trips to
// the server instead of one; under load each is a turn of the event loop that other requests'
// work can take first). Its parameters:
//   $1 project, $2..$3 the period, $4 locks listed per hour, $5 webhooks listed,
//   $6 the period's first day (UTC), $7 its last day, $8 hours of the first day before the period,
//   $9 hours of the last day in it, $10..$11 the whole days in the period (none: both the period's
//   end), and only when ranked from the totals across days (0106), $12 and $13: the first and last
//   day's numbers (days since 1970-01-01).

// The project's access events past its folded position, per hour and lock: a function, so that its
// join against the day partitions is planned once per connection.
const TAIL = 'tail AS MATERIALIZED (SELECT * FROM activity_event_tail($1, $2, $3))';

// The project's attempts not folded yet.
const PENDING = `pending AS MATERIALIZED (
  SELECT p.webhook_id, date_trunc('hour', p.at, 'UTC') AS hour, p.response_status,
         activity_duration_bucket(p.duration_ms) AS bucket
    FROM activity_attempts_pending p JOIN webhooks w ON w.id = p.webhook_id AND w.project_id = $1
   WHERE p.at >= $2 AND p.at < $3)`;

// The hours' and the busiest locks' entries are written by the statement as the answer's JSON text,
// in its field names, and the route passes them on as they are: for 30 days that is 720 hours and
// ~3,500 locks (~465 KB), which cost more to parse into objects, map, and serialize again than
// the statement took to read them (docs/performance.md, "The 30-day summary as JSON text").
// Every value is a number, a uuid, a name JSON-quoted by to_json(), or an ISO 8601 hour below.

/**
 * An hour (timestamptz) as JSON, as Date.toISOString() writes it: to_json() writes a timestamp in
 * ISO 8601 whatever the server's DateStyle, without fractional seconds when it has none (an hour
 * has none). Half the cost of to_char(), which was ~1.4 ms of 30 days' ~3,500 locks.
 */
const isoHour = (col: string) => `rtrim(to_json(${col} AT TIME ZONE 'UTC')::text, '"') || '.000Z"'`;

/**
 * A JSON array of `entry` over the rows of `rows` named `alias`, in `order`. The rows are sorted
 * before the entries are written: sorting inside string_agg carried each written entry through the
 * sort. An aggregate takes a sorted subquery's rows in their order when its own level has no join
 * or grouping that could reorder them, as here (PostgreSQL's documentation, "Aggregate
 * Expressions"); the tests check the order. string_agg, as json_agg adds a line break per row.
 */
const jsonArray = (entry: string, rows: string, alias: string, order: string) =>
  `(SELECT coalesce('[' || string_agg(${entry}, ',') || ']', '[]') FROM (SELECT * FROM ${rows} ORDER BY ${order}) ${alias})`;

const HOUR_ENTRY = `'{"hour":' || ${isoHour('h.hour')} || ',"accessEvents":' || h.events
  || ',"attempts":{"succeeded":' || h.succeeded || ',"failed":' || h.failed
  || ',"unanswered":' || h.unanswered || '}}'`;

const PER_HOUR = `per_hour AS (
  SELECT hour, sum(events)::int AS events, sum(succeeded)::int AS succeeded, sum(failed)::int AS failed,
         sum(unanswered)::int AS unanswered
    FROM (SELECT hour, events, succeeded, failed, unanswered FROM activity_hours
           WHERE project_id = $1 AND hour >= $2 AND hour < $3
          UNION ALL
          SELECT hour, sum(events), 0, 0, 0 FROM tail GROUP BY hour
          UNION ALL
          SELECT hour, 0, count(*) FILTER (WHERE response_status BETWEEN 200 AND 299),
                 count(*) FILTER (WHERE response_status NOT BETWEEN 200 AND 299),
                 count(*) FILTER (WHERE response_status IS NULL)
            FROM pending GROUP BY hour) x
   GROUP BY hour
  HAVING sum(events) > 0 OR sum(succeeded + failed + unanswered) > 0)`;

const LOCK_ENTRY = `'{"hour":' || ${isoHour('l.hour')} || ',"lockId":"' || l.lock_id
  || '","lockName":' || to_json(l.lock_name) || ',"accessEvents":' || l.events || '}'`;

/**
 * Each hour's busiest locks. A lock the tail adds to can only climb, so the busiest of an hour are
 * among its folded busiest and the tail's locks. An hour the tail does not add to keeps its folded
 * busiest as they are: its first rows of the index, already in order. Only the few hours the tail
 * adds to are merged and ranked again, from those rows, the folded counts of the tail's locks and
 * the tail. (Ranking every hour again cost a sort, a grouping and a window over every row: ~6 of the
 * 15 ms this part took for 30 days of the largest tenant, 3,490 rows.) An hour the cut has reached
 * (activityLockHoursCompact) holds no more rows than are listed (activity_lock_hours_kept(), the
 * days test checks it is BUSIEST_LOCKS), so those hours are read as one range of the index instead
 * of a search per hour: 30 days are ~670 such hours and ~50 newer ones.
 */
const BUSIEST_LOCKS_SQL = `detail AS ( -- an older hour ranks only the locks it kept, as the fold adds to those alone
  SELECT * FROM tail t
   WHERE t.hour >= activity_lock_detail_from()
      OR EXISTS (SELECT 1 FROM activity_lock_hours l
                  WHERE l.project_id = $1 AND l.hour = t.hour AND l.lock_id = t.lock_id)
), cut AS (SELECT coalesce((SELECT through FROM activity_lock_hours_compacted), '-infinity') AS through
), folded AS ( -- hours the cut reached hold their busiest locks alone: one range of the index
  (SELECT l.hour, l.lock_id, l.lock_name, l.events
     FROM activity_lock_hours l -- (the cut's position as a value, so that it bounds the index range)
    WHERE l.project_id = $1 AND l.hour >= $2 AND l.hour < least($3, (SELECT through FROM cut)) AND l.events > 0
    -- Never reached: it tells the planner what it cannot know, that this is at most $4 rows an hour
    -- (without it, it expected ~110,000 rows at 50,000,000 events, and the statement's estimated
    -- cost passed jit_above_cost: 92 ms of JIT compilation for a 15 ms statement).
    LIMIT $4 * ceil(extract(epoch FROM $3::timestamptz - $2::timestamptz) / 3600)::int)
  UNION ALL -- the newer hours hold every lock: the first rows of each hour's range
  SELECT l.hour, l.lock_id, l.lock_name, l.events
    FROM cut, activity_hours h
    CROSS JOIN LATERAL (
      SELECT hour, lock_id, lock_name, events FROM activity_lock_hours
       WHERE project_id = $1 AND hour = h.hour AND events > 0
       ORDER BY events DESC, lock_id LIMIT $4) l
   WHERE h.project_id = $1 AND h.hour >= greatest($2, cut.through) AND h.hour < $3 AND h.events > 0
), candidates AS (
  SELECT * FROM folded WHERE hour IN (SELECT hour FROM detail)
  UNION
  SELECT l.hour, l.lock_id, l.lock_name, l.events
    FROM detail t JOIN activity_lock_hours l ON l.project_id = $1 AND l.hour = t.hour AND l.lock_id = t.lock_id
), merged AS ( -- the tail's name is the newer one, should the lock have been renamed meanwhile
  SELECT hour, lock_id, (array_agg(lock_name ORDER BY newer DESC))[1] AS lock_name,
         sum(events)::int AS events
    FROM (SELECT *, false AS newer FROM candidates
          UNION ALL SELECT hour, lock_id, lock_name, events, true FROM detail) x
   GROUP BY hour, lock_id
), busiest_locks AS (
  SELECT * FROM folded f WHERE NOT EXISTS (SELECT 1 FROM detail d WHERE d.hour = f.hour)
  UNION ALL
  SELECT hour, lock_id, lock_name, events
    FROM (SELECT *, row_number() OVER (PARTITION BY hour ORDER BY events DESC, lock_id) AS n FROM merged) m
   WHERE n <= $4 AND events > 0
)`;

export interface WebhookRow {
  webhook_id: string;
  url: string;
  attempts: number;
  failed: number;
  /** [bucket, attempts] in bucket order (activity_duration_bucket). */
  buckets: [number, number][];
}

/**
 * A count of the period from a day's running totals (activity_webhook_days, migration 0105):
 * total[e] - total[s] (element i holds the day's first i hours). Only the first day ($6) starts
 * later than hour 0, at its hour $8 (0: nothing to take off); only the last ($7) ends before hour
 * 24, after its $9 hours. Worked out once per read, not per row: computing them per row with
 * extract() cost ~3 of the statement's 7 ms over the largest tenant's 3,458 rows.
 */
const periodCount = (col: string) =>
  `d.${col}[CASE WHEN d.day = $7 THEN $9 ELSE 24 END] - CASE WHEN d.day = $6 AND $8 > 0 THEN d.${col}[$8] ELSE 0 END`;
const PERIOD_DAYS = "d.day > $2::timestamptz - interval '1 day' AND d.day < $3";

/** Each webhook's attempts in the period, from the day rows of every day it touches. */
const ATTEMPTS_BY_DAYS = `SELECT d.webhook_id, ${periodCount('attempts')} AS attempts
  FROM activity_webhook_days d
 WHERE d.project_id = $1 AND ${PERIOD_DAYS}`;

/**
 * The same from running totals across days (activity_webhook_totals, migration 0106): the totals
 * through the end of the day before the last day ($13) less those before the first day ($12), plus
 * the last day's first $9 hours, less the first day's first $8. A row per webhook plus the two days'
 * rows, whatever the period's length: read for periods over three days or more, where that is fewer
 * rows than a row per webhook and day.
 */
const ATTEMPTS_BY_TOTALS = `SELECT t.webhook_id,
       activity_ring_at(t.ends, t.last_day, $13 - 1) - activity_ring_at(t.ends, t.last_day, $12 - 1) AS attempts
  FROM activity_webhook_totals t WHERE t.project_id = $1
UNION ALL
SELECT d.webhook_id, d.attempts[$9] FROM activity_webhook_days d WHERE d.project_id = $1 AND d.day = $7
UNION ALL
SELECT d.webhook_id, -d.attempts[$8] FROM activity_webhook_days d WHERE d.project_id = $1 AND d.day = $6 AND $8 > 0`;

/** Days a period must span for the busiest webhooks to be ranked from the running totals across days. */
const TOTALS_FROM_DAYS = 3;

/**
 * The busiest webhooks over the period, with their attempts' duration buckets. Ranked by attempts
 * alone; the failed count is read for the winners only. The project's day rows come from a covering
 * index (0105), without a visit to the table, whose rows of one project are spread over as many
 * pages as the project has webhooks. The buckets of the period's whole days come from a row per
 * webhook, day and bucket (0107), those of the hours before and after them from the hourly rows:
 * two ranges, so that each is one range of the hourly rows' index.
 */
const busiestWebhooksSql = (byTotals: boolean) => `top AS (
  SELECT webhook_id, sum(attempts)::int AS attempts
    FROM (${byTotals ? ATTEMPTS_BY_TOTALS : ATTEMPTS_BY_DAYS}
          UNION ALL
          SELECT webhook_id, count(*) FROM pending GROUP BY webhook_id) x
   GROUP BY webhook_id
   ORDER BY attempts DESC, webhook_id LIMIT $5
), failed AS (
  SELECT webhook_id, sum(failed)::int AS failed
    FROM (SELECT d.webhook_id, ${periodCount('failed')} AS failed
            FROM top JOIN activity_webhook_days d ON d.webhook_id = top.webhook_id AND ${PERIOD_DAYS}
          UNION ALL
          SELECT webhook_id,
                 count(*) FILTER (WHERE response_status IS NULL OR response_status NOT BETWEEN 200 AND 299)
            FROM pending WHERE webhook_id IN (SELECT webhook_id FROM top) GROUP BY webhook_id) y
   GROUP BY webhook_id
), buckets AS (
  SELECT webhook_id, bucket, sum(attempts)::int AS attempts
    FROM (SELECT d.webhook_id, d.bucket, d.attempts
            FROM top JOIN activity_webhook_durations d
              ON d.webhook_id = top.webhook_id AND d.hour >= $2 AND d.hour < $10
          UNION ALL
          SELECT d.webhook_id, d.bucket, d.attempts
            FROM top JOIN activity_webhook_day_durations d
              ON d.webhook_id = top.webhook_id AND d.day >= $10 AND d.day < $11
          UNION ALL
          SELECT d.webhook_id, d.bucket, d.attempts
            FROM top JOIN activity_webhook_durations d
              ON d.webhook_id = top.webhook_id AND d.hour >= $11 AND d.hour < $3
          UNION ALL
          SELECT webhook_id, bucket, 1 FROM pending WHERE webhook_id IN (SELECT webhook_id FROM top)) y
   GROUP BY 1, 2
), busiest_webhooks AS (
  SELECT top.webhook_id, w.url_display AS url, top.attempts, coalesce(f.failed, 0) AS failed,
         (SELECT json_agg(json_build_array(b.bucket, b.attempts) ORDER BY b.bucket)
            FROM buckets b WHERE b.webhook_id = top.webhook_id) AS buckets
    FROM top JOIN webhooks w ON w.id = top.webhook_id LEFT JOIN failed f ON f.webhook_id = top.webhook_id
   WHERE top.attempts > 0
)`;

/** The period of the last `hours` whole hours, up to the end of the current hour (UTC). */
export function activitySummaryPeriod(hours: number, now = Date.now()): { from: Date; to: Date } {
  const to = new Date((Math.floor(now / HOUR_MS) + 1) * HOUR_MS);
  return { from: new Date(to.getTime() - hours * HOUR_MS), to };
}

/** The summary's one statement and its parameters (activitySummaryRead runs it; bench:activity-summary explains it). */
export function activitySummaryStatement(projectId: string, from: Date, to: Date) {
  const firstDay = Math.floor(from.getTime() / DAY_MS);
  const lastDay = Math.floor((to.getTime() - 1) / DAY_MS);
  const byTotals = lastDay - firstDay + 1 >= TOTALS_FROM_DAYS;
  // The whole days inside the period; none: both its end, so the hours before them are all of it.
  const wholeFrom = Math.ceil(from.getTime() / DAY_MS) * DAY_MS;
  const wholeTo = Math.floor(to.getTime() / DAY_MS) * DAY_MS;
  const whole = wholeFrom < wholeTo ? [new Date(wholeFrom), new Date(wholeTo)] : [to, to];
  return {
    text: `WITH ${TAIL}, ${PENDING}, ${PER_HOUR}, ${BUSIEST_LOCKS_SQL}, ${busiestWebhooksSql(byTotals)}
     SELECT ${jsonArray(HOUR_ENTRY, 'per_hour', 'h', 'hour')} AS hours,
            ${jsonArray(LOCK_ENTRY, 'busiest_locks', 'l', 'hour, events DESC, lock_id')} AS locks,
            (SELECT coalesce(json_agg(w ORDER BY w.attempts DESC, w.webhook_id), '[]') FROM busiest_webhooks w) AS webhooks`,
    values: [
      projectId,
      from,
      to,
      BUSIEST_LOCKS,
      BUSIEST_WEBHOOKS,
      new Date(firstDay * DAY_MS),
      new Date(lastDay * DAY_MS),
      Math.floor((from.getTime() - firstDay * DAY_MS) / HOUR_MS),
      Math.min(24, Math.floor((to.getTime() - lastDay * DAY_MS) / HOUR_MS)),
      ...whole,
      ...(byTotals ? [firstDay, lastDay] : []),
    ],
  };
}

export async function activitySummaryRead(db: Queryable, projectId: string, from: Date, to: Date) {
  const { text, values } = activitySummaryStatement(projectId, from, to);
  const { rows } = await db.query<{
    /** The answer's `perHour` as JSON text. */
    hours: string;
    /** The answer's `busiestLocks` as JSON text. */
    locks: string;
    webhooks: WebhookRow[];
  }>(text, values);
  return rows[0]!;
}

/** The duration a bucket stands for: 0, or the geometric middle of [1.1^(b-1), 1.1^b) ms. */
const bucketMs = (b: number) => (b === 0 ? 0 : Math.round(1.1 ** (b - 0.5)));

/** The nearest-rank percentile `p` (0..1] of bucketed durations, within 5% of the exact one before rounding to whole ms. */
export function bucketPercentile(buckets: readonly [number, number][], p: number): number | null {
  const total = buckets.reduce((n, [, c]) => n + c, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const [b, c] of buckets) {
    seen += c;
    if (seen >= rank) return bucketMs(b);
  }
  return bucketMs(buckets[buckets.length - 1]![0]);
}
