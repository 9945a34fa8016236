// Sharing rights: who may share their key to a lock from the app.
import { useState } from 'preact/hooks';
import { collect, fmtTime, type Schemas } from '../client.ts';
import { useLoad } from '../hooks.ts';
import { ErrorLine, Field, useAction } from '../ui.tsx';
import { LockSelect, useLocks } from './locks.tsx';
import type { TabProps } from './project.tsx';

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
  const [lockId, setLockId] = useState('');
  const [phone, setPhone] = useState('');
  const add = useAction();
  const act = useAction();
  const chosenLock = lockId || locks.data?.[0]?.id || '';
  const lockName = (id: string) => locks.data?.find((l) => l.id === id)?.name ?? id;
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
          <LockSelect id="share-lock" locks={locks.data ?? []} value={chosenLock} onChange={setLockId} />
          <Field
            label="App user phone"
            type="tel"
            value={phone}
            onInput={setPhone}
            required
            placeholder="+4799887766"
          />
        </div>
        <ErrorLine error={add.error} />
        <button type="submit" class="primary" disabled={add.busy || !chosenLock}>
          Give sharing right
        </button>
      </form>
      <ErrorLine error={rights.error ?? act.error} />
      <table aria-label="Sharing rights">
        <thead>
          <tr>
            <th>App user</th>
            <th>Lock</th>
            <th>Given</th>
            <th>
              <span class="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rights.data?.map((r) => (
            <tr key={r.id}>
              <td>{r.appUserId}</td>
              <td>{lockName(r.lockId)}</td>
              <td>{fmtTime(r.created)}</td>
              <td class="actions">
                <button
                  type="button"
                  class="danger"
                  onClick={() =>
                    act.run(async () => {
                      await api.delete('/v2/projects/{projectId}/sharing-rights', {
                        path: { projectId },
                        query: { appUserId: r.appUserId, lockId: r.lockId },
                      });
                      rights.reload();
                    })
                  }
                >
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rights.data?.length === 0 && <p>No sharing rights.</p>}
    </div>
  );
}
