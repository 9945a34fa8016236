// Offline credentials of a project: its issuer key set (which key signs now, until when a rotated-out
// key stays listed) and rotating it. A lock's own side (its revocation list and provisioning bundle)
// is on the lock's screen (lock-credentials.tsx).
import { fmtTime, type Schemas } from '../client.ts';
import { useLoad } from '../hooks.ts';
import { ConfirmButton } from '../parts/confirm-button.tsx';
import { ResourceTable } from '../parts/resource-table.tsx';
import { href } from '../router.ts';
import type { TabProps } from '../tab.ts';
import { Done, ErrorLine, useAction } from '../ui.tsx';

type KeyState = Schemas['CredentialIssuerKeyState'];

/** A kid is a 43-character thumbprint: its start tells keys apart on screen, the rest is in the title. */
export function ShortId({ value, length = 12 }: { value: string; length?: number }) {
  if (value.length <= length) return <code>{value}</code>;
  return (
    <code title={value}>
      {value.slice(0, length)}…<span class="sr-only">{value.slice(length)}</span>
    </code>
  );
}

function stateText(s: KeyState): string {
  if (s.signing) return 'signs new credentials';
  return `rotated out ${fmtTime(s.retired)}; listed until ${fmtTime(s.listedUntil)}`;
}

export function Credentials({ api, projectId }: TabProps) {
  const set = useLoad(
    () => api.get('/v2/projects/{projectId}/credential-keys', { path: { projectId } }),
    [api],
  );
  const act = useAction();
  const signing = set.data?.states.find((s) => s.signing);
  return (
    <div>
      <section class="card" aria-labelledby="issuer-keys">
        <h2 id="issuer-keys">Issuer keys</h2>
        <p class="hint">
          Locks check offline credentials with these public keys, given to them in their provisioning bundle
          (on each lock's screen under Locks). After a rotation, credentials signed by the old key keep
          opening doors until they expire; provision the locks again so that they accept the new key.
        </p>
        <p data-testid="signing-kid">
          Signing now: {signing ? <code>{signing.kid}</code> : set.data ? 'none' : '…'}
        </p>
        <ErrorLine error={set.error ?? act.error} />
        <Done action={act} />
        <ResourceTable
          label="Issuer keys"
          rows={set.data?.states}
          rowKey={(s) => s.kid}
          rowAttrs={(s) => ({ 'data-kid': s.kid })}
          empty="No issuer key yet."
          columns={[
            { header: 'Key id (kid)', cell: (s) => <ShortId value={s.kid} /> },
            { header: 'Created', cell: (s) => fmtTime(s.created) },
            {
              header: 'State',
              cell: (s) => <span class={s.signing ? 'state active' : 'state'}>{stateText(s)}</span>,
            },
          ]}
        />
        <ConfirmButton
          action={act}
          danger
          confirm="Rotate the issuer key? A new key signs from now on. Locks accept credentials of the new key only after they are provisioned again."
          run={async () => {
            const r = await api.post('/v2/projects/{projectId}/credential-keys/rotate', {
              path: { projectId },
            });
            set.reload();
            const now = r.states.find((s) => s.signing);
            return `Issuer key rotated: ${now?.kid ?? 'a new key'} signs from now on. Provision your locks again.`;
          }}
        >
          Rotate issuer key
        </ConfirmButton>
        <p class="hint">
          Each rotation is recorded in the <a href={href('projects', projectId, 'audit')}>audit trail</a> as
          credentialKey.rotated.
        </p>
      </section>
    </div>
  );
}
