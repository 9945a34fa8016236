// An integrator's projects, as resource discovery lists them, and a new project in an organization
// the client administers.
import { useState } from 'preact/hooks';
import { call } from '../api.ts';
import { useLoad } from '../hooks.ts';
import { fmtTime, type Integrator } from '../project-api.ts';
import { go, href } from '../router.ts';
import { discover, tokenFor } from '../session.ts';
import { ErrorLine, Field, Page, useAction } from '../ui.tsx';
import { TimeZoneSelect } from './time-zone.tsx';

interface Project {
  id: string;
  name: string;
  timezone: string;
  created: string;
  sandbox?: boolean;
  organizationId: string;
}

export function Projects({ session }: { session: Integrator }) {
  const list = useLoad(async () => {
    const r = await discover(session);
    const projects = await Promise.all(
      r.projects.map(async (p) => {
        try {
          const token = await tokenFor(session, p.scope, { projectId: p.projectId });
          const { project } = await call<{ project: Project }>('GET', `/v2/projects/${p.projectId}`, {
            token,
          });
          return { ...project, scope: p.scope };
        } catch {
          // project.installer cannot read the project itself: show what discovery said
          return { id: p.projectId, name: p.projectId, scope: p.scope } as Project & { scope: string };
        }
      }),
    );
    return { projects, organizations: r.organizations.filter((o) => o.scope === 'organization.admin') };
  }, []);

  return (
    <Page title="Projects">
      <ErrorLine error={list.error} />
      {list.loading && <p aria-live="polite">Loading…</p>}
      {list.data && list.data.projects.length === 0 && <p>These credentials reach no project yet.</p>}
      {list.data && list.data.projects.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Time zone</th>
              <th>Scope</th>
              <th>Created</th>
            </tr>
          </thead>
          <tbody>
            {list.data.projects.map((p) => (
              <tr key={p.id}>
                <td>
                  <a href={href('projects', p.id, 'locks')}>{p.name}</a>
                  {p.sandbox && <span class="badge">sandbox</span>}
                </td>
                <td>{p.timezone ?? '—'}</td>
                <td>{p.scope}</td>
                <td>{fmtTime(p.created)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data?.organizations.map((o) => (
        <NewProject key={o.organizationId} session={session} organizationId={o.organizationId} />
      ))}
    </Page>
  );
}

function NewProject({ session, organizationId }: { session: Integrator; organizationId: string }) {
  const [name, setName] = useState('');
  const [timezone, setTimezone] = useState(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  const [sandbox, setSandbox] = useState(true);
  const { busy, error, run } = useAction();
  return (
    <form
      class="card"
      aria-label="New project"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          const token = await tokenFor(session, 'organization.admin', { organizationId });
          const body: Record<string, unknown> = { name, timezone };
          if (sandbox) body.sandbox = true;
          const r = await call<{ project: Project }>('POST', `/v2/organization/${organizationId}/projects`, {
            token,
            body,
          });
          go('projects', r.project.id, 'locks');
        });
      }}
    >
      <h2>New project</h2>
      <Field label="Project name" value={name} onInput={setName} required />
      <TimeZoneSelect label="Project time zone" value={timezone} onChange={setTimezone} />
      <label class="check">
        <input type="checkbox" checked={sandbox} onChange={(e) => setSandbox(e.currentTarget.checked)} />
        Sandbox (simulated access events; cannot be changed later)
      </label>
      <ErrorLine error={error} />
      <button type="submit" class="primary" disabled={busy}>
        Create project
      </button>
    </form>
  );
}
