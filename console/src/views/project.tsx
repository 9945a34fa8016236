// One project: a tab per resource. The tab is part of the URL (#/projects/<id>/<tab>).
import { useMemo } from 'preact/hooks';
import { integratorClient } from '../client.ts';
import { useLoad } from '../hooks.ts';
import { href } from '../router.ts';
import type { Integrator } from '../session.ts';
import type { TabProps } from '../tab.ts';
import { ErrorLine, Heading } from '../ui.tsx';
import { AccessLog } from './access-log.tsx';
import { Activity } from './activity.tsx';
import { Audit } from './audit.tsx';
import { Credentials } from './credentials.tsx';
import { Keys } from './keys.tsx';
import { LockDetail } from './lock-detail.tsx';
import { Locks } from './locks.tsx';
import { Sharing } from './sharing.tsx';
import { Users } from './users.tsx';
import { Webhooks } from './webhooks.tsx';

const TABS = [
  ['locks', 'Locks'],
  ['users', 'Users'],
  ['keys', 'Keys'],
  ['sharing', 'Sharing rights'],
  ['credentials', 'Credentials'],
  ['webhooks', 'Webhooks'],
  ['log', 'Access log'],
  ['activity', 'Activity'],
  ['audit', 'Audit trail'],
] as const;

export function ProjectView(props: { session: Integrator; projectId: string; tab: string; rest: string[] }) {
  const { projectId } = props;
  const api = useMemo(
    () => integratorClient(props.session, 'project.admin', { projectId }),
    [props.session, projectId],
  );
  const project = useLoad(
    () => api.get('/v2/projects/{projectId}', { path: { projectId } }).then((r) => r.project),
    [api],
  );
  const p = project.data;
  const tab = TABS.some(([t]) => t === props.tab) ? props.tab : 'locks';
  const ctx: TabProps = {
    api,
    projectId,
    project: p,
    sandbox: Boolean(p?.sandbox),
    projectSettled: !project.loading,
  };
  const tabLabel = TABS.find(([t]) => t === tab)?.[1] ?? 'Locks';
  return (
    <section>
      {/* The project's name only once known (an id would be replaced under the reader's eyes); the
          line keeps its height meanwhile. */}
      <p class="crumbs">
        <a href={href('projects')}>Projects</a> / <span class="crumb-name">{p?.name ?? '\u00a0'}</span>
        {p?.sandbox && <span class="badge">sandbox</span>}
      </p>
      <Heading title={p ? `${tabLabel} · ${p.name}` : tabLabel}>
        {tabLabel}
        <span class="sr-only">{p ? ` of ${p.name}` : ''}</span>
      </Heading>
      <ErrorLine error={project.error} />
      <nav class="tabs" aria-label="Project">
        {TABS.map(([t, label]) => (
          <a
            key={t}
            href={href('projects', props.projectId, t)}
            class={t === tab ? 'tab active' : 'tab'}
            aria-current={t === tab ? 'page' : undefined}
          >
            {label}
          </a>
        ))}
      </nav>
      {tab === 'locks' &&
        (props.rest[1] === 'door' ? (
          <LockDetail {...ctx} lockId={props.rest[0]!} />
        ) : (
          <Locks {...ctx} lockId={props.rest[0]} />
        ))}
      {tab === 'users' && <Users {...ctx} />}
      {tab === 'keys' && <Keys {...ctx} keyId={props.rest[0]} />}
      {tab === 'sharing' && <Sharing {...ctx} />}
      {tab === 'credentials' && <Credentials {...ctx} />}
      {tab === 'webhooks' && <Webhooks {...ctx} webhookId={props.rest[0]} />}
      {tab === 'log' && <AccessLog {...ctx} />}
      {tab === 'activity' && <Activity {...ctx} />}
      {tab === 'audit' && <Audit {...ctx} />}
    </section>
  );
}
