// Keys: create (start/end or duration, weekly windows), filter by lock and state, revoke, and in a
// sandbox project simulate the key's app user locking or unlocking (the real event path).
import { useState } from 'preact/hooks';
import { inRecurrence } from '../../../src/time/recurrence.ts';
import { browserZone, collect, fmtTime, type Key, type Lock } from '../client.ts';
import { useLocks } from '../data.ts';
import { useLoad } from '../hooks.ts';
import { keyHistories } from '../parts/audit.ts';
import { ConfirmButton } from '../parts/confirm-button.tsx';
import { LockFilter, LockSelect, lockNameOf, useLockChoice } from '../parts/lock-select.tsx';
import { ResourceTable } from '../parts/resource-table.tsx';
import { type Window, WindowEditor } from '../parts/windows.tsx';
import { href } from '../router.ts';
import type { TabProps } from '../tab.ts';
import { Done, ErrorLine, Field, PhoneField, useAction } from '../ui.tsx';

const STATES = ['scheduled', 'active', 'expired', 'revoked'] as const;

type Recurrence = NonNullable<Key['recurrence']>;

/** A datetime-local input's value (local time) as ISO 8601 UTC, or undefined when empty. */
const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** The form's labels for the API's field names, so that errors name what the person sees. */
const KEY_LABELS = {
  lockId: 'Lock',
  appUserId: 'App user phone',
  start: 'Start',
  end: 'End',
  durationMinutes: 'Duration (minutes)',
  recurrence: 'Weekly windows',
} as const;

/** "active" says whether the key may open now: inside or outside its weekly windows. */
function stateText(k: Key, lock: Lock | undefined, now: Date): { text: string; class: string } {
  if (k.state !== 'active' || !k.recurrence || !lock) return { text: k.state, class: k.state };
  return inRecurrence(k.recurrence, now, lock.timezone)
    ? { text: 'active, window open now', class: 'active' }
    : { text: 'active, outside its windows now', class: 'outside' };
}

export function Keys({ api, projectId, sandbox, projectSettled, keyId }: TabProps & { keyId?: string }) {
  const locks = useLocks({ api, projectId });
  const [lockFilter, setLockFilter] = useState('');
  const [hidden, setHidden] = useState<string[]>(['revoked', 'expired']);
  // The keys and their histories in one load, side by side (the table waits for both: see below);
  // a history that cannot be read leaves its column empty rather than the list unshown.
  const loaded = useLoad(
    () =>
      Promise.all([
        collect<Key>(
          api.paginate('/v2/projects/{projectId}/keys', {
            path: { projectId },
            query: {
              limit: 1000,
              lockId: lockFilter || undefined,
              excludeStates: hidden.length ? hidden.join(',') : undefined,
            },
          }),
        ),
        keyHistories(api, projectId).catch(() => new Map<string, string>()),
      ]),
    [api, lockFilter, hidden.join()],
  );
  const keys = { ...loaded, data: loaded.data?.[0] };
  const history = loaded.data?.[1];
  const lockName = lockNameOf(locks.data);
  const act = useAction();
  const lockOf = (id: string) => locks.data?.find((l) => l.id === id);
  const now = new Date();

  return (
    <div>
      {keyId && (
        <OneKey
          api={api}
          projectId={projectId}
          keyId={keyId}
          lockName={lockName}
          history={history?.get(keyId)}
        />
      )}
      <NewKey api={api} projectId={projectId} locks={locks.data} onCreated={keys.reload} />
      <fieldset class="filters" aria-label="Filter keys">
        <LockFilter locks={locks.data} value={lockFilter} onChange={setLockFilter} />
        {STATES.map((s) => (
          <label class="check" key={s}>
            <input
              type="checkbox"
              checked={!hidden.includes(s)}
              onChange={(e) =>
                setHidden(e.currentTarget.checked ? hidden.filter((x) => x !== s) : [...hidden, s])
              }
            />
            {s}
          </label>
        ))}
      </fieldset>
      <ErrorLine error={keys.error ?? act.error} />
      <Done action={act} />
      <ResourceTable
        label="Keys"
        // Shown once the lock names are there too: filled in later, they (and the histories, then
        // loaded after the keys) widened the rows under the reader (layout shift 0.065 on a
        // desktop load of 200 keys). And once the project is known: in a sandbox each row has two
        // Simulate buttons more, and added to rows already shown (the project answered last),
        // they widened the actions column and reflowed every row (0.048 on a desktop load).
        rows={keys.data && (locks.data || locks.error) && projectSettled ? keys.data : undefined}
        rowAttrs={(k) => ({ 'data-key-id': k.id })}
        empty="No keys match."
        columns={[
          {
            header: 'App user',
            cell: (k) => (
              <>
                {k.appUserId}
                {k.origin === 'shared' && <small class="hint"> shared by {k.sharedBy}</small>}
              </>
            ),
          },
          { header: 'Lock', cell: (k) => lockName(k.lockId) },
          {
            header: 'Valid',
            cell: (k) => `${fmtTime(k.start)} → ${k.end ? fmtTime(k.end) : 'no end'}`,
          },
          {
            header: 'Windows',
            cell: (k) =>
              k.recurrence?.windows.map((w) => `${w.days.join(',')} ${w.from}–${w.to}`).join('; ') ??
              'any time',
          },
          {
            header: 'State',
            cell: (k) => {
              const st = stateText(k, lockOf(k.lockId), now);
              return <span class={`state ${st.class}`}>{st.text}</span>;
            },
          },
          { header: 'History', cell: (k) => <small class="hint">{history?.get(k.id) ?? ''}</small> },
        ]}
        actions={(k) =>
          k.state !== 'revoked' && (
            <>
              {sandbox &&
                (['unlocked', 'locked'] as const).map((action) => (
                  <ConfirmButton
                    key={action}
                    action={act}
                    run={async () => {
                      const { result: res } = await api.post(
                        '/v2/projects/{projectId}/keys/{keyId}/simulate',
                        {
                          path: { projectId, keyId: k.id },
                          body: { action },
                        },
                      );
                      return `Simulated "${action}" for ${k.appUserId}: ${res.status}${res.reason ? ` (${res.reason})` : ''}`;
                    }}
                  >
                    Simulate {action === 'unlocked' ? 'unlock' : 'lock'}
                  </ConfirmButton>
                ))}
              <ConfirmButton
                action={act}
                danger
                run={async () => {
                  await api.delete('/v2/projects/{projectId}/keys/{keyId}', {
                    path: { projectId, keyId: k.id },
                  });
                  keys.reload();
                  return `Key of ${k.appUserId} on ${lockName(k.lockId)} revoked.`;
                }}
              >
                Revoke
              </ConfirmButton>
            </>
          )
        }
      />
    </div>
  );
}

function NewKey(props: {
  api: TabProps['api'];
  projectId: string;
  /** Undefined while loading. */
  locks: Lock[] | undefined;
  onCreated: () => void;
}) {
  const [chosenLock, setLockId] = useLockChoice(props.locks);
  const [phone, setPhone] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [duration, setDuration] = useState('');
  const [windows, setWindows] = useState<Window[]>([]);
  const action = useAction();
  const { busy, error, run } = action;
  const lock = props.locks?.find((l) => l.id === chosenLock);
  // Start and end are typed in the browser's own time zone.
  const zone = browserZone();
  return (
    <form
      class="card"
      aria-label="New key"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          const r = await props.api.post('/v2/projects/{projectId}/keys', {
            path: { projectId: props.projectId },
            body: {
              keys: [
                {
                  lockId: chosenLock,
                  appUserId: phone.trim(),
                  start: iso(start),
                  end: iso(end),
                  durationMinutes: duration ? Number(duration) : undefined,
                  recurrence: windows.length ? { windows: windows as Recurrence['windows'] } : undefined,
                },
              ],
            },
          });
          setPhone('');
          setStart('');
          setEnd('');
          setDuration('');
          setWindows([]);
          props.onCreated();
          const k = r.keys[0];
          return `Key created for ${k?.appUserId ?? phone.trim()} on ${lock?.name ?? 'the lock'}.`;
        });
      }}
    >
      <h2>New key</h2>
      <div class="row">
        <LockSelect id="key-lock" locks={props.locks} value={chosenLock} onChange={setLockId} />
        <PhoneField label="App user phone" value={phone} onInput={setPhone} required />
      </div>
      <div class="row">
        <Field
          label="Start"
          type="datetime-local"
          value={start}
          onInput={setStart}
          hint={`Your time (${zone}); empty: now`}
        />
        <Field
          label="End"
          type="datetime-local"
          value={end}
          onInput={setEnd}
          hint={`Your time (${zone}); empty: no end`}
        />
        <Field
          label="Duration (minutes)"
          type="number"
          value={duration}
          onInput={setDuration}
          hint="Instead of an end"
        />
      </div>
      <WindowEditor value={windows} onChange={setWindows} timeZone={lock?.timezone} />
      <ErrorLine error={error} labels={KEY_LABELS} />
      <Done action={action} />
      <button type="submit" class="primary" aria-disabled={busy} disabled={!props.locks?.length}>
        Create key
      </button>
      {/* Only once the locks are known to be none: shown while they loaded, then removed, it moved
          the filters and the list under it up (layout shift on a desktop load). */}
      {props.locks?.length === 0 && <p class="hint">Onboard a lock first.</p>}
    </form>
  );
}

/**
 * The key a link named (#/projects/<id>/keys/<keyId>: a lock's revocation list links its revoked
 * keys here), whatever its state, so a revoked key is shown although the list hides revoked ones.
 */
function OneKey(props: {
  api: TabProps['api'];
  projectId: string;
  keyId: string;
  lockName: (id: string) => string;
  history: string | undefined;
}) {
  const { api, projectId, keyId } = props;
  const key = useLoad(
    () => api.get('/v2/projects/{projectId}/keys/{keyId}', { path: { projectId, keyId } }).then((r) => r.key),
    [api, keyId],
  );
  const k = key.data;
  return (
    <section class="card" aria-labelledby="one-key" data-testid="one-key">
      <h2 id="one-key">Key {keyId}</h2>
      <ErrorLine error={key.error} />
      {k && (
        <dl class="facts">
          <dt>App user</dt>
          <dd>{k.appUserId}</dd>
          <dt>Lock</dt>
          <dd>
            <a href={href('projects', projectId, 'locks', k.lockId)}>{props.lockName(k.lockId)}</a>
          </dd>
          <dt>Valid</dt>
          <dd>{`${fmtTime(k.start)} → ${k.end ? fmtTime(k.end) : 'no end'}`}</dd>
          <dt>State</dt>
          <dd>
            <span class={`state ${k.state}`}>{k.state}</span>
            {k.revoked && ` (revoked ${fmtTime(k.revoked)})`}
          </dd>
          <dt>History</dt>
          <dd>{props.history ?? '—'}</dd>
        </dl>
      )}
      <p>
        <a href={href('projects', projectId, 'keys')}>All keys</a>
      </p>
    </section>
  );
}
