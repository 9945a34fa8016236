// `latchkey admin <action>`: each action is ONE admin API request, built from the arguments and
// answered by the same operation (src/resources/admin/routes.ts) wherever it runs:
// - `--url`: the server there (it needs the admin token);
// - else, with DATABASE_URL set: that PostgreSQL, through the operations in this process
//   (buildApp(ctx).inject(), no socket). An explicit store wins over a server that merely answers
//   at the default address, which may be a development server on another store;
// - else the server at LATCHKEY_PUBLIC_URL (default http://localhost:$PORT) when it answers and
//   the admin token is known (LATCHKEY_ADMIN_TOKEN, or the one `latchkey dev` generated), so app
//   tokens carry the server's own issuer and the embedded store, which one process at a time may
//   open, stays with the server;
// - else the embedded store in LATCHKEY_DATA_DIR, through the operations in this process.
// Either way the API validates and normalises the request; the answer's JSON goes to stdout, and
// where the action ran (the server's URL, or the store) to stderr, so stdout stays parseable.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { createContext } from './context.ts';
import { DataDirInUseError } from './db/lock-file.ts';
import { storeDescription } from './db/open.ts';
import { devAdminTokenFile } from './dev/dev.ts';
import { adminOperations } from './resources/admin/routes.ts';
import { openAndMigrate } from './server.ts';

export class CliError extends Error {}

export function fail(message: string): never {
  throw new CliError(message);
}

export type Args = Record<string, string | undefined>;

/** A request to the admin API: what an admin action is. */
export interface AdminRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: object;
  /** What to print for a 204. */
  empty?: object;
}

/** The answer, from the server or from the operations run in this process. */
interface Answer {
  status: number;
  text: string;
}

export const ADMIN_USAGE = `  admin create-organization --name N
  admin list-organizations [--limit N] [--start-after-id ID]
  admin create-client --organization-id ID --name N
  admin list-clients --organization-id ID
  admin delete-client --client-id ID
  admin rotate-secret --client-id ID
  admin grant --client-id ID --resource-type organization|project --resource-id ID --scope S
  admin list-grants --client-id ID
  admin revoke-grant --client-id ID --resource-id ID
  admin app-token --app-user-id +4799887766
  admin erase-app-user --app-user-id +4799887766   erase a person from every project (right to erasure)`;

export const ADMIN_WHERE = `admin commands act, in this order of choice: on the server at --url; on the PostgreSQL of
DATABASE_URL; on the server at LATCHKEY_PUBLIC_URL (else http://localhost:$PORT) when it answers
and the admin token is known (LATCHKEY_ADMIN_TOKEN, or the one \`latchkey dev\` generated); else on
the embedded store in LATCHKEY_DATA_DIR. They print the answer's JSON on stdout and where they acted
on stderr.`;

/** The admin API request of an action. Only what makes the request is checked here; the API checks the rest. */
export function adminRequest(action: string | undefined, v: Args, usage: string): AdminRequest {
  const need = (name: string): string => v[name] || fail(`--${name} is required\n${usage}`);
  const id = (name: string) => encodeURIComponent(need(name));
  switch (action) {
    case 'create-organization':
      return { method: 'POST', path: '/admin/v1/organizations', body: { name: need('name') } };
    case 'list-organizations': {
      const q = new URLSearchParams();
      if (v.limit) q.set('limit', v.limit);
      if (v['start-after-id']) q.set('startAfterId', v['start-after-id']);
      return { method: 'GET', path: `/admin/v1/organizations${q.size ? `?${q}` : ''}` };
    }
    case 'create-client':
      return {
        method: 'POST',
        path: `/admin/v1/organizations/${id('organization-id')}/clients`,
        body: { name: need('name') },
      };
    case 'list-clients':
      return { method: 'GET', path: `/admin/v1/organizations/${id('organization-id')}/clients` };
    case 'delete-client':
      return { method: 'DELETE', path: `/admin/v1/clients/${id('client-id')}`, empty: { deleted: true } };
    case 'rotate-secret':
      return { method: 'POST', path: `/admin/v1/clients/${id('client-id')}/rotate-secret` };
    case 'grant':
      return {
        method: 'PUT',
        path: `/admin/v1/clients/${id('client-id')}/grants`,
        body: { resourceType: need('resource-type'), resourceId: need('resource-id'), scope: need('scope') },
      };
    case 'list-grants':
      return { method: 'GET', path: `/admin/v1/clients/${id('client-id')}/grants` };
    case 'revoke-grant':
      return {
        method: 'DELETE',
        path: `/admin/v1/clients/${id('client-id')}/grants?resourceId=${id('resource-id')}`,
        empty: { revoked: true },
      };
    case 'app-token':
      return { method: 'POST', path: '/admin/v1/app-tokens', body: { appUserId: need('app-user-id') } };
    case 'erase-app-user': {
      // A malformed path parameter is a 404 to the API (a URL that names nothing): say it here.
      const phone = need('app-user-id');
      if (!/^\+[1-9][0-9]{6,14}$/.test(phone)) fail('--app-user-id must be an E.164 number like +4799887766');
      return { method: 'DELETE', path: `/admin/v1/app-users/${encodeURIComponent(phone)}` };
    }
    default:
      fail(usage);
  }
}

/** LATCHKEY_ADMIN_TOKEN, else the one `latchkey dev` generated in the data directory. */
function knownAdminToken(config: Readonly<Config>): string | undefined {
  if (config.adminToken) return config.adminToken;
  const file = devAdminTokenFile(config.dataDir);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
}

/** Whether a Latchkey server answers at base (a connection refused or a timeout: no). */
async function serverAnswers(base: string): Promise<boolean> {
  try {
    const r = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) });
    await r.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

type Target = { kind: 'server'; base: string; token: string } | { kind: 'store' };

async function targetOf(config: Readonly<Config>, v: Args): Promise<Target> {
  const token = knownAdminToken(config);
  if (v.url) {
    if (!token) fail('--url needs the admin token: set LATCHKEY_ADMIN_TOKEN');
    return { kind: 'server', base: v.url.replace(/\/$/, ''), token };
  }
  if (config.databaseUrl) return { kind: 'store' };
  const base = config.publicUrl.replace(/\/$/, '');
  if (token && (await serverAnswers(base))) return { kind: 'server', base, token };
  return { kind: 'store' };
}

async function viaServer(base: string, token: string, req: AdminRequest): Promise<Answer> {
  const r = await fetch(`${base}${req.path}`, {
    method: req.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(req.body ? { 'content-type': 'application/json' } : {}),
    },
    body: req.body ? JSON.stringify(req.body) : undefined,
  });
  return { status: r.status, text: await r.text() };
}

/**
 * The request run by the admin operations in this process on the store (no socket): the same
 * routes, validation, handlers and error handler as the server's, under an admin token made for
 * this one request.
 */
async function viaStore(config: Readonly<Config>, req: AdminRequest): Promise<Answer> {
  const adminToken = randomBytes(32).toString('base64url');
  const db = await openAndMigrate(config);
  try {
    const ctx = await createContext({ ...config, adminToken, logLevel: 'warn' }, db, {
      logStream: process.stderr,
    });
    const app = await buildApp(ctx, { operations: adminOperations });
    try {
      const r = await app.inject({
        method: req.method,
        url: req.path,
        headers: { authorization: `Bearer ${adminToken}` },
        ...(req.body ? { payload: req.body } : {}),
      });
      return { status: r.statusCode, text: r.body };
    } finally {
      await app.close();
      await ctx.close();
    }
  } finally {
    await db.close();
  }
}

/**
 * Before signing an app token here: when a server answers at base and announces another issuer
 * (RFC 8414 metadata), it would refuse the token (`iss` and `aud` are compared exactly), so say so.
 */
async function sameIssuer(base: string, publicUrl: string): Promise<void> {
  let issuer: unknown;
  try {
    const r = await fetch(`${base}/.well-known/oauth-authorization-server`, {
      signal: AbortSignal.timeout(2000),
    });
    issuer = r.ok ? ((await r.json()) as { issuer?: unknown }).issuer : undefined;
  } catch {
    return; // no server there: nothing to compare with
  }
  if (typeof issuer === 'string' && issuer !== publicUrl)
    fail(
      `the server at ${base} issues tokens as ${issuer}, but this shell's configuration gives ${publicUrl} ` +
        `(LATCHKEY_PUBLIC_URL, else http://localhost:$PORT), so it would refuse a token signed here. ` +
        `Set LATCHKEY_PUBLIC_URL=${issuer}, or LATCHKEY_ADMIN_TOKEN so the server mints the token itself.`,
    );
}

/** The answer's body, or a CliError in the API's own words (its detail and each invalid parameter). */
function answerOf(req: AdminRequest, a: Answer, where: string): unknown {
  let body:
    | { detail?: string; title?: string; invalidParams?: { name: string; reason: string }[] }
    | undefined;
  try {
    body = a.text ? JSON.parse(a.text) : undefined;
  } catch {
    // not JSON: reported below
  }
  if (a.status >= 400) {
    const params = (body?.invalidParams ?? []).map((p) => `\n  ${p.name}: ${p.reason}`).join('');
    fail(`${where} answered ${a.status}: ${body?.detail ?? body?.title ?? a.text}${params}`);
  }
  return a.status === 204 ? (req.empty ?? {}) : body;
}

const say = (line: string) => process.stderr.write(`latchkey: ${line}\n`);

/** Runs one admin action and returns what to print. */
export async function adminAction(
  config: Readonly<Config>,
  action: string | undefined,
  v: Args,
  usage: string,
): Promise<unknown> {
  const req = adminRequest(action, v, usage); // the arguments are checked before anything is opened
  const target = await targetOf(config, v);
  if (target.kind === 'server') {
    say(`admin ${action} via the server at ${target.base}`);
    const a = await viaServer(target.base, target.token, req);
    if (a.status === 401)
      fail(
        `the server at ${target.base} did not accept the admin token: set LATCHKEY_ADMIN_TOKEN to the one it was started with`,
      );
    return answerOf(req, a, `the server at ${target.base}`);
  }
  const store = storeDescription(config);
  say(`admin ${action} on ${store}`);
  if (action === 'app-token') await sameIssuer(config.publicUrl.replace(/\/$/, ''), config.publicUrl);
  let a: Answer;
  try {
    a = await viaStore(config, req);
  } catch (e) {
    if (!(e instanceof DataDirInUseError)) throw e;
    fail(
      `${e.message}.\nThe embedded store is opened by one process at a time, and the server has it. ` +
        `Let the CLI use the server's admin API instead: set LATCHKEY_ADMIN_TOKEN to the server's admin token ` +
        `(and --url if the server is not at ${config.publicUrl}); or stop the server first.`,
    );
  }
  if (action === 'app-token' && a.status < 300)
    // Signed here with this shell's configuration: say for which server it is good.
    say(
      `token signed for iss/aud ${config.publicUrl} (LATCHKEY_PUBLIC_URL, else http://localhost:$PORT); a server configured otherwise refuses it`,
    );
  return answerOf(req, a, 'the admin API');
}
