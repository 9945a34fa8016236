// Webhooks: register (the signing secret is shown once), enable/disable, rotate, send a test
// delivery, and each webhook's deliveries with every attempt (retry one, recover since a time).
import { useState } from 'preact/hooks';
import { collect, type Delivery, fmtTime, type Webhook } from '../client.ts';
import { useLoad } from '../hooks.ts';
import { href } from '../router.ts';
import { ErrorLine, Field, SecretOnce, useAction } from '../ui.tsx';
import { LockSelect, useLocks } from './locks.tsx';
import type { TabProps } from './project.tsx';

export function useWebhooks({ api, projectId }: Pick<TabProps, 'api' | 'projectId'>) {
  return useLoad(
    () =>
      collect<Webhook>(
        api.paginate('/v2/projects/{projectId}/webhooks', { path: { projectId }, query: { limit: 1000 } }),
      ),
    [api],
  );
}

export function Webhooks(props: TabProps & { webhookId?: string }) {
  const { api, projectId } = props;
  const locks = useLocks(props);
  const hooks = useWebhooks(props);
  const [secret, setSecret] = useState<{ label: string; value: string }>();
  const [lockId, setLockId] = useState('');
  const [url, setUrl] = useState('https://');
  const add = useAction();
  const act = useAction();
  const [tested, setTested] = useState<string>('');
  const chosenLock = lockId || locks.data?.[0]?.id || '';
  const lockName = (id: string) => locks.data?.find((l) => l.id === id)?.name ?? id;

  return (
    <div>
      <form
        class="card"
        aria-label="New webhook"
        onSubmit={(e) => {
          e.preventDefault();
          void add.run(async () => {
            const r = await api.post('/v2/projects/{projectId}/webhooks', {
              path: { projectId },
              body: { trigger: 'accessEvent', url, lockId: chosenLock },
            });
            setSecret({ label: 'Signing secret', value: r.webhook.secret });
            setUrl('https://');
            hooks.reload();
          });
        }}
      >
        <h2>New webhook</h2>
        <div class="row">
          <LockSelect id="hook-lock" locks={locks.data ?? []} value={chosenLock} onChange={setLockId} />
          <Field label="Receiver URL" type="url" value={url} onInput={setUrl} required hint="HTTPS only" />
        </div>
        <ErrorLine error={add.error} />
        <button type="submit" class="primary" disabled={add.busy || !chosenLock}>
          Register webhook
        </button>
      </form>
      {secret && <SecretOnce label={secret.label} value={secret.value} />}
      <ErrorLine error={hooks.error ?? act.error} />
      {tested && (
        <p class="ok" role="status">
          {tested}
        </p>
      )}
      <table aria-label="Webhooks">
        <thead>
          <tr>
            <th>URL</th>
            <th>Lock</th>
            <th>Enabled</th>
            <th>
              <span class="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {hooks.data?.map((h) => (
            <tr key={h.id}>
              <td class="url">
                <a href={href('projects', projectId, 'webhooks', h.id)}>{h.url}</a>
              </td>
              <td>{lockName(h.lockId)}</td>
              <td>{h.enabled ? 'yes' : 'no'}</td>
              <td class="actions">
                <button
                  type="button"
                  disabled={act.busy}
                  onClick={() =>
                    act.run(async () => {
                      const { attempt: a } = await api.post(
                        '/v2/projects/{projectId}/webhooks/{webhookId}/test',
                        {
                          path: { projectId, webhookId: h.id },
                        },
                      );
                      setTested(
                        `Test delivery to ${h.url}: ${a.responseStatus ?? 'no answer'}${a.error ? ` (${a.error})` : ''} in ${a.durationMs} ms`,
                      );
                    })
                  }
                >
                  Send test
                </button>
                <button
                  type="button"
                  disabled={act.busy}
                  onClick={() =>
                    act.run(async () => {
                      await api.patch('/v2/projects/{projectId}/webhooks/{webhookId}', {
                        path: { projectId, webhookId: h.id },
                        body: { enabled: !h.enabled },
                      });
                      hooks.reload();
                    })
                  }
                >
                  {h.enabled ? 'Disable' : 'Enable'}
                </button>
                <button
                  type="button"
                  disabled={act.busy}
                  onClick={() =>
                    act.run(async () => {
                      const r = await api.post(
                        '/v2/projects/{projectId}/webhooks/{webhookId}/rotate-secret',
                        {
                          path: { projectId, webhookId: h.id },
                        },
                      );
                      setSecret({
                        label: 'New signing secret (the old one keeps signing for 24 hours)',
                        value: r.secret,
                      });
                    })
                  }
                >
                  Rotate secret
                </button>
                <button
                  type="button"
                  class="danger"
                  disabled={act.busy}
                  onClick={() => {
                    if (!confirm(`Delete the webhook to ${h.url} and its delivery history?`)) return;
                    void act.run(async () => {
                      await api.delete('/v2/projects/{projectId}/webhooks/{webhookId}', {
                        path: { projectId, webhookId: h.id },
                      });
                      hooks.reload();
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
      {hooks.data?.length === 0 && <p>No webhooks yet.</p>}
      {props.webhookId && <Deliveries api={api} projectId={projectId} webhookId={props.webhookId} />}
    </div>
  );
}

function Deliveries({
  api,
  projectId,
  webhookId,
}: {
  api: TabProps['api'];
  projectId: string;
  webhookId: string;
}) {
  const [status, setStatus] = useState<'' | Delivery['status']>('');
  const list = useLoad(
    () =>
      api.get('/v2/projects/{projectId}/webhooks/{webhookId}/deliveries', {
        path: { projectId, webhookId },
        query: { limit: 100, status: status || undefined },
      }),
    [api, webhookId, status],
  );
  const [since, setSince] = useState('');
  const act = useAction();
  const [note, setNote] = useState('');
  const deliveries = list.data?.deliveries ?? [];
  return (
    <section class="card" aria-label="Deliveries">
      <header class="page-head">
        <h2>Deliveries</h2>
        <label>
          Status{' '}
          <select value={status} onChange={(e) => setStatus(e.currentTarget.value as Delivery['status'])}>
            <option value="">all</option>
            <option value="pending">pending</option>
            <option value="succeeded">succeeded</option>
            <option value="failed">failed</option>
          </select>
        </label>
        <button type="button" onClick={list.reload}>
          Refresh
        </button>
      </header>
      <form
        class="row"
        aria-label="Recover failed deliveries"
        onSubmit={(e) => {
          e.preventDefault();
          void act.run(async () => {
            const r = await api.post('/v2/projects/{projectId}/webhooks/{webhookId}/recover', {
              path: { projectId, webhookId },
              body: { since: new Date(since).toISOString() },
            });
            setNote(`Re-queued ${r.recovered} failed deliveries.`);
            list.reload();
          });
        }}
      >
        <Field label="Recover failed since" type="datetime-local" value={since} onInput={setSince} required />
        <button type="submit">Recover</button>
      </form>
      <ErrorLine error={list.error ?? act.error} />
      {note && <p role="status">{note}</p>}
      <table aria-label="Delivery list">
        <thead>
          <tr>
            <th>Event</th>
            <th>Status</th>
            <th>Attempts</th>
            <th>Next attempt</th>
            <th>
              <span class="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id}>
              <td>
                <code>{d.eventId}</code>
              </td>
              <td>
                <span class={`state ${d.status}`}>{d.status}</span>
              </td>
              <td>
                <ol class="attempts">
                  {d.attempts.map((a) => (
                    <li key={a.at}>
                      {fmtTime(a.at)}: {a.responseStatus ?? '—'}{' '}
                      {a.durationMs != null ? `${a.durationMs} ms` : ''}
                      {a.error ? ` ${a.error}` : ''}
                    </li>
                  ))}
                </ol>
              </td>
              <td>{fmtTime(d.nextAttemptAt)}</td>
              <td class="actions">
                {d.status !== 'pending' && (
                  <button
                    type="button"
                    onClick={() =>
                      act.run(async () => {
                        await api.post(
                          '/v2/projects/{projectId}/webhooks/{webhookId}/deliveries/{deliveryId}/retry',
                          {
                            path: { projectId, webhookId, deliveryId: d.id },
                          },
                        );
                        list.reload();
                      })
                    }
                  >
                    Retry
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {deliveries.length === 0 && !list.loading && <p>No deliveries.</p>}
    </section>
  );
}
