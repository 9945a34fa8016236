// Webhooks: register (the signing secret is shown once), enable/disable, rotate, send a test
// delivery, and each webhook's deliveries with every attempt (retry one, recover since a time).
import { useState } from 'preact/hooks';
import { type Delivery, fmtTime } from '../client.ts';
import { useLocks, useWebhooks } from '../data.ts';
import { useLoad } from '../hooks.ts';
import { ConfirmButton } from '../parts/confirm-button.tsx';
import { LockSelect, lockNameOf, useLockChoice } from '../parts/lock-select.tsx';
import { ResourceTable } from '../parts/resource-table.tsx';
import { href } from '../router.ts';
import type { TabProps } from '../tab.ts';
import { Done, ErrorLine, Field, SecretOnce, useAction } from '../ui.tsx';

const HOOK_LABELS = {
  url: 'Receiver URL',
  lockId: 'Lock',
  allLocks: 'Every lock of the project',
  trigger: 'Sends',
} as const;

const TRIGGERS = [
  ['accessEvent', 'access events (the eight-field event)'],
  ['lockActivity', 'lock activity (jams, battery, connection, wrong codes)'],
  ['keyChanged', 'key changes (created, revoked, expired, shared)'],
] as const;
type Trigger = (typeof TRIGGERS)[number][0];

/** Whether an attempt's answer counts as delivered (2xx), as the service judges it. */
const delivered = (status: number | null | undefined) => status != null && status >= 200 && status < 300;

export function Webhooks(props: TabProps & { webhookId?: string }) {
  const { api, projectId } = props;
  const locks = useLocks(props);
  const hooks = useWebhooks(props);
  const [secret, setSecret] = useState<{ label: string; value: string }>();
  const [url, setUrl] = useState('https://');
  const add = useAction();
  const act = useAction();
  const [tested, setTested] = useState<{ text: string; ok: boolean }>();
  const [chosenLock, setLockId] = useLockChoice(locks.data);
  const [allLocks, setAllLocks] = useState(false);
  const [trigger, setTrigger] = useState<Trigger>('accessEvent');
  const lockName = lockNameOf(locks.data);

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
              body: allLocks ? { trigger, url, allLocks: true } : { trigger, url, lockId: chosenLock },
            });
            setSecret({ label: 'Signing secret', value: r.webhook.secret });
            setUrl('https://');
            hooks.reload();
            return `Webhook to ${r.webhook.url} registered.`;
          });
        }}
      >
        <h2>New webhook</h2>
        <div class="row">
          <div class="field">
            <label for="hook-trigger">Sends</label>
            <select
              id="hook-trigger"
              value={trigger}
              onChange={(e) => setTrigger(e.currentTarget.value as Trigger)}
            >
              {TRIGGERS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          {!allLocks && (
            <LockSelect id="hook-lock" locks={locks.data} value={chosenLock} onChange={setLockId} />
          )}
          <Field label="Receiver URL" type="url" value={url} onInput={setUrl} required hint="HTTPS only" />
        </div>
        <label class="check">
          <input type="checkbox" checked={allLocks} onChange={(e) => setAllLocks(e.currentTarget.checked)} />
          Every lock of the project, present and future
        </label>
        <ErrorLine error={add.error} labels={HOOK_LABELS} />
        <button type="submit" class="primary" aria-disabled={add.busy} disabled={!allLocks && !chosenLock}>
          Register webhook
        </button>
      </form>
      {secret && <SecretOnce label={secret.label} value={secret.value} />}
      <ErrorLine error={hooks.error ?? act.error} />
      {/* A failed test delivery in red: "no answer (ECONNREFUSED)" is not a success. */}
      {tested && <p class={tested.ok ? 'ok' : 'error'}>{tested.text}</p>}
      {!tested && <Done action={act} />}
      <ResourceTable
        label="Webhooks"
        rows={hooks.data}
        empty="No webhooks yet."
        columns={[
          {
            header: 'URL',
            class: 'url',
            cell: (h) => <a href={href('projects', projectId, 'webhooks', h.id)}>{h.url}</a>,
          },
          { header: 'Lock', cell: (h) => (h.lockId === undefined ? 'All locks' : lockName(h.lockId)) },
          { header: 'Sends', cell: (h) => h.trigger },
          { header: 'Enabled', cell: (h) => (h.enabled ? 'yes' : 'no') },
        ]}
        actions={(h) => (
          <>
            <ConfirmButton
              action={act}
              run={async () => {
                const { attempt: a } = await api.post('/v2/projects/{projectId}/webhooks/{webhookId}/test', {
                  path: { projectId, webhookId: h.id },
                });
                const ok = delivered(a.responseStatus);
                const text = `Test delivery to ${h.url} ${ok ? 'delivered' : 'failed'}: ${a.responseStatus ?? 'no answer'}${a.error ? ` (${a.error})` : ''} in ${a.durationMs} ms`;
                setTested({ text, ok });
                return text;
              }}
            >
              Send test
            </ConfirmButton>
            <ConfirmButton
              action={act}
              run={async () => {
                await api.patch('/v2/projects/{projectId}/webhooks/{webhookId}', {
                  path: { projectId, webhookId: h.id },
                  body: { enabled: !h.enabled },
                });
                hooks.reload();
                setTested(undefined);
                return `Webhook to ${h.url} ${h.enabled ? 'disabled' : 'enabled'}.`;
              }}
            >
              {h.enabled ? 'Disable' : 'Enable'}
            </ConfirmButton>
            <ConfirmButton
              action={act}
              run={async () => {
                const r = await api.post('/v2/projects/{projectId}/webhooks/{webhookId}/rotate-secret', {
                  path: { projectId, webhookId: h.id },
                });
                setSecret({
                  label: 'New signing secret (the old one keeps signing for 24 hours)',
                  value: r.secret,
                });
                setTested(undefined);
                return `Signing secret of ${h.url} rotated.`;
              }}
            >
              Rotate secret
            </ConfirmButton>
            <ConfirmButton
              action={act}
              danger
              confirm={`Delete the webhook to ${h.url} and its delivery history?`}
              run={async () => {
                await api.delete('/v2/projects/{projectId}/webhooks/{webhookId}', {
                  path: { projectId, webhookId: h.id },
                });
                hooks.reload();
                setTested(undefined);
                return `Webhook to ${h.url} deleted.`;
              }}
            >
              Delete
            </ConfirmButton>
          </>
        )}
      />
      {/* Below the list only once the list is there: shown earlier, it was pushed down as it loaded. */}
      {props.webhookId && hooks.data && (
        <Deliveries api={api} projectId={projectId} webhookId={props.webhookId} />
      )}
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
  const [shown, setShown] = useState<string | undefined>();
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
            list.reload();
            return `Re-queued ${r.recovered} failed deliveries.`;
          });
        }}
      >
        <Field label="Recover failed since" type="datetime-local" value={since} onInput={setSince} required />
        <button type="submit">Recover</button>
      </form>
      <ErrorLine error={list.error ?? act.error} />
      <Done action={act} />
      <ResourceTable
        label="Delivery list"
        rows={list.data?.deliveries}
        empty="No deliveries."
        columns={[
          { header: 'Event', cell: (d) => <code>{d.eventId}</code> },
          { header: 'Status', cell: (d) => <span class={`state ${d.status}`}>{d.status}</span> },
          { header: 'Attempts', cell: (d) => <Attempts attempts={d.attempts} /> },
          { header: 'Next attempt', cell: (d) => fmtTime(d.nextAttemptAt) },
        ]}
        detail={(d) =>
          shown === d.id && (
            <DeliveryBody api={api} projectId={projectId} webhookId={webhookId} deliveryId={d.id} />
          )
        }
        actions={(d) => (
          <>
            <button
              type="button"
              aria-expanded={shown === d.id}
              onClick={() => setShown(shown === d.id ? undefined : d.id)}
            >
              Body
            </button>
            {/* A failed delivery, or one still waiting after failed attempts: the next attempt now. */}
            {(d.status !== 'pending' || d.attempts.length > 0) && (
              <ConfirmButton
                action={act}
                run={async () => {
                  await api.post(
                    '/v2/projects/{projectId}/webhooks/{webhookId}/deliveries/{deliveryId}/retry',
                    {
                      path: { projectId, webhookId, deliveryId: d.id },
                    },
                  );
                  list.reload();
                  return `Delivery of ${d.eventId} queued again.`;
                }}
              >
                Retry now
              </ConfirmButton>
            )}
          </>
        )}
      />
    </section>
  );
}

/**
 * A delivery's attempts as one summary line (how many, the last answer), with every attempt on
 * demand: a list with hundreds of attempts drew a node per attempt before anyone asked.
 */
function Attempts({ attempts }: { attempts: Delivery['attempts'] }) {
  const last = attempts[attempts.length - 1];
  if (!last) return <span class="hint">none yet</span>;
  const failed = (a: Delivery['attempts'][number]) => !delivered(a.responseStatus);
  const summary = `${attempts.length} ${attempts.length === 1 ? 'attempt' : 'attempts'}, last ${fmtTime(last.at)}: ${last.responseStatus ?? 'no answer'}${last.error ? ` (${last.error})` : ''}`;
  if (attempts.length === 1) return <span class={failed(last) ? 'failed-text' : undefined}>{summary}</span>;
  return (
    <details>
      <summary class={failed(last) ? 'failed-text' : undefined}>{summary}</summary>
      <ol class="attempts">
        {attempts.map((a) => (
          <li key={a.at} class={failed(a) ? 'failed-text' : undefined}>
            {fmtTime(a.at)}: {a.responseStatus ?? 'no answer'}{' '}
            {a.durationMs != null ? `${a.durationMs} ms` : ''}
            {a.error ? ` ${a.error}` : ''}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** The exact JSON that was signed and posted for a delivery, as the service kept it. */
function DeliveryBody(props: {
  api: TabProps['api'];
  projectId: string;
  webhookId: string;
  deliveryId: string;
}) {
  const { api, projectId, webhookId, deliveryId } = props;
  const d = useLoad(
    () =>
      api
        .get('/v2/projects/{projectId}/webhooks/{webhookId}/deliveries/{deliveryId}', {
          path: { projectId, webhookId, deliveryId },
        })
        .then((r) => r.delivery),
    [deliveryId],
  );
  if (d.error) return <ErrorLine error={d.error} />;
  if (!d.data) return <p>Loading…</p>;
  let pretty = d.data.body;
  try {
    pretty = JSON.stringify(JSON.parse(d.data.body), null, 2);
  } catch {
    // Shown as sent.
  }
  return (
    <figure class="delivery-body">
      <figcaption>Body sent (signed as one line; shown indented)</figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <pre tabIndex={0}>{pretty}</pre>
    </figure>
  );
}
