// The service, `latchkey bridge` processes and virtual locks, each a real process in its own network
// namespace on a private IPv6 LAN (matter.ts, netns.ts): what test/matter/e2e.test.ts and
// `npm run bench:matter` (its service part) share. The caller's process stays on the host and
// reaches the service through a Unix socket forwarded into the service's namespace; a webhook
// receiver (`latchkey receive`) runs beside the service. On PostgreSQL the service reaches the
// database by its Unix socket (the namespace has no route to the host's loopback).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { SHORT_LIVED_FLAGS } from '../../scripts/build.mjs';
import { devCa } from '../../src/dev/certificates.ts';
import { ADMIN_TOKEN } from './app.ts';
import { type MatterLab, matterLab } from './matter.ts';
import { type ProcessStore, processStore } from './process.ts';

const ROOT = join(import.meta.dirname, '..', '..');
export const LATCHKEY = join(ROOT, 'bin', 'latchkey.js');
const LOG_LEVEL = process.env.MATTER_TEST_LOG_LEVEL ?? 'error';

export interface ApiAnswer {
  status: number;
  headers: Record<string, unknown>;
  /** Parsed JSON (text when not JSON), read field by field by the callers. */
  body: any;
}

/** One line a receiver printed, with the time it printed it (its own clock, the host's). */
export interface ReceivedLine {
  line: string;
  at: number;
}

export interface ServiceLab {
  lab: MatterLab;
  store: ProcessStore;
  /** The store's data directory (the dev CA lives there; bridges keep their state under it). */
  work: string;
  /** Output of every process started so far, by name (shown when `until` times out). */
  outputs: Record<string, () => string>;
  /** The service's base URL as seen from the other namespaces. */
  serviceUrl: string;
  /** An HTTP request to the service, through the Unix socket forwarded into its namespace. */
  api(method: string, path: string, o?: { token?: string; body?: unknown }): Promise<ApiAnswer>;
  /** Polls fn every 100 ms until it returns something truthy; on timeout, throws with the outputs. */
  until<T>(what: string, fn: () => Promise<T | undefined | false>, ms?: number): Promise<T>;
  collect(name: string, child: ChildProcess, onLine?: (line: string) => void): void;
  startService(): Promise<void>;
  stopService(): Promise<void>;
  /** `latchkey bridge` in its namespace, with its token; `name` keys its output and state dir. */
  startBridge(host: string, token: string, name?: string): ChildProcess;
  /** `latchkey receive` beside the service (https://127.0.0.1:port), checking signatures with secret. */
  startReceiver(port: number, secret: string): Promise<{ child: ChildProcess; lines: ReceivedLine[] }>;
  close(): Promise<void>;
}

/** Namespaces `svc` (the service), then `hosts` (bridges and locks). */
export async function serviceLab(port: number, hosts: string[]): Promise<ServiceLab> {
  const lab = await matterLab(['svc', ...hosts]);
  let store: ProcessStore | undefined;
  let sockDir: string | undefined;
  let service: ChildProcess | undefined;
  const outputs: Record<string, () => string> = {};
  try {
    store = await processStore({ migrated: true });
    sockDir = mkdtempSync(join(tmpdir(), 'latchkey-e2e-'));
  } catch (e) {
    await lab.close();
    throw e;
  }
  const work = store.env.LATCHKEY_DATA_DIR!;
  const socket = join(sockDir, 'api.sock');
  const serviceUrl = `http://[${lab.net.hosts.svc!.address}]:${port}`;

  const collect = (name: string, child: ChildProcess, onLine?: (line: string) => void) => {
    let out = '';
    child.stderr?.on('data', (d) => {
      out += d;
    });
    if (child.stdout)
      createInterface({ input: child.stdout }).on('line', (l) => {
        out += `${l}\n`;
        onLine?.(l);
      });
    outputs[name] = () => out;
  };

  const api: ServiceLab['api'] = (method, path, o = {}) =>
    new Promise((resolve, reject) => {
      const body = o.body === undefined ? undefined : JSON.stringify(o.body);
      const req = request(
        {
          socketPath: socket,
          path,
          method,
          headers: {
            host: 'latchkey.test',
            ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => {
            text += d;
          });
          res.on('end', () => {
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON
            }
            resolve({ status: res.statusCode!, headers: res.headers, body: parsed });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  const until = async <T>(
    what: string,
    fn: () => Promise<T | undefined | false>,
    ms = 60_000,
  ): Promise<T> => {
    const end = Date.now() + ms;
    let lastError = '';
    for (;;) {
      const v = await fn().catch((e: Error) => {
        lastError = e.message;
        return undefined;
      });
      if (v) return v;
      if (Date.now() > end)
        throw new Error(
          `timed out waiting for ${what} (${lastError})\n${Object.entries(outputs)
            .map(([k, f]) => `--- ${k}\n${f().slice(-3000)}`)
            .join('\n')}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const startService = () => {
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      ...store.env,
      HOST: '::',
      PORT: String(port),
      LATCHKEY_PUBLIC_URL: serviceUrl,
      LATCHKEY_ADMIN_TOKEN: ADMIN_TOKEN,
      LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8,::1/128',
      LATCHKEY_LOG_LEVEL: 'info',
      LATCHKEY_BRIDGE: 'off',
      NODE_EXTRA_CA_CERTS: devCa(work).certFile,
    };
    if (env.DATABASE_URL) {
      // Inside the namespace the database is reached by its Unix socket.
      const u = new URL(env.DATABASE_URL);
      u.searchParams.set('host', process.env.TEST_PG_SOCKET_DIR ?? '/var/run/postgresql');
      env.DATABASE_URL = u.toString();
    }
    // With SHORT_LIVED_FLAGS, as helpers/process.ts starts servers (scripts/build.mjs says why).
    service = lab.net.spawn('svc', process.execPath, [...SHORT_LIVED_FLAGS, LATCHKEY, 'serve'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    collect('service', service);
    return until(
      'the service to answer /readyz',
      async () => (await api('GET', '/readyz')).status === 200,
      240_000,
    ).then(() => undefined);
  };

  const stopService = async () => {
    const s = service!;
    if (s.exitCode !== null || s.signalCode !== null) return;
    const exited = new Promise((r) => s.once('exit', r));
    s.kill('SIGTERM');
    await exited;
  };

  const close = async () => {
    await lab.close(); // kills what it spawned (the service, bridges, locks, the forwarder)
    await store?.dispose();
    if (sockDir) rmSync(sockDir, { recursive: true, force: true });
  };

  try {
    // The way in: a Unix socket in the service's namespace, forwarded to the service's port.
    const forward = lab.net.spawn(
      'svc',
      process.execPath,
      [
        '-e',
        `const net = require('node:net');
         net.createServer((c) => { const u = net.connect(${port}, '::1'); c.pipe(u).pipe(c);
           u.on('error', () => c.destroy()); c.on('error', () => u.destroy()); })
           .listen(process.argv[1], () => console.log('ready'));`,
        socket,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    collect('forwarder', forward);
    await until('the forwarder', async () => outputs.forwarder!().includes('ready'), 30_000);
    await startService();
  } catch (e) {
    await close();
    throw e;
  }

  return {
    lab,
    store,
    work,
    outputs,
    serviceUrl,
    api,
    until,
    collect,
    startService,
    stopService,
    startBridge(host, token, name = 'bridge') {
      const child = lab.net.spawn(
        host,
        process.execPath,
        [LATCHKEY, 'bridge', '--url', serviceUrl, '--state-dir', join(work, name), '--log-level', LOG_LEVEL],
        {
          cwd: ROOT,
          env: { ...process.env, LATCHKEY_BRIDGE_TOKEN: token, LATCHKEY_MATTER_LIVENESS_SECONDS: '10' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      collect(name, child);
      return child;
    },
    async startReceiver(receiverPort, secret) {
      const lines: ReceivedLine[] = [];
      const child = lab.net.spawn(
        'svc',
        process.execPath,
        [LATCHKEY, 'receive', '--port', String(receiverPort), '--secret', secret],
        { cwd: ROOT, env: { ...process.env, LATCHKEY_DATA_DIR: work }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      collect('receiver', child, (line) => lines.push({ line, at: Date.now() }));
      await until('the receiver', async () => outputs.receiver!().includes('listening'), 60_000);
      return { child, lines };
    },
    close,
  };
}

/** An organization with a client, a project in `timezone`, and tokens for both scopes. */
export async function matterTenancy(s: ServiceLab, timezone = 'Europe/Oslo') {
  const { api } = s;
  const org = await api('POST', '/admin/v1/organizations', { token: ADMIN_TOKEN, body: { name: 'Door Co' } });
  const organizationId = org.body.organization.id as string;
  const client = await api('POST', `/admin/v1/organizations/${organizationId}/clients`, {
    token: ADMIN_TOKEN,
    body: { name: 'c' },
  });
  const creds = {
    grant_type: 'client_credentials',
    client_id: client.body.client.id,
    client_secret: client.body.clientSecret,
  };
  const orgToken = (
    await api('POST', '/v2/auth/token', {
      body: { ...creds, scope: 'organization.admin', organization_id: organizationId },
    })
  ).body.access_token as string;
  const project = await api('POST', `/v2/organization/${organizationId}/projects`, {
    token: orgToken,
    body: { name: 'Site', timezone },
  });
  const projectId = project.body.project.id as string;
  const token = (
    await api('POST', '/v2/auth/token', { body: { ...creds, scope: 'project.admin', project_id: projectId } })
  ).body.access_token as string;
  return { organizationId, orgToken, projectId, token };
}

/** An app token for appUserId (the admin API). */
export async function appToken(s: ServiceLab, appUserId: string): Promise<string> {
  return (await s.api('POST', '/admin/v1/app-tokens', { token: ADMIN_TOKEN, body: { appUserId } })).body
    .access_token;
}
