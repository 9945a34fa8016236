// Pictures of the last 24 hours: access events per hour by lock (each hour's busiest locks, and
// the rest as one part), attempts per hour by outcome, and attempt latency of the busiest webhooks.
// The service counts (GET …/activity-summary); the console only draws, all three at once when the
// counts arrive, so nothing moves under the reader.
import { HBars, type Stack, StackedBars } from '../charts.tsx';
import { useLoad } from '../hooks.ts';
import type { TabProps } from '../tab.ts';
import { ErrorLine } from '../ui.tsx';

const HOUR = 3_600_000;
const HOURS = 24;
const OUTCOME_COLORS: ReadonlyMap<string, string> = new Map([
  ['succeeded', '#137333'],
  ['failed', '#b42318'],
  ['unanswered', '#e07b00'],
]);
/** The part of an hour's access events outside its busiest locks. */
const OTHER_LOCKS = 'other locks';

/** One stack per hour of the summary (oldest first), labelled with the hour in the browser's time. */
function emptyStacks(from: string): Stack[] {
  const first = Date.parse(from);
  return Array.from({ length: HOURS }, (_, i) => ({
    label: `${String(new Date(first + i * HOUR).getHours()).padStart(2, '0')}:00`,
    parts: new Map<string, number>(),
  }));
}

function fill(
  stacks: Stack[],
  from: string,
  rows: { hour: string; series: string; count: number }[],
): Stack[] {
  const first = Date.parse(from);
  for (const r of rows) {
    const s = stacks[Math.floor((Date.parse(r.hour) - first) / HOUR)];
    if (s) s.parts.set(r.series, (s.parts.get(r.series) ?? 0) + r.count);
  }
  return stacks;
}

type Summary = NonNullable<ReturnType<typeof useSummary>['data']>;

/** Each hour's busiest locks by name, and what the hour counted beyond them as "other locks". */
function lockRows(s: Summary): { hour: string; series: string; count: number }[] {
  const rows = s.busiestLocks.map((l) => ({ hour: l.hour, series: l.lockName, count: l.accessEvents }));
  for (const h of s.perHour) {
    const listed = s.busiestLocks.reduce((n, l) => (l.hour === h.hour ? n + l.accessEvents : n), 0);
    if (h.accessEvents > listed)
      rows.push({ hour: h.hour, series: OTHER_LOCKS, count: h.accessEvents - listed });
  }
  return rows;
}

function useSummary({ api, projectId }: TabProps) {
  return useLoad(
    () =>
      api.get('/v2/projects/{projectId}/activity-summary', {
        path: { projectId },
        query: { hours: HOURS },
      }),
    [api, projectId],
  );
}

export function Activity(props: TabProps) {
  const summary = useSummary(props);
  const s = summary.data;
  const locks = s ? lockRows(s) : [];
  return (
    <div>
      <ErrorLine error={summary.error} />
      {summary.loading && !s && <p>Loading…</p>}
      {s && (
        <>
          <StackedBars
            title="Access events per hour, by lock (last 24 hours)"
            stacks={fill(emptyStacks(s.from), s.from, locks)}
            series={[...new Set(locks.map((r) => r.series))]}
          />
          <StackedBars
            title="Webhook attempts per hour, by outcome (last 24 hours)"
            stacks={fill(
              emptyStacks(s.from),
              s.from,
              s.perHour.flatMap((h) =>
                Object.entries(h.attempts).map(([series, count]) => ({ hour: h.hour, series, count })),
              ),
            )}
            series={['succeeded', 'failed', 'unanswered']}
            colors={OUTCOME_COLORS}
          />
          {s.webhooks.length === 0 ? (
            <p>No webhook attempts in the last 24 hours.</p>
          ) : (
            <HBars
              title="Attempt latency of the busiest webhooks (last 24 hours)"
              unit="ms"
              series={['p50', 'p95']}
              rows={s.webhooks.map((w) => ({
                label: w.url,
                values: { p50: w.p50Ms, p95: w.p95Ms },
              }))}
            />
          )}
        </>
      )}
    </div>
  );
}
