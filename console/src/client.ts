// The console's only way to the server: the project's typed TypeScript client (sdk/typescript),
// bundled in, calling the public HTTP API exactly as an integrator's code would. Paths, bodies and
// answers are checked against the OpenAPI document by the compiler.
import { LatchkeyClient, type Scope } from '../../sdk/typescript/src/client.ts';
import type { components } from '../../sdk/typescript/src/types.ts';

export { LatchkeyClient } from '../../sdk/typescript/src/client.ts';
export { LatchkeyError } from '../../sdk/typescript/src/errors.ts';

export type Schemas = components['schemas'];
export type Lock = Schemas['Lock'];
export type Key = Schemas['Key'];
export type Webhook = Schemas['Webhook'];
export type Delivery = Schemas['WebhookDelivery'];
export type AccessEvent = Schemas['AccessEvent'];
export type Project = Schemas['Project'];

export interface IntegratorCredentials {
  clientId: string;
  clientSecret: string;
}

const base = () => location.origin;

/** Calls that need no token (resource discovery, JWKS). */
export const anonymous = () => new LatchkeyClient({ baseUrl: base(), retries: 1 });

/** The admin API with this admin token (one client per token, forgotten on log out). */
export function operatorClient(adminToken: string): LatchkeyClient {
  let client = admins.get(adminToken);
  if (!client) {
    client = new LatchkeyClient({ baseUrl: base(), token: adminToken, retries: 1 });
    admins.set(adminToken, client);
  }
  return client;
}

const admins = new Map<string, LatchkeyClient>();
// One client per scope and resource: each caches its own token (in memory) until shortly before
// it expires, as integrators are asked to do.
const clients = new Map<string, LatchkeyClient>();

export function integratorClient(
  c: IntegratorCredentials,
  scope: Scope,
  resource: { projectId?: string; organizationId?: string },
): LatchkeyClient {
  const key = `${c.clientId} ${scope} ${resource.projectId ?? resource.organizationId}`;
  let client = clients.get(key);
  if (!client) {
    client = new LatchkeyClient({
      baseUrl: base(),
      retries: 1,
      // Form fields, not Basic: a 401 to Basic credentials makes the browser pop up a password dialog.
      credentials: { ...c, scope, ...resource, authMethod: 'client_secret_post' },
    });
    clients.set(key, client);
  }
  return client;
}

/** Forgets every client, with the tokens they cached and the admin tokens they hold (log out). */
export function forgetClients(): void {
  clients.clear();
  admins.clear();
}

/** Every item of a paged list, up to `max` (the console never needs more on one screen). */
export async function collect<T>(items: AsyncIterable<T>, max = 2000): Promise<T[]> {
  const out: T[] = [];
  for await (const it of items) {
    out.push(it);
    if (out.length >= max) break;
  }
  return out;
}

// One formatter for every time shown: toLocaleString with options builds a new one per call
// (~0.14 ms each; a keys screen of 200 rows made ~600 of them, a long task on a phone). The options
// are the ones toLocaleString fills in, so the text is the same.
//
// Built on first use, not when the script loads: the first Intl formatter of a page loads the
// browser's locale and time-zone data, 20–45 ms on this machine (four times that on Lighthouse's
// phone), which made the script's first task, the one that draws the screen, that much longer.
// preloadTimeFormat() builds it in a task of its own once the screen is drawn.
let timeFormat: Intl.DateTimeFormat | undefined;
const formatter = () =>
  (timeFormat ??= new Intl.DateTimeFormat(undefined, {
    hour12: false,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }));

/** Builds the time formatter in a later task (main.tsx, after the first render). */
export function preloadTimeFormat(): void {
  setTimeout(formatter, 0);
}

export function fmtTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatter().format(d);
}

/** The browser's own time zone (its first use too loads the locale data: see above). */
export function browserZone(): string {
  return formatter().resolvedOptions().timeZone || 'UTC';
}
