// `latchkey <command>`: serve | dev | worker | migrate | keys rotate | receive | virtual-lock |
// admin <action>.
// Admin actions print JSON. They go through the running server's admin API when one answers with
// the admin token (so tokens are signed with the server's own issuer and audience, and the embedded
// store, which one process at a time may open, stays with the server); otherwise they open the store.
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { tokenAnswer } from './auth/issue-token.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { DataDirInUseError } from './db/lock-file.ts';
import { devAdminTokenFile } from './dev/dev.ts';
import { listPage } from './http/paging.ts';
import { serve } from './main.ts';
import { appUserErase } from './resources/admin/erasure.ts';
import {
  clientCreate,
  clientDelete,
  clientList,
  clientRotateSecret,
  grantDelete,
  grantList,
  grantPut,
  organizationCreate,
  organizationList,
} from './resources/admin/service.ts';
import { appTokenMint } from './resources/app/app-token.ts';
import { openAndMigrate } from './server.ts';

// bin/latchkey.js imports this module from the bundle (dist/cli.mjs): the error class it catches
// must be the bundle's own.
export { ConfigError };

const USAGE = `usage: latchkey <command>
  serve                                  start the HTTP API (and the delivery worker)
  dev                                    start for development: admin API on, loopback webhooks,
                                         demo data (npm run dev)
  worker                                 run only the delivery worker (/metrics, /healthz on PORT)
  migrate                                apply pending migrations
  keys rotate                            publish a new signing key (it signs after the activation delay)
  virtual-lock --offline [--provisioning FILE|URL] [--port N] [--clock ISO-TIME]
                                         a lock with no network that checks offline credentials
                                         on a local socket and keeps a journal (--help for more)
  receive [--port 9443] [--secret whsec_...] [--count N]
                                         a local HTTPS webhook receiver (https://localhost:PORT/...)
                                         that prints each delivery and checks its signature
  virtual-lock [--state-dir DIR] [...]   a virtual Matter door lock with a keypad (virtual-lock --help)
  admin create-organization --name N
  admin list-organizations [--limit N] [--start-after-id ID]
  admin create-client --organization-id ID --name N
  admin list-clients --organization-id ID
  admin delete-client --client-id ID
  admin rotate-secret --client-id ID
  admin grant --client-id ID --resource-type organization|project --resource-id ID --scope S
  admin list-grants --client-id ID
  admin revoke-grant --client-id ID --resource-id ID
  admin app-token --app-user-id +4799887766
  admin erase-app-user --app-user-id +4799887766   erase a person from every project (right to erasure)

admin commands use the admin API of the server at --url (default LATCHKEY_PUBLIC_URL, else
http://localhost:$PORT) with LATCHKEY_ADMIN_TOKEN (or the token \`latchkey dev\` generated) when it
answers; otherwise they open the store (DATABASE_URL or LATCHKEY_DATA_DIR) themselves.`;

class CliError extends Error {}

function fail(message: string): never {
  throw new CliError(message);
}

function print(v: unknown): void {
  process.stdout.write(`${JSON.stringify(v, null, 2)}\n`);
}

function need(values: Record<string, string | undefined>, name: string): string {
  const v = values[name];
  if (!v) fail(`--${name} is required\n${USAGE}`);
  return v;
}

async function withContext<T>(
  config: Readonly<Config>,
  fn: (ctx: Awaited<ReturnType<typeof createContext>>) => Promise<T>,
): Promise<T> {
  const db = await openAndMigrate(config);
  try {
    return await fn(await createContext(config, db));
  } finally {
    await db.close();
  }
}

function e164(phone: string): string {
  if (!/^\+[1-9][0-9]{6,14}$/.test(phone)) fail('--app-user-id must be an E.164 number like +4799887766');
  return phone;
}

/** A request to the admin API: what an admin action is over HTTP. */
interface AdminRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: object;
  /** What to print for a 204. */
  empty?: object;
}

function adminRequest(action: string | undefined, v: Record<string, string | undefined>): AdminRequest {
  const id = (name: string) => encodeURIComponent(need(v, name));
  switch (action) {
    case 'create-organization':
      return { method: 'POST', path: '/admin/v1/organizations', body: { name: need(v, 'name') } };
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
        body: { name: need(v, 'name') },
      };
    case 'list-clients':
      return { method: 'GET', path: `/admin/v1/organizations/${id('organization-id')}/clients` };
    case 'delete-client':
      return { method: 'DELETE', path: `/admin/v1/clients/${id('client-id')}`, empty: { deleted: true } };
    case 'rotate-secret':
      return { method: 'POST', path: `/admin/v1/clients/${id('client-id')}/rotate-secret` };
    case 'grant': {
      const resourceType = need(v, 'resource-type');
      if (resourceType !== 'organization' && resourceType !== 'project')
        fail('--resource-type must be organization or project');
      return {
        method: 'PUT',
        path: `/admin/v1/clients/${id('client-id')}/grants`,
        body: { resourceType, resourceId: need(v, 'resource-id'), scope: need(v, 'scope') },
      };
    }
    case 'list-grants':
      return { method: 'GET', path: `/admin/v1/clients/${id('client-id')}/grants` };
    case 'revoke-grant':
      return {
        method: 'DELETE',
        path: `/admin/v1/clients/${id('client-id')}/grants?resourceId=${id('resource-id')}`,
        empty: { revoked: true },
      };
    case 'app-token':
      return { method: 'POST', path: '/admin/v1/app-tokens', body: { appUserId: need(v, 'app-user-id') } };
    case 'erase-app-user':
      return {
        method: 'DELETE',
        path: `/admin/v1/app-users/${encodeURIComponent(e164(need(v, 'app-user-id')))}`,
      };
    default:
      fail(USAGE);
  }
}

/** The same action on the store itself (no server running, or no admin token). */
async function adminDirect(config: Readonly<Config>, action: string, v: Record<string, string | undefined>) {
  return withContext(config, async (ctx) => {
    switch (action) {
      case 'create-organization':
        return { organization: await organizationCreate(ctx.db, need(v, 'name')) };
      case 'list-organizations': {
        const limit = v.limit ? Number(v.limit) : 100;
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000) fail('--limit must be 1..1000');
        // The admin API's page (startAfterId only when another page may follow).
        return listPage(
          { limit, startAfterId: v['start-after-id'] },
          'organizations',
          (n, after) => organizationList(ctx.db, n, after),
          (o) => o,
        );
      }
      case 'create-client':
        return clientCreate(ctx.db, ctx.keyring, need(v, 'organization-id'), need(v, 'name'));
      case 'list-clients':
        return { clients: await clientList(ctx.db, need(v, 'organization-id')) };
      case 'delete-client':
        await clientDelete(ctx, need(v, 'client-id'));
        return { deleted: true };
      case 'rotate-secret':
        return { clientSecret: await clientRotateSecret(ctx, need(v, 'client-id')) };
      case 'grant': {
        const type = need(v, 'resource-type') as 'organization' | 'project';
        return {
          grant: await grantPut(ctx, need(v, 'client-id'), type, need(v, 'resource-id'), need(v, 'scope')),
        };
      }
      case 'list-grants':
        return { grants: await grantList(ctx.db, need(v, 'client-id')) };
      case 'revoke-grant':
        await grantDelete(ctx, need(v, 'client-id'), need(v, 'resource-id'));
        return { revoked: true };
      case 'app-token': {
        const t = await appTokenMint(ctx, need(v, 'app-user-id'));
        return tokenAnswer(t);
      }
      case 'erase-app-user':
        return { erased: await appUserErase(ctx.db, e164(need(v, 'app-user-id'))) };
      default:
        fail(USAGE);
    }
  });
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

async function viaAdminApi(base: string, token: string, req: AdminRequest): Promise<unknown> {
  const r = await fetch(`${base}${req.path}`, {
    method: req.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(req.body ? { 'content-type': 'application/json' } : {}),
    },
    body: req.body ? JSON.stringify(req.body) : undefined,
  });
  const text = await r.text();
  let body: { detail?: string; title?: string } | undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: reported below
  }
  if (r.status === 401)
    fail(
      `the server at ${base} did not accept the admin token: set LATCHKEY_ADMIN_TOKEN to the one it was started with`,
    );
  if (!r.ok) fail(`the server at ${base} answered ${r.status}: ${body?.detail ?? body?.title ?? text}`);
  return r.status === 204 ? (req.empty ?? {}) : body;
}

async function admin(action: string | undefined, v: Record<string, string | undefined>): Promise<void> {
  const req = adminRequest(action, v); // validates the arguments before anything is opened
  const config = loadConfig();
  const base = (v.url ?? config.publicUrl).replace(/\/$/, '');
  const token = knownAdminToken(config);
  if (token && (v.url || (await serverAnswers(base)))) return print(await viaAdminApi(base, token, req));
  if (v.url) fail('--url needs the admin token: set LATCHKEY_ADMIN_TOKEN');
  if (action === 'app-token') await sameIssuer(base, config.publicUrl);
  try {
    const result = await adminDirect(config, action!, v);
    if (action === 'app-token') {
      // Signed here with this shell's configuration: say for which server it is good.
      process.stderr.write(
        `latchkey: token signed for iss/aud ${config.publicUrl} (LATCHKEY_PUBLIC_URL, else http://localhost:$PORT); a server configured otherwise refuses it\n`,
      );
    }
    print(result);
  } catch (e) {
    if (!(e instanceof DataDirInUseError)) throw e;
    fail(
      `${e.message}.\nThe embedded store is opened by one process at a time, and the server has it. ` +
        `Let the CLI use the server's admin API instead: set LATCHKEY_ADMIN_TOKEN to the server's admin token ` +
        `(and --url if the server is not at ${base}); or stop the server first.`,
    );
  }
}

/**
 * `latchkey virtual-lock …` takes options of its own, so it is dispatched before the common ones
 * are parsed. `--offline` is the offline-credential lock (src/dev/virtual-lock-offline.ts); without
 * it, the Matter lock (src/dev/virtual-lock.ts, loaded only here: it brings matter.js).
 */
async function virtualLock(args: string[]): Promise<void> {
  if (args.includes('--offline')) {
    const { virtualLockOffline } = await import('./dev/virtual-lock-offline.ts');
    return virtualLockOffline(args);
  }
  const { virtualLockCli, VirtualLockUsageError } = await import('./dev/virtual-lock.ts');
  try {
    await virtualLockCli(args);
  } catch (e) {
    if (e instanceof VirtualLockUsageError) fail(e.message);
    throw e;
  }
}

export async function runCli(argv: string[]): Promise<void> {
  if (argv[0] === 'virtual-lock') return virtualLock(argv.slice(1));
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      'organization-id': { type: 'string' },
      'client-id': { type: 'string' },
      'resource-type': { type: 'string' },
      'resource-id': { type: 'string' },
      scope: { type: 'string' },
      'app-user-id': { type: 'string' },
      limit: { type: 'string' },
      'start-after-id': { type: 'string' },
      url: { type: 'string' },
      port: { type: 'string' },
      secret: { type: 'string', multiple: true },
      count: { type: 'string' },
      'dev-server': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, action] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const v = values as Record<string, string | undefined>;
  switch (command) {
    case 'serve':
      return serve();
    case 'dev': {
      const { dev } = await import('./dev/dev.ts');
      return dev(argv);
    }
    case 'worker':
      return serve({ workerOnly: true });
    case 'receive':
      return receive(values.port, values.secret ?? [], values.count);
    case 'migrate': {
      const config = loadConfig();
      const { migrate } = await import('./db/migrate.ts');
      const { openStore } = await import('./db/open.ts');
      const db = await openStore(config);
      try {
        print({ applied: await migrate(db) });
      } finally {
        await db.close();
      }
      return;
    }
    case 'keys':
      if (action !== 'rotate') fail(USAGE);
      return withContext(loadConfig(), async (ctx) => {
        const k = await ctx.signingKeys.rotate();
        print({ kid: k.kid, signsFrom: k.signsFrom.toISOString() });
      });
    case 'admin':
      return admin(action, v);
    default:
      fail(USAGE);
  }
}

async function receive(portArg: string | undefined, secrets: string[], countArg: string | undefined) {
  const port = Number(portArg ?? '9443');
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port must be a port number');
  const count = Number(countArg ?? '0');
  if (!Number.isInteger(count) || count < 0) fail('--count must be a whole number');
  for (const s of secrets)
    if (!/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(s))
      fail('--secret must be the webhook secret, whsec_ followed by base64');
  const { startReceiver } = await import('./dev/receive.ts');
  const dataDir = process.env.LATCHKEY_DATA_DIR || './data';
  const r = await startReceiver({
    port,
    dataDir,
    secrets,
    count,
    write: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(
    `latchkey receive: listening on ${r.url} (loopback only), ` +
      `${secrets.length ? 'checking signatures' : 'NOT checking signatures (no --secret)'}; ` +
      `its certificate is signed by ${r.caFile}, which \`npm run dev\` trusts` +
      `${count ? `; exits after ${count} verified ${count === 1 ? 'delivery' : 'deliveries'}` : ''}\n`,
  );
  const stop = () => void r.stop();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await r.stopped;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).catch((e: unknown) => {
    if (e instanceof ConfigError || e instanceof CliError) {
      process.stderr.write(`latchkey: ${e.message}\n`);
      process.exit(2);
    }
    const detail = (e as { detail?: string }).detail;
    process.stderr.write(`latchkey: ${detail ?? (e as Error).message}\n`);
    process.exit(2);
  });
}
