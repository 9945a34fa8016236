// Pictures of the last 24 hours: access events per hour per lock, deliveries per hour by outcome,
// and attempt latency per webhook — computed in the browser from the same public lists.
import { HBars, type Stack, StackedBars } from '../charts.tsx';
import { type AccessEvent, collect, type Delivery } from '../client.ts';
import { useLocks, useWebhooks } from '../data.ts';
import { useLoad } from '../hooks.ts';
import type { TabProps } from '../tab.ts';
import { ErrorLine } from '../ui.tsx';

const HOUR = 3_600_000;
const MAX_EVENTS = 5_000;

function hours(now: number): { start: number; label: string }[] {
  const top = Math.floor(now / HOUR) * HOUR;
  return Array.from({ length: 24 }, (_, i) => {
    const start = top - (23 - i) * HOUR;
    return { start, label: `${String(new Date(start).getHours()).padStart(2, '0')}:00` };
  });
}

function bucket<T>(
  items: T[],
  at: (t: T) => number | undefined,
  key: (t: T) => string,
  now: number,
): Stack[] {
  const hs = hours(now);
  const stacks: Stack[] = hs.map((h) => ({ label: h.label, parts: {} }));
  const first = hs[0]!.start;
  for (const it of items) {
    const t = at(it);
    if (t === undefined || t < first) continue;
    const i = Math.min(23, Math.floor((t - first) / HOUR));
    const s = stacks[i]!;
    const k = key(it);
    s.parts[k] = (s.parts[k] ?? 0) + 1;
  }
  return stacks;
}

function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export function Activity({ api, projectId }: TabProps) {
  const locks = useLocks({ api, projectId });
  const hooks = useWebhooks({ api, projectId });
  const now = Date.now();
  const events = useLoad(async () => {
    const from = new Date(now - 24 * HOUR).toISOString();
    const pages = api.paginate('/v2/projects/{projectId}/logs/access', {
      path: { projectId },
      query: { limit: 1000, from },
    });
    return collect<AccessEvent>(pages, MAX_EVENTS);
  }, [api]);
  const deliveries = useLoad(async () => {
    const out: { url: string; deliveries: Delivery[] }[] = [];
    for (const h of hooks.data ?? []) {
      const r = await api.get('/v2/projects/{projectId}/webhooks/{webhookId}/deliveries', {
        path: { projectId, webhookId: h.id },
        query: { limit: 1000 },
      });
      out.push({ url: h.url, deliveries: r.deliveries });
    }
    return out;
  }, [api, hooks.data]);

  const lockNames = (locks.data ?? []).map((l) => l.name);
  const lastAttempt = (d: Delivery) => {
    const a = d.attempts[d.attempts.length - 1];
    return a ? Date.parse(a.at) : undefined;
  };
  return (
    <div>
      <ErrorLine error={events.error ?? deliveries.error} />
      {events.data && (
        <StackedBars
          title="Access events per hour, by lock (last 24 hours)"
          stacks={bucket(
            events.data,
            (e) => Date.parse(e.created),
            (e) => e.lockName,
            now,
          )}
          series={[...new Set([...lockNames, ...events.data.map((e) => e.lockName)])]}
        />
      )}
      {deliveries.data && (
        <>
          <StackedBars
            title="Webhook deliveries per hour, by outcome (last attempt, last 24 hours)"
            stacks={bucket(
              deliveries.data.flatMap((w) => w.deliveries),
              lastAttempt,
              (d) => d.status,
              now,
            )}
            series={['succeeded', 'failed', 'pending']}
            colors={{ succeeded: '#137333', failed: '#b42318', pending: '#e07b00' }}
          />
          <HBars
            title="Attempt latency per webhook (last 1,000 deliveries)"
            unit="ms"
            series={['p50', 'p95']}
            rows={deliveries.data.map((w) => {
              const ms = w.deliveries.flatMap((d) => d.attempts.map((a) => a.durationMs ?? 0));
              return { label: w.url, values: { p50: percentile(ms, 50), p95: percentile(ms, 95) } };
            })}
          />
        </>
      )}
      {(events.loading || deliveries.loading) && <p aria-live="polite">Loading…</p>}
    </div>
  );
}
