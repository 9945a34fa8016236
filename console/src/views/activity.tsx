// Pictures of the last 24 hours: access events per hour per lock, deliveries per hour by status,
// and attempt latency per webhook. The service counts (GET …/activity-summary); the console only
// draws, all three at once when the counts arrive, so nothing moves under the reader.
import { HBars, type Stack, StackedBars } from '../charts.tsx';
import { useLoad } from '../hooks.ts';
import type { TabProps } from '../tab.ts';
import { ErrorLine } from '../ui.tsx';

const HOUR = 3_600_000;
const HOURS = 24;
const OUTCOME_COLORS: ReadonlyMap<string, string> = new Map([
  ['succeeded', '#137333'],
  ['failed', '#b42318'],
  ['pending', '#e07b00'],
]);

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

export function Activity({ api, projectId }: TabProps) {
  const summary = useLoad(
    () =>
      api.get('/v2/projects/{projectId}/activity-summary', {
        path: { projectId },
        query: { hours: HOURS },
      }),
    [api, projectId],
  );
  const s = summary.data;
  return (
    <div>
      <ErrorLine error={summary.error} />
      {summary.loading && !s && <p>Loading…</p>}
      {s && (
        <>
          <StackedBars
            title="Access events per hour, by lock (last 24 hours)"
            stacks={fill(
              emptyStacks(s.from),
              s.from,
              s.accessEvents.map((e) => ({ hour: e.hour, series: e.lockName, count: e.count })),
            )}
            series={[...new Set(s.accessEvents.map((e) => e.lockName))]}
          />
          <StackedBars
            title="Webhook deliveries per hour, by status (last 24 hours)"
            stacks={fill(
              emptyStacks(s.from),
              s.from,
              s.deliveries.map((d) => ({ hour: d.hour, series: d.status, count: d.count })),
            )}
            series={['succeeded', 'failed', 'pending']}
            colors={OUTCOME_COLORS}
          />
          <HBars
            title="Attempt latency per webhook (last 24 hours)"
            unit="ms"
            series={['p50', 'p95']}
            rows={s.webhooks.map((w) => ({
              label: w.url,
              values: { p50: w.p50Ms ?? 0, p95: w.p95Ms ?? 0 },
            }))}
          />
        </>
      )}
    </div>
  );
}
