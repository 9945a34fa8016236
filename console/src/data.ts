// A project's lists that several tabs show, through the session's cache (cache.ts): the locks (for
// their names and the lock pickers) and the webhooks. A write reloads the list it changed
// (`reload()`), and every tab showing it follows.
import { invalidate, useShared } from './cache.ts';
import { collect, type Lock, type Webhook } from './client.ts';
import type { TabProps } from './tab.ts';

type Project = Pick<TabProps, 'api' | 'projectId'>;

const key = (projectId: string, list: string) => `${projectId}/${list}`;

export function useLocks({ api, projectId }: Project) {
  return useShared(key(projectId, 'locks'), () =>
    collect<Lock>(
      api.paginate('/v2/projects/{projectId}/locks', { path: { projectId }, query: { limit: 1000 } }),
    ),
  );
}

export function useWebhooks({ api, projectId }: Project) {
  return useShared(key(projectId, 'webhooks'), () =>
    collect<Webhook>(
      api.paginate('/v2/projects/{projectId}/webhooks', { path: { projectId }, query: { limit: 1000 } }),
    ),
  );
}

/** After a write that changes more than one list (offboarding a lock removes its webhooks). */
export function invalidateProject(projectId: string): void {
  invalidate(`${projectId}/`);
}
