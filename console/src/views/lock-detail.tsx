// One lock's door: its network connection (state, lock state, battery), connecting it with a
// pairing code, locking and unlocking it, its keys' PIN codes and what the lock reported (its
// activity). Reached from the Locks tab (#/projects/<id>/locks/<lockId>).
import { useState } from 'preact/hooks';
import { collect, fmtTime, type Key, type Schemas } from '../client.ts';
import { useLoad } from '../hooks.ts';
import { ConfirmButton } from '../parts/confirm-button.tsx';
import { ResourceTable } from '../parts/resource-table.tsx';
import { href } from '../router.ts';
import type { TabProps } from '../tab.ts';
import { Done, ErrorLine, Field, useAction } from '../ui.tsx';

type Activity = Schemas['LockActivity'];

const STATUS_WORDS: Record<string, string> = {
  commissioning: 'Connecting…',
  online: 'Online',
  unreachable: 'Unreachable',
  failed: 'Connection failed',
};

const CONNECT_LABELS = { pairingCode: 'Pairing code', bridgeId: 'Bridge id' } as const;

/** The battery as the lock reports it: a percentage, its own verdict, or nothing. */
function battery(c: { batteryPercent?: number | null; batteryLevel?: string | null }): string {
  if (typeof c.batteryPercent === 'number') return `${c.batteryPercent} %`;
  return c.batteryLevel ?? 'not reported';
}

export function LockDetail({ api, projectId, lockId }: TabProps & { lockId: string }) {
  const lock = useLoad(
    () =>
      api.get('/v2/projects/{projectId}/locks/{lockId}', { path: { projectId, lockId } }).then((r) => r.lock),
    [api, lockId],
  );
  const keys = useLoad(
    () =>
      collect<Key>(
        api.paginate('/v2/projects/{projectId}/keys', {
          path: { projectId },
          query: { lockId, limit: 1000 },
        }),
      ),
    [api, lockId],
  );
  const activity = useLoad(
    () =>
      api
        .get('/v2/projects/{projectId}/locks/{lockId}/activity', {
          path: { projectId, lockId },
          query: { limit: 50 },
        })
        .then((r) => r.activity),
    [api, lockId],
  );
  const act = useAction();
  const reload = () => {
    lock.reload();
    keys.reload();
    activity.reload();
  };
  const l = lock.data;
  const c = l?.connection ?? null;
  const operate = (action: 'locked' | 'unlocked') =>
    act.run(async () => {
      const r = await api.post('/v2/projects/{projectId}/locks/{lockId}/operate', {
        path: { projectId, lockId },
        body: { action },
      });
      reload();
      return `The lock is ${r.lockState}.`;
    });
  const withPins = (keys.data ?? []).filter((k) => k.pin);
  return (
    <div>
      <p>
        <a href={href('projects', projectId, 'locks')}>All locks</a>
      </p>
      <ErrorLine error={lock.error ?? act.error} />
      <Done action={act} />
      <section class="card" aria-labelledby="door-heading">
        <h2 id="door-heading">{l ? l.name : 'Lock'}</h2>
        {l && !c && <p>Not connected to a network lock.</p>}
        {c && (
          <dl class="facts" data-connection={c.status}>
            <dt>Connection</dt>
            <dd>{STATUS_WORDS[c.status] ?? c.status}</dd>
            <dt>Lock state</dt>
            <dd>{c.lockState}</dd>
            <dt>Battery</dt>
            <dd>{battery(c)}</dd>
            <dt>Keypad</dt>
            <dd>{c.keypad === null ? 'not known yet' : c.keypad ? 'yes: keys may have PIN codes' : 'no'}</dd>
            <dt>Last seen</dt>
            <dd>{c.lastSeen ? fmtTime(c.lastSeen) : '—'}</dd>
            {c.error && (
              <>
                <dt>Problem</dt>
                <dd>
                  {c.error.title}: {c.error.detail}
                </dd>
              </>
            )}
          </dl>
        )}
        {c && c.status !== 'failed' && c.status !== 'commissioning' && (
          <div class="row">
            <button
              type="button"
              class="primary"
              aria-disabled={act.busy}
              onClick={() => void operate('unlocked')}
            >
              Unlock
            </button>
            <button type="button" aria-disabled={act.busy} onClick={() => void operate('locked')}>
              Lock
            </button>
          </div>
        )}
        <div class="row">
          {c && (
            <ConfirmButton
              action={act}
              danger
              confirm="Disconnect this lock? What the service wrote to it is removed."
              run={async () => {
                const r = await api.delete('/v2/projects/{projectId}/locks/{lockId}/connection', {
                  path: { projectId, lockId },
                });
                reload();
                return r.warning ?? 'The lock is disconnected.';
              }}
            >
              Disconnect
            </ConfirmButton>
          )}
          <button type="button" onClick={reload}>
            Refresh
          </button>
        </div>
      </section>
      {l && (!c || c.status === 'failed') && <ConnectForm {...{ api, projectId, lockId }} onDone={reload} />}
      <h2>PIN codes</h2>
      <ErrorLine error={keys.error} />
      <ResourceTable
        label="PIN codes of this lock's keys"
        rows={keys.data === undefined ? undefined : withPins}
        empty="No key of this lock has a PIN code."
        columns={[
          { header: 'User', cell: (k) => k.appUserId },
          { header: 'Key', cell: (k) => k.state },
          { header: 'PIN', cell: (k) => k.pin?.status ?? '—' },
          {
            header: 'Problem',
            cell: (k) => (k.pin?.error ? `${k.pin.error.title}: ${k.pin.error.detail}` : '—'),
          },
        ]}
        rowAttrs={(k) => ({ 'data-pin-status': k.pin?.status ?? '' })}
      />
      <h2>Activity</h2>
      <ErrorLine error={activity.error} />
      <ResourceTable<Activity>
        label="What the lock reported"
        rows={activity.data}
        empty="Nothing reported yet."
        columns={[
          { header: 'When', cell: (a) => fmtTime(a.at) },
          { header: 'What', cell: (a) => a.kind },
          { header: 'By', cell: (a) => a.source ?? '—' },
          { header: 'Key', cell: (a) => a.keyId ?? '—' },
        ]}
        rowAttrs={(a) => ({ 'data-kind': a.kind })}
      />
    </div>
  );
}

function ConnectForm(props: Pick<TabProps, 'api' | 'projectId'> & { lockId: string; onDone: () => void }) {
  const [pairingCode, setPairingCode] = useState('');
  const [bridgeId, setBridgeId] = useState('');
  const action = useAction();
  return (
    <form
      class="card"
      aria-label="Connect a lock"
      onSubmit={(e) => {
        e.preventDefault();
        void action.run(async () => {
          await props.api.put('/v2/projects/{projectId}/locks/{lockId}/connection', {
            path: { projectId: props.projectId, lockId: props.lockId },
            body: { type: 'matter', pairingCode, bridgeId: bridgeId || undefined },
          });
          props.onDone();
          return 'Connecting: the bridge is commissioning the lock.';
        });
      }}
    >
      <h2>Connect a lock</h2>
      <div class="row">
        <Field
          label="Pairing code"
          value={pairingCode}
          onInput={setPairingCode}
          required
          hint="The 11- or 21-digit code on the lock's label or in its app, or its MT: QR text"
        />
        <Field
          label="Bridge id"
          value={bridgeId}
          onInput={setBridgeId}
          hint="Only when the organization has several bridges"
        />
      </div>
      <ErrorLine error={action.error} labels={CONNECT_LABELS} />
      <Done action={action} />
      <button type="submit" class="primary" aria-disabled={action.busy}>
        Connect
      </button>
    </form>
  );
}
