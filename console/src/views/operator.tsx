// Operators (the admin token): organizations, their API clients (the secret is shown once;
// rotate; delete), each client's grants, and which signing keys the server publishes.
import { useState } from 'preact/hooks';
import { SCOPES_BY_RESOURCE } from '../../../src/auth/scopes.ts';
import { useShared } from '../cache.ts';
import { anonymous, collect, fmtTime, operatorClient } from '../client.ts';
import { useLoad } from '../hooks.ts';
import { ConfirmButton } from '../parts/confirm-button.tsx';
import { ResourceTable } from '../parts/resource-table.tsx';
import { href } from '../router.ts';
import { Done, ErrorLine, Field, Page, SecretOnce, useAction } from '../ui.tsx';

type Op = { adminToken: string };

const admin = (s: Op) => operatorClient(s.adminToken);

/** Every organization, shared by the screens that show an organization's name instead of its id. */
function useOrganizations(session: Op) {
  return useShared('admin/organizations', () =>
    collect(admin(session).paginate('/admin/v1/organizations', { query: { limit: 1000 } })),
  );
}

export function Organizations({ session }: { session: Op }) {
  const orgs = useOrganizations(session);
  const [name, setName] = useState('');
  const add = useAction();
  return (
    <Page title="Organizations">
      <form
        class="card"
        aria-label="New organization"
        onSubmit={(e) => {
          e.preventDefault();
          void add.run(async () => {
            const r = await admin(session).post('/admin/v1/organizations', { body: { name } });
            setName('');
            orgs.reload();
            return `Organization ${r.organization.name} created.`;
          });
        }}
      >
        <div class="row">
          <Field label="Organization name" value={name} onInput={setName} required />
        </div>
        <ErrorLine error={add.error} labels={{ name: 'Organization name' }} />
        <Done action={add} />
        <button type="submit" class="primary" aria-disabled={add.busy}>
          Create organization
        </button>
      </form>
      <ErrorLine error={orgs.error} />
      <ResourceTable
        label="Organizations"
        rows={orgs.data}
        empty="No organizations yet."
        columns={[
          { header: 'Name', cell: (o) => <a href={href('organizations', o.id)}>{o.name}</a> },
          { header: 'Id', cell: (o) => <code>{o.id}</code> },
          { header: 'Created', cell: (o) => fmtTime(o.created) },
        ]}
      />
      <SigningKeys />
    </Page>
  );
}

export function Organization({ session, organizationId }: { session: Op; organizationId: string }) {
  const clients = useLoad(
    () =>
      admin(session)
        .get('/admin/v1/organizations/{organizationId}/clients', { path: { organizationId } })
        .then((r) => r.clients),
    [session, organizationId],
  );
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<{ label: string; value: string }>();
  const [open, setOpen] = useState<string | undefined>();
  const act = useAction();
  const orgs = useOrganizations(session);
  const orgName = orgs.data?.find((o) => o.id === organizationId)?.name;
  return (
    <Page title={orgName ? `API clients of ${orgName}` : 'API clients'}>
      <p class="crumbs">
        <a href={href('organizations')}>Organizations</a> /{' '}
        <span class="crumb-name">{orgName ?? '\u00a0'}</span>
      </p>
      <form
        class="card"
        aria-label="New API client"
        onSubmit={(e) => {
          e.preventDefault();
          void act.run(async () => {
            const r = await admin(session).post('/admin/v1/organizations/{organizationId}/clients', {
              path: { organizationId },
              body: { name },
            });
            setSecret({
              label: `Client secret of ${r.client.name} (client id ${r.client.id})`,
              value: r.clientSecret,
            });
            setName('');
            clients.reload();
          });
        }}
      >
        <div class="row">
          <Field label="Client name" value={name} onInput={setName} required />
        </div>
        <button type="submit" class="primary" aria-disabled={act.busy}>
          Create client
        </button>
      </form>
      {secret && <SecretOnce label={secret.label} value={secret.value} />}
      <ErrorLine error={clients.error ?? act.error} />
      <ResourceTable
        label="API clients"
        rows={clients.data}
        empty="No API clients yet."
        columns={[
          { header: 'Name', cell: (c) => c.name },
          { header: 'Client id', cell: (c) => <code>{c.id}</code> },
          { header: 'Created', cell: (c) => fmtTime(c.created) },
        ]}
        detail={(c) =>
          open === c.id && (
            <Grants
              session={session}
              clientId={c.id}
              orgNames={new Map((orgs.data ?? []).map((o) => [o.id, o.name]))}
            />
          )
        }
        actions={(c) => (
          <>
            <button
              type="button"
              aria-expanded={open === c.id}
              onClick={() => setOpen(open === c.id ? undefined : c.id)}
            >
              Grants
            </button>
            <ConfirmButton
              action={act}
              run={async () => {
                const r = await admin(session).post('/admin/v1/clients/{clientId}/rotate-secret', {
                  path: { clientId: c.id },
                });
                setSecret({
                  label: `New secret of ${c.name} (the old one stops working)`,
                  value: r.clientSecret,
                });
              }}
            >
              Rotate secret
            </ConfirmButton>
            <ConfirmButton
              action={act}
              danger
              confirm={`Delete client ${c.name}? Its tokens stop working within seconds.`}
              run={async () => {
                await admin(session).delete('/admin/v1/clients/{clientId}', { path: { clientId: c.id } });
                clients.reload();
              }}
            >
              Delete
            </ConfirmButton>
          </>
        )}
      />
    </Page>
  );
}

function Grants({
  session,
  clientId,
  orgNames,
}: {
  session: Op;
  clientId: string;
  /** Organizations by id: a grant on one shows its name (projects have no admin listing: their id). */
  orgNames: ReadonlyMap<string, string>;
}) {
  const grants = useLoad(
    () =>
      admin(session)
        .get('/admin/v1/clients/{clientId}/grants', { path: { clientId } })
        .then((r) => r.grants),
    [clientId],
  );
  const [resourceType, setType] = useState<'organization' | 'project'>('project');
  const [resourceId, setId] = useState('');
  const [scope, setScope] = useState('project.admin');
  const act = useAction();
  const scopes = SCOPES_BY_RESOURCE[resourceType];
  return (
    <div class="grants">
      <ErrorLine error={grants.error ?? act.error} />
      <ResourceTable
        label="Grants"
        rows={grants.data}
        rowKey={(g) => g.resourceId}
        empty="No grants."
        columns={[
          {
            header: 'Resource',
            cell: (g) => (
              <>
                {g.resourceType}{' '}
                {g.resourceType === 'organization' && orgNames.get(g.resourceId) ? (
                  <>
                    {orgNames.get(g.resourceId)} <small class="hint">{g.resourceId}</small>
                  </>
                ) : (
                  <code>{g.resourceId}</code>
                )}
              </>
            ),
          },
          { header: 'Scope', cell: (g) => g.scope },
        ]}
        actions={(g) => (
          <ConfirmButton
            action={act}
            danger
            run={async () => {
              await admin(session).delete('/admin/v1/clients/{clientId}/grants', {
                path: { clientId },
                query: { resourceId: g.resourceId },
              });
              grants.reload();
            }}
          >
            Remove
          </ConfirmButton>
        )}
      />
      <form
        class="row"
        aria-label="Give a grant"
        onSubmit={(e) => {
          e.preventDefault();
          void act.run(async () => {
            await admin(session).put('/admin/v1/clients/{clientId}/grants', {
              path: { clientId },
              body: { resourceType, resourceId: resourceId.trim(), scope: scope as 'project.admin' },
            });
            setId('');
            grants.reload();
          });
        }}
      >
        <label>
          Resource type{' '}
          <select
            value={resourceType}
            onChange={(e) => {
              const t = e.currentTarget.value as 'organization' | 'project';
              setType(t);
              setScope(SCOPES_BY_RESOURCE[t][0]);
            }}
          >
            <option value="project">project</option>
            <option value="organization">organization</option>
          </select>
        </label>
        <Field label="Resource id" value={resourceId} onInput={setId} required />
        <label>
          Scope{' '}
          <select value={scope} onChange={(e) => setScope(e.currentTarget.value)}>
            {scopes.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <button type="submit">Give grant</button>
      </form>
    </div>
  );
}

/** The token-signing keys the server publishes (JWKS): what verifiers can check tokens with now. */
function SigningKeys() {
  const jwks = useLoad(() => anonymous().get('/.well-known/jwks.json'), []);
  return (
    <section class="card" aria-label="Signing keys">
      <h2>Signing keys</h2>
      <ErrorLine error={jwks.error} />
      <ul>
        {jwks.data?.keys.map((k) => (
          <li key={String(k.kid)}>
            <code>{String(k.kid)}</code> {String(k.alg ?? 'ES256')} {String(k.crv ?? '')}
          </li>
        ))}
      </ul>
      <p class="hint">
        Rotate with <code>latchkey keys rotate</code>: a new key is published before it signs.
      </p>
    </section>
  );
}
