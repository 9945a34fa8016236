// The access log with filters, and a live tail from the event stream: new events appear at the
// top as the service accepts them.
import { useEffect, useState } from 'preact/hooks';
import { type AccessEvent, fmtTime } from '../client.ts';
import { useLoad } from '../hooks.ts';
import { subscribe } from '../sse.ts';
import { ErrorLine, Field } from '../ui.tsx';
import { useLocks } from './locks.tsx';
import type { TabProps } from './project.tsx';

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
  const [streamState, setStreamState] = useState('');

  const page = (startAfterId?: string) =>
    api.get('/v2/projects/{projectId}/logs/access', {
      path: { projectId },
      query: {
        limit: 100,
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
      setStreamState,
    );
  }, [api, projectId, live, lockId]);

  const rows = [...tail, ...pages.flat().filter((e) => !tail.some((t) => t.id === e.id))];
  return (
    <div>
      <fieldset class="filters" aria-label="Filter the access log">
        <label>
          Lock{' '}
          <select value={lockId} onChange={(e) => setLockId(e.currentTarget.value)}>
            <option value="">All locks</option>
            {locks.data?.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <Field
          label="App user"
          type="tel"
          value={appUserId}
          onInput={setAppUserId}
          placeholder="+4799887766"
        />
        <Field label="From" type="datetime-local" value={from} onInput={setFrom} />
        <Field label="To" type="datetime-local" value={to} onInput={setTo} />
        <label class="check">
          <input type="checkbox" checked={live} onChange={(e) => setLive(e.currentTarget.checked)} />
          Live tail
        </label>
        {live && (
          <span class="hint" role="status">
            {streamState === 'live' ? 'Live: new events appear at the top' : streamState}
          </span>
        )}
      </fieldset>
      <ErrorLine error={first.error} />
      <table aria-label="Access events">
        <thead>
          <tr>
            <th>When</th>
            <th>Action</th>
            <th>Lock</th>
            <th>User</th>
            <th>Received</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id} data-event-id={e.id}>
              <td>{fmtTime(e.created)}</td>
              <td>{e.action}</td>
              <td>{e.lockName}</td>
              <td>
                {e.userName || e.appUserId} <small class="hint">{e.userName ? e.appUserId : ''}</small>
              </td>
              <td>{fmtTime(e.received)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && !first.loading && <p>No access events in this window.</p>}
      {after && (
        <button type="button" onClick={more}>
          Load more
        </button>
      )}
    </div>
  );
}
