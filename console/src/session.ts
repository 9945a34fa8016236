// Who is logged in. Operators hold the admin token; integrators their client credentials (the
// access tokens obtained with them stay in memory, inside the typed client). The session lives in
// sessionStorage: this tab only, gone when it closes — never localStorage, which every later page
// of this origin could read.
import { forgetCache } from './cache.ts';
import { anonymous, forgetClients, type IntegratorCredentials } from './client.ts';

export type Session =
  | { kind: 'operator'; adminToken: string }
  | ({ kind: 'integrator' } & IntegratorCredentials);

export type Integrator = Extract<Session, { kind: 'integrator' }>;

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
  // A new session starts with nothing of the last one: no client, token or admin token in memory,
  // nothing cached.
  forgetClients();
  forgetCache();
}

/** What these client credentials may reach (resource discovery, credentials as form fields). */
export async function discover(s: IntegratorCredentials) {
  const r = await anonymous().post('/v2/auth/resources-discovery/', {
    body: { client_id: s.clientId, client_secret: s.clientSecret },
  });
  return r.resources;
}
