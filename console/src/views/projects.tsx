// An integrator's projects, as resource discovery lists them, and a new project in an organization
// the client administers.
import { useState } from 'preact/hooks';
import { browserZone, fmtTime, integratorClient, type Project } from '../client.ts';
import { useLoad } from '../hooks.ts';
import { ResourceTable } from '../parts/resource-table.tsx';
import { TimeZoneSelect } from '../parts/time-zone.tsx';
import { go, href } from '../router.ts';
import { discover, type Integrator } from '../session.ts';
import { ErrorLine, Field, Page, useAction } from '../ui.tsx';

export function Projects({ session }: { session: Integrator }) {
  const list = useLoad(async () => {
    const r = await discover(session);
    const projects = await Promise.all(
      r.projects.map(async (p) => {
        if (p.scope !== 'project.admin') {
          // project.installer cannot read the project itself: show what discovery said
          return { id: p.projectId, name: p.projectId, scope: p.scope } as Partial<Project> & {
            id: string;
            scope: string;
          };
        }
        const api = integratorClient(session, 'project.admin', { projectId: p.projectId });
        const { project } = await api.get('/v2/projects/{projectId}', { path: { projectId: p.projectId } });
        return { ...project, scope: p.scope };
      }),
    );
    return { projects, organizations: r.organizations.filter((o) => o.scope === 'organization.admin') };
  }, []);

  return (
    <Page title="Projects">
      <ErrorLine error={list.error} />
      {list.loading && <p aria-live="polite">Loading…</p>}
      <ResourceTable
        label="Projects"
        rows={list.data?.projects}
        empty="These credentials reach no project yet."
        columns={[
          {
            header: 'Name',
            cell: (p) => (
              <>
                <a href={href('projects', p.id, 'locks')}>{p.name}</a>
                {p.sandbox && <span class="badge">sandbox</span>}
              </>
            ),
          },
          { header: 'Time zone', cell: (p) => p.timezone ?? '—' },
          { header: 'Scope', cell: (p) => p.scope },
          { header: 'Created', cell: (p) => fmtTime(p.created) },
        ]}
      />
      {list.data?.organizations.map((o) => (
        <NewProject key={o.organizationId} session={session} organizationId={o.organizationId} />
      ))}
    </Page>
  );
}

function NewProject({ session, organizationId }: { session: Integrator; organizationId: string }) {
  const api = integratorClient(session, 'organization.admin', { organizationId });
  // The organization's name, not its id, names the form.
  const org = useLoad(
    () =>
      api.get('/v2/organization/{organizationId}', { path: { organizationId } }).then((r) => r.organization),
    [organizationId],
  );
  const [name, setName] = useState('');
  const [timezone, setTimezone] = useState(browserZone);
  const [sandbox, setSandbox] = useState(true);
  const { busy, error, run } = useAction();
  return (
    <form
      class="card"
      aria-label={org.data ? `New project in ${org.data.name}` : 'New project'}
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          const r = await api.post('/v2/organization/{organizationId}/projects', {
            path: { organizationId },
            body: { name, timezone, sandbox },
          });
          go('projects', r.project.id, 'locks');
        });
      }}
    >
      <h2>New project{org.data ? ` in ${org.data.name}` : ''}</h2>
      <Field label="Project name" value={name} onInput={setName} required />
      <TimeZoneSelect label="Project time zone" value={timezone} onChange={setTimezone} />
      <label class="check">
        <input type="checkbox" checked={sandbox} onChange={(e) => setSandbox(e.currentTarget.checked)} />
        Sandbox (simulated access events; cannot be changed later)
      </label>
      <ErrorLine error={error} labels={{ name: 'Project name', timezone: 'Project time zone' }} />
      <button type="submit" class="primary" aria-disabled={busy}>
        Create project
      </button>
    </form>
  );
}
