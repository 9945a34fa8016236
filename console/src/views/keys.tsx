// Keys: create (start/end or duration, weekly windows), filter by lock and state, revoke, and in a
// sandbox project simulate the key's app user locking or unlocking (the real event path).
import { useState } from 'preact/hooks';
import { collect, fmtTime, type Key } from '../client.ts';
import { useLocks } from '../data.ts';
import { useLoad } from '../hooks.ts';
import { keyHistories } from '../parts/audit.ts';
import { ConfirmButton } from '../parts/confirm-button.tsx';
import { LockFilter, LockSelect, lockNameOf, useLockChoice } from '../parts/lock-select.tsx';
import { ResourceTable } from '../parts/resource-table.tsx';
import { type Window, WindowEditor } from '../parts/windows.tsx';
import type { TabProps } from '../tab.ts';
import { ErrorLine, Field, PhoneField, useAction } from '../ui.tsx';

const STATES = ['scheduled', 'active', 'expired', 'revoked'] as const;

type Recurrence = NonNullable<Key['recurrence']>;

/** A datetime-local input's value (local time) as ISO 8601 UTC, or undefined when empty. */
const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);

export function Keys({ api, projectId, sandbox }: TabProps) {
  const locks = useLocks({ api, projectId });
  const [lockFilter, setLockFilter] = useState('');
  const [hidden, setHidden] = useState<string[]>(['revoked', 'expired']);
  const keys = useLoad(
    () =>
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
    [api, lockFilter, hidden.join()],
  );
  const history = useLoad(() => keyHistories(api, projectId), [api, keys.data]);
  const lockName = lockNameOf(locks.data);
  const act = useAction();
  const [simulated, setSimulated] = useState<string>('');

  return (
    <div>
      <NewKey api={api} projectId={projectId} locks={locks.data ?? []} onCreated={keys.reload} />
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
      {simulated && (
        <p class="ok" role="status">
          {simulated}
        </p>
      )}
      <ResourceTable
        label="Keys"
        rows={keys.data}
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
          { header: 'State', cell: (k) => <span class={`state ${k.state}`}>{k.state}</span> },
          { header: 'History', cell: (k) => <small class="hint">{history.data?.get(k.id) ?? ''}</small> },
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
                      setSimulated(
                        `Simulated "${action}" for ${k.appUserId}: ${res.status}${res.reason ? ` (${res.reason})` : ''}`,
                      );
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
  locks: { id: string; name: string }[];
  onCreated: () => void;
}) {
  const [chosenLock, setLockId] = useLockChoice(props.locks);
  const [phone, setPhone] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [duration, setDuration] = useState('');
  const [windows, setWindows] = useState<Window[]>([]);
  const { busy, error, run } = useAction();
  return (
    <form
      class="card"
      aria-label="New key"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          await props.api.post('/v2/projects/{projectId}/keys', {
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
          setWindows([]);
          props.onCreated();
        });
      }}
    >
      <h2>New key</h2>
      <div class="row">
        <LockSelect id="key-lock" locks={props.locks} value={chosenLock} onChange={setLockId} />
        <PhoneField label="App user phone" value={phone} onInput={setPhone} required />
      </div>
      <div class="row">
        <Field label="Start" type="datetime-local" value={start} onInput={setStart} hint="Empty: now" />
        <Field label="End" type="datetime-local" value={end} onInput={setEnd} hint="Empty: no end" />
        <Field
          label="Duration (minutes)"
          type="number"
          value={duration}
          onInput={setDuration}
          hint="Instead of an end"
        />
      </div>
      <WindowEditor value={windows} onChange={setWindows} />
      <ErrorLine error={error} />
      <button type="submit" class="primary" disabled={busy || props.locks.length === 0}>
        Create key
      </button>
      {props.locks.length === 0 && <p class="hint">Onboard a lock first.</p>}
    </form>
  );
}
