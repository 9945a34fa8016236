// `latchkey dev` (`npm run dev`): Latchkey for a laptop. Unlike `npm start`, which stays
// production-safe, it
// - turns the admin API on with a generated token kept in <data>/dev/admin-token (unless
//   LATCHKEY_ADMIN_TOKEN is set), so the CLI and curl can use it across restarts;
// - allows webhooks to loopback (LATCHKEY_WEBHOOK_ALLOWED_CIDRS=127.0.0.0/8,::1/128 unless set) and
//   trusts the development CA whose certificates `latchkey receive` serves, so a local HTTPS
//   receiver works with no tunnel or other tool;
// - listens on 127.0.0.1 unless HOST is set;
// - uses the development master key in <data>/master.key unless LATCHKEY_MASTER_KEY is set, on
//   PostgreSQL too (`npm start` on PostgreSQL refuses to start without LATCHKEY_MASTER_KEY);
// - runs a bridge inside the service (LATCHKEY_BRIDGE=local unless set), whose Matter controller
//   starts only when a lock is connected;
// - on the first start, creates a demo organization, an API client (its secret printed once) and a
//   sandbox project, and prints the next commands.
// Node reads NODE_EXTRA_CA_CERTS only at start-up, so the server runs in a child process started with
// it; the child stops when this process goes away (its IPC channel closes), however it was killed.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadConfig } from '../config.ts';
import { loadMasterKey } from '../crypto/master-key.ts';
import { cidrText } from '../delivery/address-policy.ts';
import { serve, watchNpmParent } from '../main.ts';
import type { Running } from '../server.ts';
import { devCa, devDir } from './certificates.ts';

export const DEV_ALLOWED_CIDRS = '127.0.0.0/8,::1/128';
const CHILD_FLAG = '--dev-server';

/** The admin token `latchkey dev` generated for this data directory, if any. */
export function devAdminTokenFile(dataDir: string): string {
  return join(dataDir, 'dev', 'admin-token');
}

function adminToken(dataDir: string): string {
  const file = devAdminTokenFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  devDir(dataDir);
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}

/** `latchkey dev`: prepares the development environment and runs the server in a child process. */
export async function dev(argv: string[]): Promise<void> {
  if (argv.includes(CHILD_FLAG)) return devServer();
  const env = process.env;
  const dataDir = env.LATCHKEY_DATA_DIR || './data';
  const ca = devCa(dataDir);
  let trusted = ca.certFile;
  if (env.NODE_EXTRA_CA_CERTS && env.NODE_EXTRA_CA_CERTS !== ca.certFile) {
    // Node takes one file: keep the operator's CAs beside the development CA.
    trusted = join(devDir(dataDir), 'trusted-cas.crt');
    writeFileSync(trusted, `${readFileSync(env.NODE_EXTRA_CA_CERTS, 'utf8').trimEnd()}\n${ca.cert}`);
  }
  const child = fork(process.argv[1]!, ['dev', CHILD_FLAG], {
    execArgv: process.execArgv,
    env: {
      ...env,
      HOST: env.HOST || '127.0.0.1',
      LATCHKEY_ADMIN_TOKEN: env.LATCHKEY_ADMIN_TOKEN || adminToken(dataDir),
      LATCHKEY_MASTER_KEY: env.LATCHKEY_MASTER_KEY || loadMasterKey(undefined, dataDir).toString('base64'),
      LATCHKEY_WEBHOOK_ALLOWED_CIDRS: env.LATCHKEY_WEBHOOK_ALLOWED_CIDRS || DEV_ALLOWED_CIDRS,
      // The bridge inside the service: a lock on this machine's network (a virtual lock) can be
      // connected at once. Its Matter controller starts only with the first lock.
      LATCHKEY_BRIDGE: env.LATCHKEY_BRIDGE || 'local',
      NODE_EXTRA_CA_CERTS: trusted,
    },
    stdio: 'inherit',
  });
  // SIGINT from a terminal reaches both processes; either signal here closes the channel, which
  // stops the child gracefully (it drains requests and closes the store).
  const stop = () => {
    if (child.connected) child.disconnect();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  watchNpmParent(stop);
  const code = await new Promise<number>((resolve) =>
    child.once('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))),
  );
  process.exit(code);
}

async function devServer(): Promise<void> {
  const config = loadConfig();
  await serve({ config, afterStart: (server) => announce(server, config.dataDir) });
}

interface Demo {
  organizationId: string;
  clientId: string;
  projectId: string;
}

/** Creates the demo organization, client and sandbox project through the HTTP API itself. */
async function createDemo(server: Running): Promise<Demo & { clientSecret: string }> {
  const admin = { authorization: `Bearer ${server.ctx.config.adminToken}` };
  const call = async (method: 'GET' | 'POST', url: string, payload: object, headers: object) => {
    const r = await server.app.inject({ method, url, payload, headers: headers as Record<string, string> });
    if (r.statusCode >= 300)
      throw new Error(`demo data: ${method} ${url} answered ${r.statusCode}: ${r.body}`);
    return r.json();
  };
  const org = (await call('POST', '/admin/v1/organizations', { name: 'Demo organization' }, admin))
    .organization;
  const c = await call('POST', `/admin/v1/organizations/${org.id}/clients`, { name: 'demo-client' }, admin);
  const token = await call(
    'POST',
    '/oauth2/token',
    {
      grant_type: 'client_credentials',
      client_id: c.client.id,
      client_secret: c.clientSecret,
      scope: 'organization.admin',
      organization_id: org.id,
    },
    {},
  );
  const project = (
    await call(
      'POST',
      `/v2/organization/${org.id}/projects`,
      { name: 'Demo sandbox', timezone: 'UTC', sandbox: true },
      { authorization: `Bearer ${token.access_token}` },
    )
  ).project;
  return {
    organizationId: org.id,
    clientId: c.client.id,
    clientSecret: c.clientSecret,
    projectId: project.id,
  };
}

async function announce(server: Running, dataDir: string): Promise<void> {
  const config = server.ctx.config;
  const demoFile = join(devDir(dataDir), 'demo.json');
  let demo: Demo;
  let secret: string | undefined;
  if (existsSync(demoFile)) demo = JSON.parse(readFileSync(demoFile, 'utf8')) as Demo;
  else {
    const d = await createDemo(server);
    secret = d.clientSecret;
    demo = { organizationId: d.organizationId, clientId: d.clientId, projectId: d.projectId };
    writeFileSync(demoFile, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  }
  const base = config.publicUrl.replace(/\/$/, '');
  const rel = (p: string) => relative(process.cwd(), p) || p;
  const tokenFile = devAdminTokenFile(dataDir);
  const generated = existsSync(tokenFile) && readFileSync(tokenFile, 'utf8').trim() === config.adminToken;
  const lines = [
    '',
    `Latchkey for development at ${base} (API reference: ${base}/docs)`,
    `  admin API on: ${generated ? `LATCHKEY_ADMIN_TOKEN is in ${rel(tokenFile)}` : 'LATCHKEY_ADMIN_TOKEN as you set it'}`,
    `  webhooks to ${config.webhookAllowedCidrs.map(cidrText).join(', ')} allowed; receivers of \`npx latchkey receive\` trusted (${rel(join(dataDir, 'dev', 'ca.crt'))})`,
    `  demo organization ${demo.organizationId}, sandbox project ${demo.projectId}`,
    `  demo client ${demo.clientId}${secret ? `, secret ${secret} (shown this once)` : ` (its secret was shown on the first start; a new one: npx latchkey admin rotate-secret --client-id ${demo.clientId})`}`,
    '',
    'Next, in another terminal in this directory:',
    generated
      ? `  export LATCHKEY_ADMIN_TOKEN=$(cat ${rel(tokenFile)}) BASE=${base}`
      : `  export BASE=${base}   # and LATCHKEY_ADMIN_TOKEN as you set it`,
    '  npx latchkey admin list-organizations',
    secret
      ? `  curl -s -u '${demo.clientId}:${secret}' $BASE/oauth2/token -d grant_type=client_credentials -d scope=project.admin -d project_id=${demo.projectId}`
      : '  npx latchkey receive --port 9443 --secret whsec_...   # a local HTTPS webhook receiver',
    'The README walks from there to a verified webhook.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
