// The README walk-through with the TypeScript client (sdk/typescript) against a real server process:
// admin API → organization and client → organization token → project → project token → lock, keys,
// webhook to a real loopback HTTPS receiver → app token → event upload → access log → the delivery's
// signature verified with the client's verifyWebhook, and a keyChanged envelope with
// verifyWebhookEvent. Then what the client adds around the calls: cached tokens, problem+json errors,
// paging, Idempotency-Key, bounded 429/503 retries.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import {
  type AccessEvent,
  LatchkeyClient,
  LatchkeyError,
  verifyWebhook,
  verifyWebhookEvent,
} from '../../sdk/typescript/src/index.ts';
import { waitFor } from '../helpers/delivery.ts';
import { E2E_ADMIN_TOKEN, e2eFixture } from '../helpers/e2e.ts';

const OWNER = `+4792${String(process.pid % 100_000).padStart(5, '0')}1`;
const GUEST = `+4792${String(process.pid % 100_000).padStart(5, '0')}2`;

const f = e2eFixture();

const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** A fetch that records every request it sends (method, path, headers). */
function recordingFetch() {
  const sent: { method: string; path: string; headers: Headers }[] = [];
  const recording: typeof fetch = async (input, init) => {
    sent.push({
      method: init?.method ?? 'GET',
      path: new URL(String(input)).pathname,
      headers: new Headers(init?.headers),
    });
    return fetch(input, init);
  };
  return { fetch: recording, sent };
}

describe('the TypeScript client: the README walk-through against a real server', () => {
  let admin: LatchkeyClient;
  let api: LatchkeyClient;
  let credentials: { clientId: string; clientSecret: string };
  let organizationId: string;
  let projectId: string;
  let lockId: string;
  let webhook: { id: string; secret: string };
  let ownerKeyId: string;
  let event: { id: string; keyId: string; action: 'unlocked'; created: string };
  const tokenRequests = recordingFetch();

  it('creates an organization and an API client with the admin API', async () => {
    admin = new LatchkeyClient({ baseUrl: f.server.base, token: E2E_ADMIN_TOKEN });
    const { organization } = await admin.post('/admin/v1/organizations', { body: { name: 'Acme Property' } });
    organizationId = organization.id;
    const created = await admin.post('/admin/v1/organizations/{organizationId}/clients', {
      path: { organizationId },
      body: { name: 'booking-system' },
    });
    credentials = { clientId: created.client.id, clientSecret: created.clientSecret };
  });

  it('with an organization token creates a project, then works on it with a project token', async () => {
    const org = new LatchkeyClient({
      baseUrl: f.server.base,
      credentials: { ...credentials, scope: 'organization.admin', organizationId },
      fetch: tokenRequests.fetch,
    });
    const { project } = await org.post('/v2/organization/{organizationId}/projects', {
      path: { organizationId },
      body: { name: 'Harbour View', timezone: 'Europe/Oslo', sandbox: true },
    });
    projectId = project.id;
    api = org.with({ scope: 'project.admin', projectId });
    const got = await api.get('/v2/projects/{projectId}', { path: { projectId } });
    assert.equal(got.project.name, 'Harbour View');
  });

  it('creates a lock, keys (one with weekday hours) and lists them', async () => {
    const { lock } = await api.post('/v2/projects/{projectId}/locks', {
      path: { projectId },
      body: { name: 'Front door', address: 'Kaigata 1, Oslo' },
    });
    lockId = lock.id;
    await api.post('/v2/projects/{projectId}/managed-users', {
      path: { projectId },
      body: { appUserId: OWNER, firstName: 'Kari', lastName: 'Nordmann' },
    });
    const weekdays = { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '07:00', to: '18:00' } as const;
    const created = await api.post('/v2/projects/{projectId}/keys', {
      path: { projectId },
      body: {
        keys: [
          {
            lockId,
            appUserId: GUEST,
            durationMinutes: 10080,
            recurrence: { windows: [{ ...weekdays, days: [...weekdays.days] }] },
          },
          { lockId, appUserId: OWNER },
        ],
      },
    });
    assert.equal(created.keys.length, 2);
    ownerKeyId = created.keys.find((k) => k.appUserId === OWNER)!.id;
    const { keys } = await api.get('/v2/projects/{projectId}/keys', {
      path: { projectId },
      query: { lockId, excludeStates: 'revoked,expired' },
    });
    assert.deepEqual(keys.map((k) => k.appUserId).sort(), [GUEST, OWNER].sort());
  });

  it('registers a webhook to a loopback HTTPS receiver with Basic credentials', async () => {
    const url = `https://hooks:s3cret@127.0.0.1:${f.receiver.port}/latchkey`;
    const r = await api.request('post', '/v2/projects/{projectId}/webhooks', {
      path: { projectId },
      body: { trigger: 'accessEvent', url, lockId },
    });
    assert.equal(r.status, 201);
    assert.match(r.data.webhook.secret ?? '', /^whsec_/);
    webhook = { id: r.data.webhook.id, secret: r.data.webhook.secret! };
  });

  it('a test delivery and an event simulated in the sandbox reach the receiver, signed', async () => {
    const { attempt } = await api.post('/v2/projects/{projectId}/webhooks/{webhookId}/test', {
      path: { projectId, webhookId: webhook.id },
    });
    assert.equal(attempt.responseStatus, 204, JSON.stringify(attempt));
    const sample = f.receiver.requests.at(-1)!;
    assert.equal(verifyWebhook(webhook.secret, sample.body, sample.headers).lockId, lockId);

    const { result } = await api.post('/v2/projects/{projectId}/keys/{keyId}/simulate', {
      path: { projectId, keyId: ownerKeyId },
      body: { action: 'unlocked' },
    });
    assert.equal(result.status, 'accepted');
    const delivery = await waitFor('the simulated event', () =>
      f.receiver.requests.find((r) => r.headers['webhook-id'] === result.id),
    );
    const simulated = verifyWebhook(webhook.secret, delivery.body, delivery.headers);
    assert.deepEqual(
      [simulated.keyId, simulated.appUserId, simulated.action],
      [ownerKeyId, OWNER, 'unlocked'],
    );
  });

  it('the app (an operator-minted app token) sees its key and uploads an event', async () => {
    const minted = await admin.post('/admin/v1/app-tokens', { body: { appUserId: OWNER } });
    const app = admin.with({ token: minted.access_token });
    const { keys } = await app.get('/v2/app/keys');
    const key = keys.find((k) => k.lockId === lockId);
    assert.ok(key, 'the key is in the app');
    event = { id: randomUUID(), keyId: key.id, action: 'unlocked', created: new Date().toISOString() };
    const { results } = await app.post('/v2/app/events', { body: { events: [event] } });
    assert.deepEqual(results, [{ id: event.id, status: 'accepted' }]);
  });

  it('the access log shows the event', async () => {
    const { accessEvents } = await api.get('/v2/projects/{projectId}/locks/{lockId}/logs/access', {
      path: { projectId, lockId },
      query: { limit: 5 },
    });
    assert.ok(
      accessEvents.some((e) => e.id === event.id && e.action === 'unlocked'),
      JSON.stringify(accessEvents),
    );
  });

  it('the webhook delivery verifies with verifyWebhook and carries the event', async () => {
    const delivery = await waitFor('the delivery', () =>
      f.receiver.requests.find((r) => r.headers['webhook-id'] === event.id),
    );
    const verified: AccessEvent = verifyWebhook(webhook.secret, delivery.body, delivery.headers);
    assert.equal(verified.id, event.id);
    assert.equal(verified.keyId, event.keyId);
    assert.equal(verified.lockId, lockId);
    assert.equal(verified.lockName, 'Front door');
    assert.equal(verified.userName, 'Kari Nordmann');
    // A body changed in transit, or another webhook's secret, does not verify.
    assert.throws(() =>
      verifyWebhook(webhook.secret, delivery.body.replace('unlocked', 'locked'), delivery.headers),
    );
    const other = await api.post('/v2/projects/{projectId}/webhooks/{webhookId}/rotate-secret', {
      path: { projectId, webhookId: webhook.id },
    });
    assert.throws(() => verifyWebhook(other.secret, delivery.body, new Headers(delivery.headers as never)));
  });

  it('a keyChanged webhook for all locks receives a key.created envelope that verifyWebhookEvent types', async () => {
    const { webhook: keys } = await api.post('/v2/projects/{projectId}/webhooks', {
      path: { projectId },
      body: {
        url: `https://127.0.0.1:${f.receiver.port}/key-changes`,
        trigger: 'keyChanged',
        allLocks: true,
      },
    });
    const created = await api.post('/v2/projects/{projectId}/keys', {
      path: { projectId },
      body: { keys: [{ lockId, appUserId: `+4792${String(process.pid % 100_000).padStart(5, '0')}3` }] },
    });
    const keyId = created.keys[0]!.id;
    const delivery = await waitFor('the key.created delivery', () =>
      f.receiver.requests.find((r) => r.path === '/key-changes' && r.body.includes(keyId)),
    );
    const event = verifyWebhookEvent(keys.secret!, delivery.body, delivery.headers);
    assert.equal(event.id, delivery.headers['webhook-id']);
    if (event.type !== 'key.created') assert.fail(`type ${event.type}`);
    assert.equal(event.data.id, keyId); // narrowed: data is the key
    assert.equal(event.data.lockId, lockId);
    assert.equal(event.data.origin, 'integrator');
    assert.throws(() => verifyWebhookEvent(webhook.secret, delivery.body, delivery.headers), /signature/i);
  });

  it('fetched one token per scope for all of that and reused it', () => {
    const tokens = tokenRequests.sent.filter((r) => r.path === '/oauth2/token');
    assert.equal(tokens.length, 2, 'one organization token, one project token');
    const calls = tokenRequests.sent.filter((r) => r.path !== '/oauth2/token');
    assert.ok(calls.length >= 8, `${calls.length} API calls`);
  });

  it('errors are LatchkeyError with the problem: a 409 from a 401 from a 400', async () => {
    const url = `https://127.0.0.1:${f.receiver.port}/again`;
    await api.post('/v2/projects/{projectId}/webhooks', { path: { projectId }, body: { url, lockId } });
    const conflict = await api
      .post('/v2/projects/{projectId}/webhooks', { path: { projectId }, body: { url, lockId } })
      .catch((e: unknown) => e);
    assert.ok(conflict instanceof LatchkeyError);
    assert.equal(conflict.status, 409);
    assert.match(conflict.type, /conflict$/);

    const stranger = new LatchkeyClient({ baseUrl: f.server.base, token: 'not-a-token' });
    const unauthorized = await stranger
      .get('/v2/projects/{projectId}', { path: { projectId } })
      .catch((e: unknown) => e);
    assert.ok(unauthorized instanceof LatchkeyError);
    assert.equal(unauthorized.status, 401);
    assert.match(unauthorized.type, /unauthorized$/);

    const invalid = await api
      .post('/v2/projects/{projectId}/locks', {
        path: { projectId },
        body: { name: '', colour: 'red' } as never,
      })
      .catch((e: unknown) => e);
    assert.ok(invalid instanceof LatchkeyError);
    assert.equal(invalid.status, 400);
    assert.ok(
      invalid.invalidParams.some((p) => p.name === 'colour'),
      JSON.stringify(invalid.problem),
    );

    const wrongSecret = new LatchkeyClient({
      baseUrl: f.server.base,
      credentials: { ...credentials, clientSecret: 'wrong', scope: 'project.admin', projectId },
    });
    const badClient = await wrongSecret
      .get('/v2/projects/{projectId}', { path: { projectId } })
      .catch((e) => e);
    assert.ok(badClient instanceof LatchkeyError);
    assert.equal(badClient.status, 401);
    assert.equal(badClient.oauthError, 'invalid_client');
  });

  it('client_secret_post sends the credentials as form fields, with no Basic challenge on failure', async () => {
    const seen: { authorization: string | null; body: string }[] = [];
    const spy: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/oauth2/token'))
        seen.push({
          authorization: new Headers(init?.headers).get('authorization'),
          body: String(init?.body),
        });
      return fetch(input, init);
    };
    const post = (clientSecret: string) =>
      new LatchkeyClient({
        baseUrl: f.server.base,
        fetch: spy,
        credentials: {
          ...credentials,
          clientSecret,
          scope: 'project.admin',
          projectId,
          authMethod: 'client_secret_post',
        },
      });
    const { project } = await post(credentials.clientSecret).get('/v2/projects/{projectId}', {
      path: { projectId },
    });
    assert.equal(project.id, projectId);
    assert.equal(seen[0]?.authorization, null);
    assert.equal(new URLSearchParams(seen[0]?.body).get('client_id'), credentials.clientId);
    const failed = await post('wrong')
      .get('/v2/projects/{projectId}', { path: { projectId } })
      .catch((e: unknown) => e);
    assert.ok(failed instanceof LatchkeyError);
    assert.equal(failed.oauthError, 'invalid_client');
  });

  it('paginate walks every page with limit and startAfterId', async () => {
    const names = Array.from({ length: 5 }, (_, n) => `Door ${n}`);
    for (const name of names)
      await api.post('/v2/projects/{projectId}/locks', { path: { projectId }, body: { name } });
    const { fetch: counted, sent } = recordingFetch();
    const paged = new LatchkeyClient({
      baseUrl: f.server.base,
      credentials: { ...credentials, scope: 'project.admin', projectId },
      fetch: counted,
    });
    const seen: string[] = [];
    for await (const lock of paged.paginate('/v2/projects/{projectId}/locks', {
      path: { projectId },
      query: { limit: 2 },
    }))
      seen.push(lock.name);
    assert.deepEqual(seen.sort(), ['Front door', ...names].sort());
    assert.equal(sent.filter((r) => r.path.endsWith('/locks')).length, 3, 'six locks, two per page');
  });

  it('refreshes a cached token shortly before it expires, not earlier', async () => {
    let now = Date.now();
    const { fetch: counted, sent } = recordingFetch();
    const c = new LatchkeyClient({
      baseUrl: f.server.base,
      credentials: { ...credentials, scope: 'project.admin', projectId },
      fetch: counted,
      now: () => now,
    });
    const tokens = () => sent.filter((r) => r.path === '/oauth2/token').length;
    await Promise.all([c.accessToken(), c.accessToken(), c.accessToken()]);
    assert.equal(tokens(), 1, 'concurrent callers share one token request');
    now += 3600_000 - 61_000; // the default lifetime is an hour; the margin a minute
    await c.get('/v2/projects/{projectId}', { path: { projectId } });
    assert.equal(tokens(), 1);
    now += 2_000;
    await c.get('/v2/projects/{projectId}', { path: { projectId } });
    assert.equal(tokens(), 2);
  });
});

describe('the TypeScript client: Idempotency-Key and retries of 429/503', () => {
  let proxy: Server;
  let base: string;
  /** Answers to give before forwarding (status, Retry-After), consumed one per request to a matching path. */
  let faults: { status: number; retryAfter?: string }[] = [];
  const seen: { method: string; url: string; key: string | undefined }[] = [];

  before(async () => {
    // A load balancer in front of the real server that answers the next faults itself.
    proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        seen.push({
          method: req.method!,
          url: req.url!,
          key: req.headers['idempotency-key'] as string | undefined,
        });
        const fault = req.url!.startsWith('/v2/') ? faults.shift() : undefined;
        if (fault) {
          res.writeHead(fault.status, {
            'content-type': 'application/problem+json',
            ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}),
          });
          res.end(
            JSON.stringify({ type: 'urn:test:busy', title: 'Busy', status: fault.status, detail: 'busy' }),
          );
          return;
        }
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) {
          if (typeof v === 'string' && !HOP_BY_HOP.has(k)) headers.set(k, v);
        }
        try {
          const r = await fetch(`${f.server.base}${req.url}`, {
            method: req.method,
            headers,
            body: chunks.length ? Buffer.concat(chunks) : undefined,
          });
          res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'text/plain' });
          res.end(Buffer.from(await r.arrayBuffer()));
        } catch (e) {
          res.writeHead(502).end(String(e));
        }
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  });
  after(() => new Promise<void>((r) => proxy.close(() => r())));

  /** A fresh organization, client and project through the proxy; a project.admin client for it. */
  async function projectClient(options: { retries?: number } = {}) {
    const admin = new LatchkeyClient({ baseUrl: base, token: E2E_ADMIN_TOKEN });
    const { organization } = await admin.post('/admin/v1/organizations', { body: { name: 'Retry Org' } });
    const organizationId = organization.id;
    const c = await admin.post('/admin/v1/organizations/{organizationId}/clients', {
      path: { organizationId },
      body: { name: 'retrying' },
    });
    const org = new LatchkeyClient({
      baseUrl: base,
      ...options,
      credentials: {
        clientId: c.client.id,
        clientSecret: c.clientSecret,
        scope: 'organization.admin',
        organizationId,
      },
    });
    const { project } = await org.post('/v2/organization/{organizationId}/projects', {
      path: { organizationId },
      body: { name: 'Retry HQ', timezone: 'Europe/Oslo' },
    });
    const api = org.with({ scope: 'project.admin', projectId: project.id });
    await api.accessToken();
    return { api, projectId: project.id };
  }

  it('a create answered 503 then 429 (Retry-After 0) is sent again with the same Idempotency-Key and made once', async () => {
    const { api, projectId } = await projectClient();
    seen.length = 0;
    faults = [
      { status: 503, retryAfter: '0' },
      { status: 429, retryAfter: '0' },
    ];
    const { lock } = await api.post('/v2/projects/{projectId}/locks', {
      path: { projectId },
      body: { name: 'Retried door' },
    });
    const creates = seen.filter((r) => r.method === 'POST' && r.url.endsWith('/locks'));
    assert.equal(creates.length, 3);
    assert.ok(creates[0]!.key && creates.every((r) => r.key === creates[0]!.key), JSON.stringify(creates));
    const { locks } = await api.get('/v2/projects/{projectId}/locks', { path: { projectId } });
    assert.deepEqual(
      locks.filter((l) => l.name === 'Retried door').map((l) => l.id),
      [lock.id],
    );
    // Another create gets another key.
    await api.post('/v2/projects/{projectId}/locks', { path: { projectId }, body: { name: 'Second door' } });
    const keys = new Set(
      seen.filter((r) => r.method === 'POST' && r.url.endsWith('/locks')).map((r) => r.key),
    );
    assert.equal(keys.size, 2);
  });

  it('gives up after the retries allowed, and at once when Retry-After is longer than it may wait', async () => {
    const { api, projectId } = await projectClient({ retries: 2 });
    seen.length = 0;
    faults = [{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }];
    const exhausted = await api.get('/v2/projects/{projectId}', { path: { projectId } }).catch((e) => e);
    assert.ok(exhausted instanceof LatchkeyError);
    assert.equal(exhausted.status, 503);
    assert.equal(seen.length, 3, 'the first try and two retries');

    seen.length = 0;
    faults = [{ status: 429, retryAfter: '3600' }];
    const started = Date.now();
    const limited = await api.get('/v2/projects/{projectId}', { path: { projectId } }).catch((e) => e);
    assert.ok(limited instanceof LatchkeyError);
    assert.equal(limited.status, 429);
    assert.equal(limited.retryAfterSeconds, 3600);
    assert.equal(seen.length, 1, 'not retried');
    assert.ok(Date.now() - started < 30_000, 'did not wait the hour');
    faults = [];
  });
});
