// Locks: onboard, edit (name, time zone, address), offboard.
import { useState } from 'preact/hooks';
import { collect, fmtTime, type Lock } from '../client.ts';
import { useLoad } from '../hooks.ts';
import { ErrorLine, Field, useAction } from '../ui.tsx';
import type { TabProps } from './project.tsx';
import { TimeZoneSelect } from './time-zone.tsx';

export function useLocks({ api, projectId }: Pick<TabProps, 'api' | 'projectId'>) {
  return useLoad(
    () =>
      collect<Lock>(
        api.paginate('/v2/projects/{projectId}/locks', { path: { projectId }, query: { limit: 1000 } }),
      ),
    [api],
  );
}

export function Locks({ api, projectId, project }: TabProps) {
  const locks = useLocks({ api, projectId });
  const [editing, setEditing] = useState<string | undefined>();
  const act = useAction();
  return (
    <div>
      <LockForm
        title="Onboard a lock"
        initial={{ name: '', timezone: project?.timezone ?? 'UTC', address: '' }}
        submit="Onboard lock"
        onSave={async (v) => {
          await api.post('/v2/projects/{projectId}/locks', {
            path: { projectId },
            body: { ...v, address: v.address || undefined },
          });
          locks.reload();
        }}
      />
      <ErrorLine error={locks.error ?? act.error} />
      <table aria-label="Locks">
        <thead>
          <tr>
            <th>Name</th>
            <th>Time zone</th>
            <th>Address</th>
            <th>Onboarded</th>
            <th>
              <span class="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {locks.data?.map((l) =>
            editing === l.id ? (
              <tr key={l.id}>
                <td colSpan={5}>
                  <LockForm
                    title={`Edit ${l.name}`}
                    initial={{ name: l.name, timezone: l.timezone, address: l.address ?? '' }}
                    submit="Save"
                    onCancel={() => setEditing(undefined)}
                    onSave={async (v) => {
                      await api.patch('/v2/projects/{projectId}/locks/{lockId}', {
                        path: { projectId, lockId: l.id },
                        body: { ...v, address: v.address || null },
                      });
                      setEditing(undefined);
                      locks.reload();
                    }}
                  />
                </td>
              </tr>
            ) : (
              <tr key={l.id}>
                <td>{l.name}</td>
                <td>{l.timezone}</td>
                <td>{l.address ?? '—'}</td>
                <td>{fmtTime(l.created)}</td>
                <td class="actions">
                  <button type="button" onClick={() => setEditing(l.id)}>
                    Edit
                  </button>
                  <button
                    type="button"
                    class="danger"
                    disabled={act.busy}
                    onClick={() => {
                      if (!confirm(`Offboard ${l.name}? Its keys are revoked and its webhooks removed.`))
                        return;
                      void act.run(async () => {
                        await api.delete('/v2/projects/{projectId}/locks/{lockId}', {
                          path: { projectId, lockId: l.id },
                        });
                        locks.reload();
                      });
                    }}
                  >
                    Offboard
                  </button>
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
      {locks.data?.length === 0 && <p>No locks yet.</p>}
    </div>
  );
}

interface LockValues {
  name: string;
  timezone: string;
  address: string;
}

function LockForm(props: {
  title: string;
  initial: LockValues;
  submit: string;
  onSave: (v: LockValues) => Promise<void>;
  onCancel?: () => void;
}) {
  const [v, setV] = useState(props.initial);
  const { busy, error, run } = useAction();
  return (
    <form
      class="card"
      aria-label={props.title}
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          await props.onSave(v);
          if (!props.onCancel) setV({ ...props.initial });
        });
      }}
    >
      <h2>{props.title}</h2>
      <div class="row">
        <Field label="Lock name" value={v.name} onInput={(name) => setV({ ...v, name })} required />
        <TimeZoneSelect
          label="Time zone"
          value={v.timezone}
          onChange={(timezone) => setV({ ...v, timezone })}
        />
        <Field label="Address" value={v.address} onInput={(address) => setV({ ...v, address })} />
      </div>
      <ErrorLine error={error} />
      <button type="submit" class="primary" disabled={busy}>
        {props.submit}
      </button>
      {props.onCancel && (
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}

/** The lock picker of the create forms (keys, sharing rights, webhooks). */
export function LockSelect(props: {
  id: string;
  locks: Pick<Lock, 'id' | 'name'>[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <div class="field">
      <label for={props.id}>Lock</label>
      <select
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        required
      >
        {props.locks.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
