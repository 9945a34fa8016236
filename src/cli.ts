// `latchkey <command>`: serve | dev | worker | migrate | keys rotate | receive | dev-cert | bridge |
// virtual-lock | admin <action>.
// Commands that act on a store or a server say on stderr which one (stdout carries their JSON).
// Admin actions are requests to the admin API, answered by a server or by this process on the
// store (admin-cli.ts).
import { parseArgs } from 'node:util';
import { ADMIN_USAGE, ADMIN_WHERE, adminAction, CliError, fail } from './admin-cli.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { openStore, storeDescription } from './db/open.ts';
import { serve } from './main.ts';
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
  backup <file>                          the embedded store into <file>, consistent, while the server
                                         runs (PostgreSQL: pg_dump; docs/operations.md)
  restore <file>                         a backup into an empty LATCHKEY_DATA_DIR
  master-key rotate [--batch-size 500]   re-seal every stored secret under LATCHKEY_MASTER_KEY, while
                                         the service serves (old key in LATCHKEY_MASTER_KEY_PREVIOUS;
                                         resumable: run it again after a crash; docs/operations.md)
  receive [--port 9443] [--secret whsec_...] [--count N]
                                         a local HTTPS webhook receiver (https://localhost:PORT/...)
                                         that prints each delivery and checks its signature
  dev-cert [--out DIR]                   write receiver.crt and receiver.key for your own HTTPS
                                         receiver on localhost, signed by the development CA that
                                         \`npm run dev\` trusts (default DIR: LATCHKEY_DATA_DIR/dev)
  bridge [--url URL] [--state-dir DIR]   the bridge on the locks' network: connects out to the service
                                         with LATCHKEY_BRIDGE_TOKEN (bridge --help)
  virtual-lock [--state-dir DIR] [...]   a virtual Matter door lock with a keypad (virtual-lock --help)
  virtual-lock --offline [--provisioning FILE|URL] [--port N] [--clock ISO-TIME]
                                         a lock with no network that checks offline credentials
                                         on a local socket and keeps a journal (--help for more)
${ADMIN_USAGE}

${ADMIN_WHERE}`;

function print(v: unknown): void {
  process.stdout.write(`${JSON.stringify(v, null, 2)}\n`);
}

/** Says on stderr which store a command acts on. */
function onStore(config: Readonly<Config>, command: string): Readonly<Config> {
  process.stderr.write(`latchkey: ${command} on ${storeDescription(config)}\n`);
  return config;
}

async function withContext<T>(
  config: Readonly<Config>,
  fn: (ctx: Awaited<ReturnType<typeof createContext>>) => Promise<T>,
): Promise<T> {
  const db = await openAndMigrate(config);
  try {
    const ctx = await createContext(config, db);
    try {
      return await fn(ctx);
    } finally {
      await ctx.close();
    }
  } finally {
    await db.close();
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

/** `latchkey bridge …` takes options of its own (src/bridge/cli.ts, loaded only here). */
async function bridge(args: string[]): Promise<void> {
  const { bridgeCli, BridgeUsageError } = await import('./bridge/cli.ts');
  try {
    await bridgeCli(args);
  } catch (e) {
    if (e instanceof BridgeUsageError) fail(e.message);
    throw e;
  }
}

export async function runCli(argv: string[]): Promise<void> {
  if (argv[0] === 'virtual-lock') return virtualLock(argv.slice(1));
  if (argv[0] === 'bridge') return bridge(argv.slice(1));
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
      out: { type: 'string' },
      'dev-server': { type: 'boolean' },
      'batch-size': { type: 'string' },
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
    case 'dev-cert': {
      const { writeReceiverCertificate } = await import('./dev/dev-cert.ts');
      return print(writeReceiverCertificate(loadConfig().dataDir, values.out));
    }
    case 'migrate': {
      const config = onStore(loadConfig(), 'migrate');
      const { migrate } = await import('./db/migrate.ts');
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
      return withContext(onStore(loadConfig(), 'keys rotate'), async (ctx) => {
        const k = await ctx.signingKeys.rotate();
        print({ kid: k.kid, signsFrom: k.signsFrom.toISOString() });
      });
    case 'backup':
    case 'restore': {
      const { backupCli, restoreCli } = await import('./control/backup.ts');
      return print(await (command === 'backup' ? backupCli : restoreCli)(loadConfig(), action));
    }
    case 'master-key': {
      if (action !== 'rotate') fail(USAGE);
      const { masterKeyRotate } = await import('./control/master-key-cli.ts');
      return print(await masterKeyRotate(loadConfig(), v['batch-size']));
    }
    case 'admin':
      return print(await adminAction(loadConfig(), action, v, USAGE));
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
  const { dataDir } = loadConfig();
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
