// Locks: onboard, edit (name, time zone, address), offboard; a lock named in the URL shows its
// offline-credential side (revocation list, provisioning bundle) above the list, and its door (its
// network connection) has a screen of its own (lock-detail.tsx, #/projects/<id>/locks/<lockId>/door).
import { useEffect, useState } from 'preact/hooks';
import { fmtTime } from '../client.ts';
import { invalidateProject, useLocks } from '../data.ts';
import { ConfirmButton } from '../parts/confirm-button.tsx';
import { ResourceTable } from '../parts/resource-table.tsx';
import { TimeZoneSelect } from '../parts/time-zone.tsx';
import { href } from '../router.ts';
import type { TabProps } from '../tab.ts';
import { Done, ErrorLine, Field, useAction } from '../ui.tsx';
import { LockCredentials } from './lock-credentials.tsx';

const LOCK_LABELS = { name: 'Lock name', timezone: 'Time zone', address: 'Address' } as const;

export function Locks({ api, projectId, project, lockId }: TabProps & { lockId?: string }) {
  const locks = useLocks({ api, projectId });
  const [editing, setEditing] = useState<string | undefined>();
  const act = useAction();
  return (
    <div>
      {lockId && (
        <LockCredentials
          api={api}
          projectId={projectId}
          lockId={lockId}
          lock={locks.data?.find((l) => l.id === lockId)}
        />
      )}
      <LockForm
        title="Onboard a lock"
        // A new lock starts in the project's time zone; the form waits for the project rather than
        // offer UTC meanwhile (a lock created then would have its windows hours off).
        initial={{ name: '', timezone: project?.timezone ?? '', address: '' }}
        ready={project !== undefined}
        submit="Onboard lock"
        onSave={async (v) => {
          const r = await api.post('/v2/projects/{projectId}/locks', {
            path: { projectId },
            body: { ...v, address: v.address || undefined },
          });
          locks.reload();
          return `${r.lock.name} onboarded (time zone ${r.lock.timezone}).`;
        }}
      />
      <ErrorLine error={locks.error ?? act.error} />
      <Done action={act} />
      <ResourceTable
        label="Locks"
        rows={locks.data}
        empty="No locks yet."
        columns={[
          { header: 'Name', cell: (l) => l.name },
          { header: 'Time zone', cell: (l) => l.timezone },
          { header: 'Address', cell: (l) => l.address ?? '—' },
          {
            header: 'Connection',
            cell: (l) => (l.connection ? `${l.connection.status}, ${l.connection.lockState}` : '—'),
          },
          { header: 'Onboarded', cell: (l) => fmtTime(l.created) },
        ]}
        replace={(l) =>
          editing === l.id && (
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
                return `${v.name} saved.`;
              }}
            />
          )
        }
        actions={(l) => (
          <>
            {/* Named with the lock (each row has one), by aria-label so the row's text stays the lock's name once. */}
            <a
              class="button"
              href={href('projects', projectId, 'locks', l.id)}
              aria-label={`Credentials of ${l.name}`}
            >
              Credentials
            </a>
            <a
              class="button"
              href={href('projects', projectId, 'locks', l.id, 'door')}
              aria-label={`Door of ${l.name}`}
            >
              Door
            </a>
            <button type="button" onClick={() => setEditing(l.id)}>
              Edit
            </button>
            <ConfirmButton
              action={act}
              danger
              confirm={`Offboard ${l.name}? Its keys are revoked and its webhooks removed.`}
              run={async () => {
                await api.delete('/v2/projects/{projectId}/locks/{lockId}', {
                  path: { projectId, lockId: l.id },
                });
                // Its webhooks go with it.
                invalidateProject(projectId);
                return `${l.name} offboarded.`;
              }}
            >
              Offboard
            </ConfirmButton>
          </>
        )}
      />
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
  onSave: (v: LockValues) => Promise<string>;
  onCancel?: () => void;
  /** False while the project (and so the default time zone) is loading. */
  ready?: boolean;
}) {
  const [v, setV] = useState(props.initial);
  const [zoneChosen, setZoneChosen] = useState(false);
  const action = useAction();
  const { busy, error, run } = action;
  // The project's zone arrives after the form is shown: take it unless the person chose one.
  useEffect(() => {
    if (!zoneChosen && props.initial.timezone) setV((cur) => ({ ...cur, timezone: props.initial.timezone }));
  }, [props.initial.timezone]);
  return (
    <form
      class="card"
      aria-label={props.title}
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          const said = await props.onSave(v);
          if (!props.onCancel) setV({ ...props.initial });
          return said;
        });
      }}
    >
      <h2>{props.title}</h2>
      <div class="row">
        <Field label="Lock name" value={v.name} onInput={(name) => setV({ ...v, name })} required />
        <TimeZoneSelect
          label="Time zone"
          hint="Weekly windows of this lock's keys are in this zone"
          value={v.timezone}
          onChange={(timezone) => {
            setZoneChosen(true);
            setV({ ...v, timezone });
          }}
        />
        <Field label="Address" value={v.address} onInput={(address) => setV({ ...v, address })} />
      </div>
      <ErrorLine error={error} labels={LOCK_LABELS} />
      <Done action={action} />
      <button type="submit" class="primary" aria-disabled={busy} disabled={props.ready === false}>
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
