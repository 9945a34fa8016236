// Sharing rights: who may share their key to a lock from the app.
import { useState } from 'preact/hooks';
import { collect, fmtTime, type Schemas } from '../client.ts';
import { useLocks } from '../data.ts';
import { useLoad } from '../hooks.ts';
import { ConfirmButton } from '../parts/confirm-button.tsx';
import { LockSelect, lockNameOf, useLockChoice } from '../parts/lock-select.tsx';
import { ResourceTable } from '../parts/resource-table.tsx';
import type { TabProps } from '../tab.ts';
import { ErrorLine, PhoneField, useAction } from '../ui.tsx';

export function Sharing({ api, projectId }: TabProps) {
  const locks = useLocks({ api, projectId });
  const rights = useLoad(
    () =>
      collect<Schemas['SharingRight']>(
        api.paginate('/v2/projects/{projectId}/sharing-rights', {
          path: { projectId },
          query: { limit: 1000 },
        }),
      ),
    [api],
  );
  const [chosenLock, setLockId] = useLockChoice(locks.data);
  const [phone, setPhone] = useState('');
  const add = useAction();
  const act = useAction();
  const lockName = lockNameOf(locks.data);
  return (
    <div>
      <form
        class="card"
        aria-label="New sharing right"
        onSubmit={(e) => {
          e.preventDefault();
          void add.run(async () => {
            await api.post('/v2/projects/{projectId}/sharing-rights', {
              path: { projectId },
              body: { sharingRights: [{ lockId: chosenLock, appUserId: phone.trim() }] },
            });
            setPhone('');
            rights.reload();
          });
        }}
      >
        <h2>New sharing right</h2>
        <div class="row">
          <LockSelect id="share-lock" locks={locks.data} value={chosenLock} onChange={setLockId} />
          <PhoneField label="App user phone" value={phone} onInput={setPhone} required />
        </div>
        <ErrorLine error={add.error} />
        <button type="submit" class="primary" aria-disabled={add.busy} disabled={!chosenLock}>
          Give sharing right
        </button>
      </form>
      <ErrorLine error={rights.error ?? act.error} />
      <ResourceTable
        label="Sharing rights"
        rows={rights.data}
        empty="No sharing rights."
        columns={[
          { header: 'App user', cell: (r) => r.appUserId },
          { header: 'Lock', cell: (r) => lockName(r.lockId) },
          { header: 'Given', cell: (r) => fmtTime(r.created) },
        ]}
        actions={(r) => (
          <ConfirmButton
            action={act}
            danger
            run={async () => {
              await api.delete('/v2/projects/{projectId}/sharing-rights', {
                path: { projectId },
                query: { appUserId: r.appUserId, lockId: r.lockId },
              });
              rights.reload();
            }}
          >
            Revoke
          </ConfirmButton>
        )}
      />
    </div>
  );
}
