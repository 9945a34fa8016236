// Managed users: the project's record of an app user (a phone number), and each user's devices
// (the phones whose keys their offline credentials are bound to), told apart.
import { useState } from 'preact/hooks';
import { collect, fmtTime, type Schemas } from '../client.ts';
import { useLoad } from '../hooks.ts';
import { ConfirmButton } from '../parts/confirm-button.tsx';
import { ResourceTable } from '../parts/resource-table.tsx';
import type { TabProps } from '../tab.ts';
import { ErrorLine, Field, PhoneField, useAction } from '../ui.tsx';
import { ShortId } from './credentials.tsx';

export function Users({ api, projectId }: TabProps) {
  const users = useLoad(
    () =>
      collect<Schemas['ManagedUser']>(
        api.paginate('/v2/projects/{projectId}/managed-users', {
          path: { projectId },
          query: { limit: 1000 },
        }),
      ),
    [api],
  );
  const [phone, setPhone] = useState('');
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const add = useAction();
  const act = useAction();
  // The user whose devices are shown under their row, if any.
  const [open, setOpen] = useState<string | undefined>();
  return (
    <div>
      <form
        class="card"
        aria-label="New managed user"
        onSubmit={(e) => {
          e.preventDefault();
          void add.run(async () => {
            await api.post('/v2/projects/{projectId}/managed-users', {
              path: { projectId },
              body: { appUserId: phone.trim(), firstName: first || undefined, lastName: last || undefined },
            });
            setPhone('');
            setFirst('');
            setLast('');
            users.reload();
          });
        }}
      >
        <h2>New managed user</h2>
        <div class="row">
          <PhoneField label="Phone number" value={phone} onInput={setPhone} required />
          <Field label="First name" value={first} onInput={setFirst} />
          <Field label="Last name" value={last} onInput={setLast} />
        </div>
        <ErrorLine error={add.error} />
        <button type="submit" class="primary" aria-disabled={add.busy}>
          Add user
        </button>
      </form>
      <ErrorLine error={users.error ?? act.error} />
      <ResourceTable
        label="Managed users"
        rows={users.data}
        empty="No managed users yet."
        columns={[
          { header: 'Phone', cell: (u) => u.appUserId },
          { header: 'Name', cell: (u) => [u.firstName, u.lastName].filter(Boolean).join(' ') || '—' },
          { header: 'Created', cell: (u) => fmtTime(u.created) },
        ]}
        detail={(u) =>
          open === u.appUserId && <Devices api={api} projectId={projectId} appUserId={u.appUserId} />
        }
        actions={(u) => (
          <>
            <button
              type="button"
              aria-expanded={open === u.appUserId}
              aria-label={`Devices of ${u.appUserId}`}
              onClick={() => setOpen(open === u.appUserId ? undefined : u.appUserId)}
            >
              Devices
            </button>
            <ConfirmButton
              action={act}
              danger
              confirm={`Delete ${u.appUserId}? Their keys in this project are revoked.`}
              run={async () => {
                await api.delete('/v2/projects/{projectId}/managed-users/{appUserId}', {
                  path: { projectId, appUserId: u.appUserId },
                });
                users.reload();
              }}
            >
              Delete
            </ConfirmButton>
          </>
        )}
      />
    </div>
  );
}

/** An app user's devices: each phone apart by its name, its key's thumbprint and its last fetch. */
function Devices({ api, projectId, appUserId }: Pick<TabProps, 'api' | 'projectId'> & { appUserId: string }) {
  const devices = useLoad(
    () =>
      api
        .get('/v2/projects/{projectId}/app-users/{appUserId}/devices', { path: { projectId, appUserId } })
        .then((r) => r.devices),
    [api, appUserId],
  );
  return (
    <div class="devices" data-testid={`devices ${appUserId}`}>
      <ErrorLine error={devices.error} />
      <ResourceTable
        label={`Devices of ${appUserId}`}
        rows={devices.data}
        rowAttrs={(d) => ({ 'data-device-id': d.id })}
        empty="No devices registered: this user's phone has not set up offline keys."
        columns={[
          { header: 'Device', cell: (d) => d.name ?? 'unnamed' },
          { header: 'Key thumbprint', cell: (d) => <ShortId value={d.thumbprint} /> },
          { header: 'Registered', cell: (d) => fmtTime(d.created) },
          {
            header: 'Last credential fetched',
            cell: (d) => (d.lastCredentialAt ? fmtTime(d.lastCredentialAt) : 'never, for this project'),
          },
        ]}
      />
    </div>
  );
}
