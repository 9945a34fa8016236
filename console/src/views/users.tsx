// Managed users: the project's record of an app user (a phone number).
import { useState } from 'preact/hooks';
import { collect, fmtTime, type Schemas } from '../client.ts';
import { useLoad } from '../hooks.ts';
import { ErrorLine, Field, useAction } from '../ui.tsx';
import type { TabProps } from './project.tsx';

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
          <Field
            label="Phone number"
            type="tel"
            value={phone}
            onInput={setPhone}
            required
            placeholder="+4799887766"
          />
          <Field label="First name" value={first} onInput={setFirst} />
          <Field label="Last name" value={last} onInput={setLast} />
        </div>
        <ErrorLine error={add.error} />
        <button type="submit" class="primary" disabled={add.busy}>
          Add user
        </button>
      </form>
      <ErrorLine error={users.error ?? act.error} />
      <table aria-label="Managed users">
        <thead>
          <tr>
            <th>Phone</th>
            <th>Name</th>
            <th>Created</th>
            <th>
              <span class="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.data?.map((u) => (
            <tr key={u.id}>
              <td>{u.appUserId}</td>
              <td>{[u.firstName, u.lastName].filter(Boolean).join(' ') || '—'}</td>
              <td>{fmtTime(u.created)}</td>
              <td class="actions">
                <button
                  type="button"
                  class="danger"
                  onClick={() => {
                    if (!confirm(`Delete ${u.appUserId}? Their keys in this project are revoked.`)) return;
                    void act.run(async () => {
                      await api.delete('/v2/projects/{projectId}/managed-users/{appUserId}', {
                        path: { projectId, appUserId: u.appUserId },
                      });
                      users.reload();
                    });
                  }}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {users.data?.length === 0 && <p>No managed users yet.</p>}
    </div>
  );
}
