// A server process started with a low limit on open files (`ulimit -n 256`) keeps descriptors in
// reserve: many clients from several addresses open streams until one is refused with 429 (the
// reserve, before any per-client or per-address limit), and /healthz, another tenant's requests
// and a token request still answer 200 on new connections while the streams stay open.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { freePort } from '../helpers/net.ts';
import {
  type ProcessStore,
  processStore,
  type ServerProcess,
  startServerProcess,
  waitReady,
} from '../helpers/process.ts';
import type { SseStream } from '../helpers/sse.ts';
import { openStream } from '../helpers/streams.ts';

const MAX_OPEN_FILES = 256;

let store: ProcessStore;
let server: ServerProcess;
let base: string;

before(async () => {
  store = await processStore({ migrated: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServerProcess(
    {
      ...store.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LATCHKEY_PUBLIC_URL: base,
      LATCHKEY_ADMIN_TOKEN: ADMIN_TOKEN,
      LATCHKEY_TOKEN_RATE_PER_CLIENT: '0',
      LATCHKEY_TOKEN_RATE_PER_IP: '0',
      LATCHKEY_WORKER: 'off',
      // The embedded store alone keeps ~150 files open (PostgreSQL's relation files), so of 256
      // the default reserve (128) would leave no room for streams.
      LATCHKEY_CONNECTION_RESERVE: '48',
    },
    { maxOpenFiles: MAX_OPEN_FILES },
  );
  await waitReady(base, server);
});
after(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  await store.dispose();
});

/** The test helpers' JSON call, over a new HTTP connection to the server process. */
async function call(method: string, url: string, o: { body?: unknown; token?: string } = {}) {
  return new Promise<{ status: number; body: any; headers: Record<string, unknown> }>((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const req = request(new URL(url, base), { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: text ? JSON.parse(text) : undefined,
          headers: res.headers,
        }),
      );
    });
    req.on('error', reject);
    req.end(o.body === undefined ? undefined : JSON.stringify(o.body));
  });
}
const remote = { call } as unknown as TestApp;

describe('a reserve of connections below the descriptor limit', () => {
  it('refuses new streams (429) while /healthz and other tenants are still answered', async (tc) => {
    const tenants: Tenant[] = [];
    for (let i = 0; i < 12; i++) tenants.push(await createTenant(remote, `Streamer ${i}`));
    const bystander = await createTenant(remote, 'Bystander');
    const held: SseStream[] = [];
    let refused: SseStream | undefined;
    try {
      // Round robin over 12 clients (20 each allowed) and 6 addresses (50 each): 240 streams before
      // either of those limits, more than 256 descriptors can hold beside the server's own.
      for (let i = 0; i < 240 && !refused; i++) {
        const s = await openStream(base, tenants[i % 12]!, { localAddress: `127.0.0.${2 + (i % 6)}` });
        if (s.status === 200) held.push(s);
        else refused = s;
      }
      tc.diagnostic(`${held.length} streams open with ulimit -n ${MAX_OPEN_FILES} when one was refused`);
      assert.ok(refused, `${held.length} streams opened and none was refused`);
      assert.equal(refused.status, 429, JSON.stringify(refused.body));
      assert.equal(refused.headers['retry-after'], '5');
      assert.match(refused.body.detail, /LATCHKEY_CONNECTION_RESERVE/);

      // Everything else is answered, each on a new connection, while the streams are open.
      assert.equal((await call('GET', '/healthz')).status, 200);
      assert.equal(
        (await call('GET', `/v2/projects/${bystander.projectId}`, { token: bystander.projectToken })).status,
        200,
      );
      const token = await call('POST', '/v2/auth/token/', {
        body: {
          grant_type: 'client_credentials',
          client_id: bystander.clientId,
          client_secret: bystander.clientSecret,
          scope: 'project.admin',
          project_id: bystander.projectId,
        },
      });
      assert.equal(token.status, 200);
      // More streams are still refused, and the server still answers after them.
      for (let i = 0; i < 20; i++)
        assert.equal((await openStream(base, bystander, { localAddress: '127.0.0.9' })).status, 429);
      assert.equal((await call('GET', '/healthz')).status, 200);
    } finally {
      for (const s of held) s.close();
    }
  });
});
