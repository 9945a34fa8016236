// Calls on one project with a project.admin token obtained (and reused) with the integrator's
// client credentials.
import { call } from './api.ts';
import { type Session, tokenFor } from './session.ts';

export type Integrator = Extract<Session, { kind: 'integrator' }>;

export interface ProjectApi {
  projectId: string;
  get<T = any>(path: string): Promise<T>;
  send<T = any>(method: string, path: string, body?: unknown): Promise<T>;
  token(): Promise<string>;
}

export function projectApi(session: Integrator, projectId: string): ProjectApi {
  const token = () => tokenFor(session, 'project.admin', { projectId });
  const base = `/v2/projects/${encodeURIComponent(projectId)}`;
  return {
    projectId,
    token,
    async get(path) {
      return call('GET', `${base}${path}`, { token: await token() });
    },
    async send(method, path, body) {
      return call(method, `${base}${path}`, { token: await token(), body });
    },
  };
}

/** Every item of a keyset-paged list (limit/startAfterId), up to `max`. */
export async function allPages<T extends { id: string }>(
  fetchPage: (query: string) => Promise<Record<string, unknown>>,
  listKey: string,
  max = 2000,
): Promise<T[]> {
  const items: T[] = [];
  let after: string | undefined;
  do {
    const q = `limit=1000${after ? `&startAfterId=${encodeURIComponent(after)}` : ''}`;
    const page = await fetchPage(q);
    items.push(...((page[listKey] as T[]) ?? []));
    after = page.startAfterId as string | undefined;
  } while (after && items.length < max);
  return items;
}

export function fmtTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { hour12: false });
}
