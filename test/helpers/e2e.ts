// End-to-end kit: a Latchkey server as a real process (test/helpers/process.ts) spoken to only through
// its public HTTP API, and the app login through the `log` OTP sender (the code is read from the
// server's stdout, where the log sender writes it).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { type Receiver, startReceiver } from './delivery.ts';
import { freePort } from './net.ts';
import { startPrismProxy } from './prism.ts';
import {
  type ProcessStore,
  processStore,
  type ServerProcess,
  startServerProcess,
  waitReady,
} from './process.ts';

export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123456789';
export const TEST_CA_FILE = join(import.meta.dirname, '..', 'fixtures', 'tls', 'ca.crt');

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

export interface E2eServer {
  base: string;
  server: ServerProcess;
  call(method: string, path: string, o?: { body?: unknown; token?: string }): Promise<Reply>;
  stop(): Promise<void>;
}

/** Starts the server as `npm start` runs it (dist/main.mjs) on the store, trusting the test CA, loopback receivers allowed. */
export async function startE2eServer(
  store: ProcessStore,
  env: Record<string, string> = {},
  /** A port to listen on (a server started again where it was, with the same public URL). */
  o: { port?: number } = {},
): Promise<E2eServer> {
  const port = o.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const server = startServerProcess({
    ...store.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LATCHKEY_PUBLIC_URL: base,
    LATCHKEY_ADMIN_TOKEN: E2E_ADMIN_TOKEN,
    LATCHKEY_APP_OTP_SENDER: 'log',
    LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8,::1/128',
    LATCHKEY_WEBHOOK_RETRY_SCHEDULE: '0.05,0.1,0.2',
    NODE_EXTRA_CA_CERTS: TEST_CA_FILE,
    ...env,
  });
  // Generous: a cold tsx start on a loaded 2-core machine has taken over a minute.
  await waitReady(base, server, 180_000);
  // npm run test:prism: clients speak to Prism's validating proxy in front of the process.
  const prism = process.env.TEST_VIA_PRISM === '1' ? await startPrismProxy(base) : undefined;
  const clientBase = prism?.base ?? base;
  return {
    base: clientBase,
    server,
    async call(method, path, o = {}) {
      const r = await fetch(`${clientBase}${path}`, {
        method,
        headers: {
          ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        },
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
      });
      const text = await r.text();
      return { status: r.status, body: text ? JSON.parse(text) : undefined, headers: r.headers };
    },
    async stop() {
      await prism?.close();
      if (server.child.exitCode !== null) return;
      server.child.kill('SIGTERM');
      const code = await Promise.race([
        server.exited,
        new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 10_000)),
      ]);
      if (code === 'timeout') server.child.kill('SIGKILL');
    },
  };
}

/** The newest login code the log sender wrote for the phone, from the server's stdout. */
export function otpFromOutput(output: string, phone: string): string | undefined {
  const re = new RegExp(`APP LOGIN CODE .* for \\${phone}: (\\d{6})`);
  let code: string | undefined;
  for (const line of output.split('\n')) {
    let msg = '';
    try {
      msg = (JSON.parse(line) as { msg?: string }).msg ?? '';
    } catch {
      continue; // not a log line, or one still being written
    }
    const m = re.exec(msg);
    if (m) code = m[1];
  }
  return code;
}

/** OTP login as the mobile app does it: request a code, read it from the log, trade it for a token. */
export async function appLogin(s: E2eServer, phone: string): Promise<string> {
  const seen = s.server.output().length; // only a code sent for this request counts
  const otp = await s.call('POST', '/v2/app/auth/otp', { body: { appUserId: phone } });
  assert.equal(otp.status, 202, JSON.stringify(otp.body));
  const deadline = Date.now() + 10_000;
  let code = otpFromOutput(s.server.output().slice(seen), phone);
  while (!code) {
    if (Date.now() > deadline) throw new Error(`no login code for ${phone} in the log`);
    await new Promise((r) => setTimeout(r, 25));
    code = otpFromOutput(s.server.output().slice(seen), phone);
  }
  const tok = await s.call('POST', '/v2/app/auth/token', { body: { appUserId: phone, code } });
  assert.equal(tok.status, 200, JSON.stringify(tok.body));
  const claims = JSON.parse(Buffer.from(tok.body.access_token.split('.')[1], 'base64url').toString());
  assert.equal(claims.scope, 'app.user');
  assert.equal(claims.sub, phone);
  return tok.body.access_token;
}

/** Admin API → organization and client; client credentials → organization token → project → project token. */
export async function tenantThroughApi(s: E2eServer) {
  const org = await s.call('POST', '/admin/v1/organizations', {
    token: E2E_ADMIN_TOKEN,
    body: { name: 'E2E Org' },
  });
  assert.equal(org.status, 201, JSON.stringify(org.body));
  const organizationId: string = org.body.organization.id;
  const client = await s.call('POST', `/admin/v1/organizations/${organizationId}/clients`, {
    token: E2E_ADMIN_TOKEN,
    body: { name: 'e2e integrator' },
  });
  assert.equal(client.status, 201, JSON.stringify(client.body));
  const creds = { client_id: client.body.client.id, client_secret: client.body.clientSecret };
  const orgTok = await s.call('POST', '/v2/auth/token/', {
    body: {
      grant_type: 'client_credentials',
      ...creds,
      scope: 'organization.admin',
      organization_id: organizationId,
    },
  });
  assert.equal(orgTok.status, 200, JSON.stringify(orgTok.body));
  const project = await s.call('POST', `/v2/organization/${organizationId}/projects`, {
    token: orgTok.body.access_token,
    body: { name: 'E2E HQ', timezone: 'Europe/Oslo' },
  });
  assert.equal(project.status, 201, JSON.stringify(project.body));
  const projectId: string = project.body.project.id;
  const projTok = await s.call('POST', '/v2/auth/token/', {
    body: { grant_type: 'client_credentials', ...creds, scope: 'project.admin', project_id: projectId },
  });
  assert.equal(projTok.status, 200, JSON.stringify(projTok.body));
  return { organizationId, projectId, projectToken: projTok.body.access_token as string };
}

export interface E2eFixture {
  store: ProcessStore;
  server: E2eServer;
  /** A loopback HTTPS receiver (test certificate) that answers 204. */
  receiver: Receiver;
}

/** For a test file: a throwaway store, a loopback HTTPS receiver and a server, started before and stopped after. */
export function e2eFixture(): E2eFixture {
  const f = {} as E2eFixture;
  before(async () => {
    f.store = await processStore({ migrated: true });
    f.receiver = await startReceiver((_r, res) => {
      res.writeHead(204).end();
    });
    f.server = await startE2eServer(f.store);
  });
  after(async () => {
    await f.server?.stop();
    await f.receiver?.close();
    await f.store?.dispose();
  });
  return f;
}
