// `latchkey <command>`: serve | worker | migrate | keys rotate | admin <action>. Prints JSON.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { serve } from './main.ts';
import { appUserErase } from './resources/admin/erasure.ts';
import {
  clientCreate,
  clientDelete,
  clientRotateSecret,
  grantDelete,
  grantPut,
  organizationCreate,
} from './resources/admin/service.ts';
import { appTokenMint } from './resources/app/app-token.ts';
import { openAndMigrate } from './server.ts';

// bin/latchkey.js imports this module from the bundle (dist/cli.mjs): the error class it catches
// must be the bundle's own.
export { ConfigError };

const USAGE = `usage: latchkey <command>
  serve                                  start the HTTP API (and the delivery worker)
  worker                                 run only the delivery worker (/metrics, /healthz on PORT)
  migrate                                apply pending migrations
  keys rotate                            publish a new signing key (it signs after the activation delay)
  admin create-organization --name N
  admin create-client --organization-id ID --name N
  admin delete-client --client-id ID
  admin rotate-secret --client-id ID
  admin grant --client-id ID --resource-type organization|project --resource-id ID --scope S
  admin revoke-grant --client-id ID --resource-id ID
  admin app-token --app-user-id +4799887766
  admin erase-app-user --app-user-id +4799887766   erase a person from every project (right to erasure)`;

function fail(message: string): never {
  process.stderr.write(`latchkey: ${message}\n`);
  process.exit(2);
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
  fn: (ctx: Awaited<ReturnType<typeof createContext>>) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const db = await openAndMigrate(config);
  try {
    return await fn(await createContext(config, db));
  } finally {
    await db.close();
  }
}

export async function runCli(argv: string[]): Promise<void> {
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
    case 'worker':
      return serve({ workerOnly: true });
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
      return withContext(async (ctx) => {
        const k = await ctx.signingKeys.rotate();
        print({ kid: k.kid, signsFrom: k.signsFrom.toISOString() });
      });
    case 'admin':
      return withContext(async (ctx) => {
        switch (action) {
          case 'create-organization':
            return print({ organization: await organizationCreate(ctx.db, need(v, 'name')) });
          case 'create-client':
            return print(
              await clientCreate(ctx.db, ctx.keyring, need(v, 'organization-id'), need(v, 'name')),
            );
          case 'delete-client':
            await clientDelete(ctx.db, need(v, 'client-id'));
            return print({ deleted: true });
          case 'rotate-secret':
            return print({
              clientSecret: await clientRotateSecret(ctx.db, ctx.keyring, need(v, 'client-id')),
            });
          case 'grant': {
            const type = need(v, 'resource-type');
            if (type !== 'organization' && type !== 'project')
              fail('--resource-type must be organization or project');
            return print({
              grant: await grantPut(
                ctx.db,
                need(v, 'client-id'),
                type,
                need(v, 'resource-id'),
                need(v, 'scope'),
              ),
            });
          }
          case 'revoke-grant':
            await grantDelete(ctx.db, need(v, 'client-id'), need(v, 'resource-id'));
            return print({ revoked: true });
          case 'app-token': {
            const t = await appTokenMint(ctx, need(v, 'app-user-id'));
            return print({ access_token: t.accessToken, token_type: 'bearer', expires_in: t.expiresIn });
          }
          case 'erase-app-user': {
            const phone = need(v, 'app-user-id');
            if (!/^\+[1-9][0-9]{6,14}$/.test(phone))
              fail('--app-user-id must be an E.164 number like +4799887766');
            return print({ erased: await appUserErase(ctx.db, phone) });
          }
          default:
            fail(USAGE);
        }
      });
    default:
      fail(USAGE);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).catch((e: unknown) => {
    if (e instanceof ConfigError) fail(e.message);
    const detail = (e as { detail?: string }).detail;
    fail(detail ?? (e as Error).message);
  });
}
