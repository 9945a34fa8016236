// Webhook registration and management API.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { enqueueEvent, insertLock } from '../helpers/delivery.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let lockId: string;
const url = (path = '/hook') => `https://127.0.0.1:9443${path}`;

before(async () => {
  t = await startTestApp({ LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8' });
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Other');
  lockId = await insertLock(t, a.projectId);
});
after(() => t.close());

const post = (body: unknown, tenant = a) =>
  t.call('POST', `/v2/projects/${tenant.projectId}/webhooks`, { token: tenant.projectToken, body });

describe('POST /v2/projects/{projectId}/webhooks', () => {
  it('registers: 201 with the secret, the password masked, trigger defaulted', async () => {
    const r = await post({ url: 'https://alice:s3cret@127.0.0.1:9443/in', lockId });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const w = r.body.webhook;
    assert.deepEqual(Object.keys(w).sort(), [
      'allLocks',
      'created',
      'enabled',
      'id',
      'lockId',
      'secret',
      'trigger',
      'url',
    ]);
    assert.equal(w.url, 'https://alice:****@127.0.0.1:9443/in');
    assert.equal(w.trigger, 'accessEvent');
    assert.equal(w.lockId, lockId);
    assert.equal(w.allLocks, false);
    assert.equal(w.enabled, true);
    assert.match(w.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.match(w.created, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Stored encrypted: neither the password nor the secret appears in the row.
    const { rows } = await t.store.db.query<Record<string, string>>(
      'SELECT url, url_display, credentials_enc, secret_enc FROM webhooks WHERE id = $1',
      [w.id],
    );
    const stored = JSON.stringify(rows[0]);
    assert.ok(!stored.includes('s3cret'));
    assert.ok(!stored.includes(w.secret.slice(6)));
    assert.equal(rows[0]!.url, 'https://127.0.0.1:9443/in');
    assert.equal(t.ctx.keyring.decrypt(rows[0]!.credentials_enc!), 'alice:s3cret');
    // Never shown again.
    const g = await t.call('GET', `/v2/projects/${a.projectId}/webhooks/${w.id}`, { token: a.projectToken });
    assert.equal(g.status, 200);
    assert.equal(g.body.webhook.secret, undefined);
    assert.equal(g.body.webhook.url, 'https://alice:****@127.0.0.1:9443/in');
  });

  it('accepts webhookUrl as an alias, and both when equal', async () => {
    const r1 = await post({ webhookUrl: url('/alias'), lockId, trigger: 'accessEvent' });
    assert.equal(r1.status, 201);
    assert.equal(r1.body.webhook.url, url('/alias'));
    const r2 = await post({ webhookUrl: url('/both'), url: url('/both'), lockId });
    assert.equal(r2.status, 201);
  });

  it('refuses bad input with 400 and invalidParams', async () => {
    const cases: [unknown, string][] = [
      [{ url: url('/x'), webhookUrl: url('/y'), lockId }, 'webhookUrl'],
      [{ lockId }, 'url'],
      [{ url: url('/t'), lockId, trigger: 'keyCreated' }, 'trigger'],
      [{ url: url('/l') }, 'lockId'],
      [{ url: url('/l'), lockId: 'nope' }, 'lockId'],
      [{ url: url('/l'), lockId: '0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b' }, 'lockId'],
      [{ url: url('/u'), lockId, extra: 1 }, 'extra'],
      [{ url: 'http://127.0.0.1:9443/', lockId }, 'url'],
      [{ url: 42, lockId }, 'url'],
    ];
    for (const [body, name] of cases) {
      const r = await post(body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.ok(
        r.body.invalidParams.some((p: { name: string }) => p.name === name),
        `${JSON.stringify(body)} → ${JSON.stringify(r.body)}`,
      );
    }
  });

  it('refuses a lock of another project, and a deleted lock', async () => {
    const otherLock = await insertLock(t, b.projectId);
    const r = await post({ url: url('/o'), lockId: otherLock });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body.invalidParams, [{ name: 'lockId', reason: 'is not a lock of this project' }]);
    const gone = await insertLock(t, a.projectId, 'Gone');
    await t.store.db.query('UPDATE locks SET deleted = now() WHERE id = $1', [gone]);
    assert.equal((await post({ url: url('/g'), lockId: gone })).status, 400);
  });

  it('409 for the same lock and URL twice', async () => {
    assert.equal((await post({ url: url('/dup'), lockId })).status, 201);
    const r = await post({ url: url('/dup'), lockId });
    assert.equal(r.status, 409);
    assert.equal(r.headers['content-type'], 'application/problem+json; charset=utf-8');
  });

  it('at most 20 webhooks per lock', async () => {
    const lock = await insertLock(t, a.projectId, 'Busy');
    for (let i = 0; i < 20; i++) assert.equal((await post({ url: url(`/n${i}`), lockId: lock })).status, 201);
    const r = await post({ url: url('/n20'), lockId: lock });
    assert.equal(r.status, 400);
    assert.match(r.body.detail, /at most 20/);
  });

  it('needs a project.admin token of this project', async () => {
    assert.equal((await t.call('POST', `/v2/projects/${a.projectId}/webhooks`, { body: {} })).status, 401);
    const r = await t.call('POST', `/v2/projects/${a.projectId}/webhooks`, {
      token: b.projectToken,
      body: { url: url('/z'), lockId },
    });
    assert.equal(r.status, 403);
    assert.equal(
      (await t.call('GET', `/v2/projects/${a.projectId}/webhooks`, { token: a.orgToken })).status,
      403,
    );
  });
});

describe('list, get, patch, delete, rotate', () => {
  it('lists with a lockId filter and keyset paging', async () => {
    const lock = await insertLock(t, a.projectId, 'Paged');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await post({ url: url(`/p${i}`), lockId: lock })).body.webhook.id);
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const q = `lockId=${lock}&limit=2${after ? `&startAfterId=${after}` : ''}`;
      const r = await t.call('GET', `/v2/projects/${a.projectId}/webhooks?${q}`, { token: a.projectToken });
      assert.equal(r.status, 200);
      seen.push(...r.body.webhooks.map((w: { id: string }) => w.id));
      after = r.body.startAfterId;
      if (!after) break;
    }
    assert.deepEqual(seen, ids);
    const other = await t.call('GET', `/v2/projects/${b.projectId}/webhooks`, { token: b.projectToken });
    assert.deepEqual(other.body.webhooks, []);
    const bad = await t.call('GET', `/v2/projects/${a.projectId}/webhooks?limit=0`, {
      token: a.projectToken,
    });
    assert.equal(bad.status, 400);
  });

  it('PATCH enabled, DELETE 204, other tenants get 404', async () => {
    const id = (await post({ url: url('/lifecycle'), lockId })).body.webhook.id;
    const path = `/v2/projects/${a.projectId}/webhooks/${id}`;
    const off = await t.call('PATCH', path, { token: a.projectToken, body: { enabled: false } });
    assert.equal(off.status, 200);
    assert.equal(off.body.webhook.enabled, false);
    assert.equal(off.body.webhook.disabledReason, 'disabled through the API');
    const on = await t.call('PATCH', path, { token: a.projectToken, body: { enabled: true } });
    assert.equal(on.body.webhook.enabled, true);
    assert.equal(on.body.webhook.disabledReason, undefined);
    assert.equal(
      (await t.call('PATCH', path, { token: a.projectToken, body: { enabled: 'no' } })).status,
      400,
    );
    // Another project's id under our own project: 404, never a hint.
    const foreign = `/v2/projects/${b.projectId}/webhooks/${id}`;
    assert.equal((await t.call('GET', foreign, { token: b.projectToken })).status, 404);
    assert.equal((await t.call('DELETE', foreign, { token: b.projectToken })).status, 404);
    assert.equal(
      (await t.call('PATCH', foreign, { token: b.projectToken, body: { enabled: false } })).status,
      404,
    );
    assert.equal((await t.call('POST', `${foreign}/rotate-secret`, { token: b.projectToken })).status, 404);
    assert.equal((await t.call('GET', `${foreign}/deliveries`, { token: b.projectToken })).status, 404);
    assert.equal((await t.call('DELETE', path, { token: a.projectToken })).status, 204);
    assert.equal((await t.call('GET', path, { token: a.projectToken })).status, 404);
    assert.equal((await t.call('DELETE', path, { token: a.projectToken })).status, 404);
  });

  it('rotate-secret returns a new secret; the old one keeps signing for 24 hours', async () => {
    const created = (await post({ url: url('/rotate'), lockId })).body.webhook;
    const r = await t.call('POST', `/v2/projects/${a.projectId}/webhooks/${created.id}/rotate-secret`, {
      token: a.projectToken,
    });
    assert.equal(r.status, 200);
    assert.match(r.body.secret, /^whsec_/);
    assert.notEqual(r.body.secret, created.secret);
    const hours = (Date.parse(r.body.previousSecretExpires) - Date.now()) / 3_600_000;
    assert.ok(hours > 23.9 && hours <= 24, String(hours));
    const { rows } = await t.store.db.query<{ secret_enc: string; previous_secret_enc: string }>(
      'SELECT secret_enc, previous_secret_enc FROM webhooks WHERE id = $1',
      [created.id],
    );
    assert.equal(t.ctx.keyring.decrypt(rows[0]!.secret_enc), r.body.secret);
    assert.equal(t.ctx.keyring.decrypt(rows[0]!.previous_secret_enc), created.secret);
  });
});

describe('delivery history', () => {
  it('lists newest first with keyset paging and a status filter', async () => {
    const lock = await insertLock(t, a.projectId, 'History');
    const id = (await post({ url: url('/history'), lockId: lock })).body.webhook.id;
    const events: string[] = [];
    for (let i = 0; i < 5; i++) events.push((await enqueueEvent(t, a.projectId, lock)).id);
    const base = `/v2/projects/${a.projectId}/webhooks/${id}/deliveries`;
    const seen: string[] = [];
    const ids: string[] = [];
    let after: string | undefined;
    for (;;) {
      const r = await t.call('GET', `${base}?limit=2${after ? `&startAfterId=${after}` : ''}`, {
        token: a.projectToken,
      });
      assert.equal(r.status, 200);
      for (const d of r.body.deliveries) {
        assert.equal(d.status, 'pending');
        assert.equal(d.attemptCount, 0);
        assert.ok(d.nextAttemptAt);
        assert.deepEqual(d.attempts, []);
        seen.push(d.eventId);
        ids.push(d.id);
      }
      after = r.body.startAfterId;
      if (!after) break;
    }
    // Newest first = descending UUIDv7 ids (two events within one millisecond may swap places).
    assert.deepEqual(new Set(seen), new Set(events));
    assert.equal(seen.length, 5);
    assert.deepEqual(ids, [...ids].sort().reverse());
    const failed = await t.call('GET', `${base}?status=failed`, { token: a.projectToken });
    assert.deepEqual(failed.body.deliveries, []);
    const bad = await t.call('GET', `${base}?status=lost`, { token: a.projectToken });
    assert.equal(bad.status, 400);
    // Disabling fails what was pending; it is all kept.
    await t.call('PATCH', `/v2/projects/${a.projectId}/webhooks/${id}`, {
      token: a.projectToken,
      body: { enabled: false },
    });
    const now = await t.call('GET', `${base}?status=failed`, { token: a.projectToken });
    assert.equal(now.body.deliveries.length, 5);
    assert.equal(now.body.deliveries[0].nextAttemptAt, null);
  });
});

describe('OpenAPI', () => {
  it('documents every webhook route', async () => {
    const r = await t.call('GET', '/openapi.json');
    assert.equal(r.status, 200);
    const paths = r.body.paths as Record<string, Record<string, unknown>>;
    const base = '/v2/projects/{projectId}/webhooks';
    assert.deepEqual(Object.keys(paths[base]!).sort(), ['get', 'post']);
    assert.deepEqual(Object.keys(paths[`${base}/{webhookId}`]!).sort(), ['delete', 'get', 'patch']);
    for (const p of ['rotate-secret', 'recover', 'deliveries/{deliveryId}/retry']) {
      assert.ok(paths[`${base}/{webhookId}/${p}`]?.post, p);
    }
    assert.ok(paths[`${base}/{webhookId}/deliveries`]?.get);
  });
});
