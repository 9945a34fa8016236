// The access log with filters, and a live tail from the event stream: new events appear at the
// top as the service accepts them.
import { useEffect, useRef, useState } from 'preact/hooks';
import { announce } from '../announce.ts';
import { type AccessEvent, fmtTime } from '../client.ts';
import { useLocks } from '../data.ts';
import { useLoad } from '../hooks.ts';
import { LockFilter } from '../parts/lock-select.tsx';
import { ResourceTable, ROWS_AT_ONCE } from '../parts/resource-table.tsx';
import { subscribe } from '../sse.ts';
import type { TabProps } from '../tab.ts';
import { ErrorLine, Field, PhoneField } from '../ui.tsx';

type TailState = 'connecting' | 'live' | 'reconnecting';

const TAIL_TEXT: Record<TailState, string> = {
  connecting: 'Live tail: connecting…',
  live: 'Live tail: new events appear at the top',
  reconnecting: 'Live tail: connection lost, reconnecting…',
};

/** The stream's attempts (connecting, live, error) as what a person needs to know. */
function nextTailState(cur: TailState, event: 'connecting' | 'live' | 'error'): TailState {
  if (event === 'live') return 'live';
  if (event === 'error') return 'reconnecting';
  // A new attempt after a drop or a failure is still "reconnecting", not a new state to announce.
  return cur === 'connecting' ? 'connecting' : 'reconnecting';
}

export function AccessLog({ api, projectId }: TabProps) {
  const locks = useLocks({ api, projectId });
  const [lockId, setLockId] = useState('');
  const [appUserId, setAppUserId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [pages, setPages] = useState<AccessEvent[][]>([]);
  const [after, setAfter] = useState<string | undefined>();
  const [live, setLive] = useState(false);
  const [tail, setTail] = useState<AccessEvent[]>([]);
  const [tailState, setTailState] = useState<TailState>('connecting');

  const page = (startAfterId?: string) =>
    api.get('/v2/projects/{projectId}/logs/access', {
      path: { projectId },
      query: {
        // A page is what the table builds at once (resource-table.tsx: more rows at once were
        // a long task on a phone); "Load more" asks for the next.
        limit: ROWS_AT_ONCE,
        lockId: lockId || undefined,
        appUserId: appUserId.trim() || undefined,
        from: from ? new Date(from).toISOString() : undefined,
        to: to ? new Date(to).toISOString() : undefined,
        startAfterId,
      },
    });
  const first = useLoad(async () => {
    const r = await page();
    setPages([r.accessEvents]);
    setAfter(r.startAfterId);
    setTail([]);
    return r;
  }, [api, lockId, appUserId, from, to]);

  const more = async () => {
    const r = await page(after);
    setPages((p) => [...p, r.accessEvents]);
    setAfter(r.startAfterId);
  };

  useEffect(() => {
    if (!live) return;
    const q = lockId ? `?lockId=${encodeURIComponent(lockId)}` : '';
    return subscribe(
      `/v2/projects/${encodeURIComponent(projectId)}/logs/access/stream${q}`,
      async () => (await api.accessToken())!,
      (e) => {
        if (e.event !== 'accessEvent') return;
        const ev = JSON.parse(e.data) as AccessEvent;
        setTail((t) => (t.some((x) => x.id === ev.id) ? t : [ev, ...t].slice(0, 500)));
      },
      (state) => setTailState((cur) => nextTailState(cur, state)),
    );
  }, [api, projectId, live, lockId]);
  // Said once per change of state: during an outage the stream retries every second, and each
  // retry used to be announced ("error", "connecting", "error", …).
  const said = useRef<string>('');
  useEffect(() => {
    const text = live ? TAIL_TEXT[tailState] : '';
    if (text && text !== said.current) announce(text);
    said.current = text;
  }, [live, tailState]);

  const rows = [...tail, ...pages.flat().filter((e) => !tail.some((t) => t.id === e.id))];
  return (
    <div>
      <fieldset class="filters" aria-label="Filter the access log">
        <LockFilter locks={locks.data} value={lockId} onChange={setLockId} />
        <PhoneField label="App user" value={appUserId} onInput={setAppUserId} />
        <Field label="From" type="datetime-local" value={from} onInput={setFrom} />
        <Field label="To" type="datetime-local" value={to} onInput={setTo} />
        <label class="check">
          <input type="checkbox" checked={live} onChange={(e) => setLive(e.currentTarget.checked)} />
          Live tail
        </label>
        {live && <span class="hint">{TAIL_TEXT[tailState]}</span>}
      </fieldset>
      <ErrorLine error={first.error} />
      <ResourceTable
        label="Access events"
        rows={first.loading && rows.length === 0 ? undefined : rows}
        rowAttrs={(e) => ({ 'data-event-id': e.id })}
        // Paged at the server ("Load more"), and the live tail's rows are all shown.
        rowsAtOnce={Number.POSITIVE_INFINITY}
        empty="No access events in this window."
        columns={[
          { header: 'When', cell: (e) => fmtTime(e.created) },
          { header: 'Action', cell: (e) => e.action },
          { header: 'Lock', cell: (e) => e.lockName },
          {
            header: 'User',
            cell: (e) => (
              <>
                {e.userName || e.appUserId} <small class="hint">{e.userName ? e.appUserId : ''}</small>
              </>
            ),
          },
          { header: 'Received', cell: (e) => fmtTime(e.received) },
        ]}
      />
      {after && (
        <button type="button" onClick={more}>
          Load more
        </button>
      )}
    </div>
  );
}
