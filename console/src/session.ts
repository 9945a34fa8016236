// Who is logged in. Operators hold the admin token; integrators hold their client credentials and
// the access tokens obtained with them. Everything lives in sessionStorage (this tab only, gone when
// it closes) or in memory — never localStorage, which any later page of this origin could read.
import { ApiError, call } from './api.ts';

export type Session =
  | { kind: 'operator'; adminToken: string }
  | { kind: 'integrator'; clientId: string; clientSecret: string };

const KEY = 'latchkey.session';

export function loadSession(): Session | undefined {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Session) : undefined;
  } catch {
    return undefined;
  }
}

export function saveSession(s: Session | undefined): void {
  if (s) sessionStorage.setItem(KEY, JSON.stringify(s));
  else sessionStorage.removeItem(KEY);
  tokens.clear();
}

interface CachedToken {
  token: string;
  expiresAt: number;
}
const tokens = new Map<string, CachedToken>();

/**
 * An access token for a scope on a project or organization, from the token endpoint, reused until
 * 60 s before it expires (as integrators are asked to do).
 */
export async function tokenFor(
  s: Extract<Session, { kind: 'integrator' }>,
  scope: string,
  resource: { projectId?: string; organizationId?: string },
): Promise<string> {
  const key = `${scope} ${resource.projectId ?? resource.organizationId ?? ''}`;
  const hit = tokens.get(key);
  if (hit && hit.expiresAt > Date.now() + 60_000) return hit.token;
  // Credentials in the body (client_secret_post), not Basic: a 401 answering Basic credentials
  // carries a Basic challenge, which makes the browser pop up its own password dialog.
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    scope,
    client_id: s.clientId,
    client_secret: s.clientSecret,
  });
  if (resource.projectId) form.set('project_id', resource.projectId);
  if (resource.organizationId) form.set('organization_id', resource.organizationId);
  const r = await fetch('/oauth2/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new ApiError(r.status, body);
  tokens.set(key, { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 });
  return body.access_token;
}

export interface Resources {
  projects: { projectId: string; scope: string }[];
  organizations: { organizationId: string; scope: string }[];
}

/** What these client credentials may reach (resource discovery). */
export async function discover(s: Extract<Session, { kind: 'integrator' }>): Promise<Resources> {
  const r = await call<{ resources: Resources }>('POST', '/v2/auth/resources-discovery/', {
    body: { client_id: s.clientId, client_secret: s.clientSecret },
  });
  return r.resources;
}
