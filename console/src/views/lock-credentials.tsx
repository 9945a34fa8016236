// One lock's side of offline credentials: its revocation list (each revoked key linked to the key)
// and its provisioning bundle, the JSON an installer gives the lock, to copy. Shown on the locks
// screen when the URL names a lock (#/projects/<id>/locks/<lockId>).
import { useState } from 'preact/hooks';
import { collect, fmtTime, type Key, type Lock } from '../client.ts';
import { useLoad } from '../hooks.ts';
import { href } from '../router.ts';
import type { TabProps } from '../tab.ts';
import { ErrorLine } from '../ui.tsx';
import { ShortId } from './credentials.tsx';

export function LockCredentials({
  api,
  projectId,
  lockId,
  lock,
}: Pick<TabProps, 'api' | 'projectId'> & { lockId: string; lock: Lock | undefined }) {
  const bundle = useLoad(
    () => api.get('/v2/projects/{projectId}/locks/{lockId}/provisioning', { path: { projectId, lockId } }),
    [api, lockId],
  );
  // The lock's keys, revoked ones included, to say whose each revoked id was.
  const keys = useLoad(
    () =>
      collect<Key>(
        api.paginate('/v2/projects/{projectId}/keys', {
          path: { projectId },
          query: { limit: 1000, lockId },
        }),
      ),
    [api, lockId],
  );
  const [copied, setCopied] = useState(false);
  const name = lock?.name ?? 'the lock';
  const revocation = bundle.data?.revocation;
  const keyOf = (id: string) => keys.data?.find((k) => k.id === id);
  const json = bundle.data ? JSON.stringify(bundle.data, null, 2) : '';
  return (
    <section class="card" aria-labelledby="lock-credentials" data-testid="lock-credentials">
      <h2 id="lock-credentials">Offline credentials of {name}</h2>
      <p>
        <a href={href('projects', projectId, 'locks')}>Close</a>
      </p>
      <ErrorLine error={bundle.error ?? keys.error} />
      <h3>Revocation list</h3>
      <p class="hint">
        Every credential for this lock carries this list; the lock keeps the one with the highest version it
        has seen, and refuses the keys it names.
      </p>
      {/* Lines that wait for the answer are there from the start, so that nothing below moves when it comes. */}
      <p data-testid="revocation-version">Version {revocation ? revocation.v : '…'}</p>
      {revocation && (
        <>
          {revocation.before !== undefined && (
            <p>
              Also revoked: every credential for this lock issued before{' '}
              {fmtTime(new Date(revocation.before * 1000).toISOString())}.
            </p>
          )}
          {revocation.keys.length === 0 ? (
            <p>No revoked keys whose credentials may still be valid.</p>
          ) : (
            <ul aria-label="Revoked keys" data-testid="revoked-keys">
              {revocation.keys.map((id) => {
                const k = keyOf(id);
                return (
                  <li key={id} data-key-id={id}>
                    <a href={href('projects', projectId, 'keys', id)}>
                      <ShortId value={id} length={id.length} />
                    </a>
                    {k && (
                      <small class="hint">
                        {' '}
                        {k.appUserId}, revoked {fmtTime(k.revoked ?? null)}
                      </small>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      <h3>Provisioning bundle</h3>
      <p class="hint">
        Give this to the lock over a channel the installer trusts; provision again after an issuer key
        rotation.
      </p>
      <figure class="delivery-body bundle">
        <figcaption>Provisioning bundle (JSON)</figcaption>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
        <pre tabIndex={0} data-testid="provisioning-bundle" aria-busy={!bundle.data}>
          {json}
        </pre>
        <button
          type="button"
          aria-disabled={!bundle.data}
          onClick={async () => {
            if (!bundle.data) return;
            await navigator.clipboard?.writeText(json).catch(() => {});
            setCopied(true);
          }}
        >
          {copied ? 'Copied' : 'Copy bundle'}
        </button>
      </figure>
    </section>
  );
}
