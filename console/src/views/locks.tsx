// Locks: onboard, edit (name, time zone, address), offboard.
import { useState } from 'preact/hooks';
import { fmtTime } from '../client.ts';
import { invalidateProject, useLocks } from '../data.ts';
import { ConfirmButton } from '../parts/confirm-button.tsx';
import { ResourceTable } from '../parts/resource-table.tsx';
import { TimeZoneSelect } from '../parts/time-zone.tsx';
import type { TabProps } from '../tab.ts';
import { ErrorLine, Field, useAction } from '../ui.tsx';

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
      <ResourceTable
        label="Locks"
        rows={locks.data}
        empty="No locks yet."
        columns={[
          { header: 'Name', cell: (l) => l.name },
          { header: 'Time zone', cell: (l) => l.timezone },
          { header: 'Address', cell: (l) => l.address ?? '—' },
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
              }}
            />
          )
        }
        actions={(l) => (
          <>
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
