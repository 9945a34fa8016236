// The lockActivity and keyChanged triggers: registration, the envelope `{ type, id, created, data }`
// produced in the transaction of the change, every key change that fires, the event-type list and
// its schemas (each body queued here validates against the schema listed for its type), and a
// real signed delivery of an envelope.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Webhook } from 'standardwebhooks';
import { enqueueLockActivity } from '../../src/delivery/envelopes.ts';
import { keysExpiredAnnounce } from '../../src/delivery/key-expiry.ts';
import { uuidv7 } from '../../src/ids.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  DELIVERY_ENV,
  enqueueEvent,
  type Receiver,
  startReceiver,
  startWorker,
  waitFor,
} from '../helpers/delivery.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { createKeys, createLock, createSharingRights, phone, shareKey } from '../helpers/resources.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let rx: Receiver;
let validators: Map<string, (body: unknown) => boolean>;

before(async () => {
  t = await startTestApp(DELIVERY_ENV);
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Other');
  rx = await startReceiver();
  const r = await t.call('GET', '/v2/webhook-event-types');
  assert.equal(r.status, 200);
  const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false });
  (addFormats as unknown as typeof addFormats.default)(ajv);
  validators = new Map(
    r.body.eventTypes.map((e: { type: string; schema: object }) => [e.type, ajv.compile(e.schema)]),
  );
});
after(async () => {
  await rx.close();
  await t.close();
});

const hook = async (tenant: Tenant, body: Record<string, unknown>) => {
  const r = await t.call('POST', `/v2/projects/${tenant.projectId}/webhooks`, {
    token: tenant.projectToken,
    body,
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.webhook as { id: string; secret: string; trigger: string };
};

interface Queued {
  event_id: string;
  body: string;
}
const queued = async (webhookId: string): Promise<Queued[]> =>
  (
    await t.store.db.query<Queued>(
      'SELECT event_id, body FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY fair_at, id',
      [webhookId],
    )
  ).rows;

/** The envelopes queued for a webhook, each checked: id = webhook-id, body valid for its type. */
async function envelopes(webhookId: string) {
  return (await queued(webhookId)).map((d) => {
    const e = JSON.parse(d.body);
    assert.deepEqual(Object.keys(e), ['type', 'id', 'created', 'data']);
    assert.equal(e.id, d.event_id, 'the envelope id is the webhook-id');
    const valid = validators.get(e.type);
    assert.ok(valid, `listed type ${e.type}`);
    assert.ok(valid(e), `${e.type} body matches its schema: ${d.body}`);
    return e as { type: string; id: string; created: string; data: Record<string, unknown> };
  });
}

describe('registering triggers', () => {
  it('lockActivity and keyChanged are accepted; any other trigger is 400 naming trigger', async () => {
    const lock = await createLock(t, a);
    for (const trigger of ['lockActivity', 'keyChanged', 'accessEvent']) {
      const w = await hook(a, { trigger, url: rx.url('/same'), lockId: lock.id });
      assert.equal(w.trigger, trigger);
    }
    for (const trigger of ['keyCreated', 'lock.jammed', '', 'AccessEvent']) {
      const r = await t.call('POST', `/v2/projects/${a.projectId}/webhooks`, {
        token: a.projectToken,
        body: { trigger, url: rx.url('/bad'), lockId: lock.id },
      });
      assert.equal(r.status, 400, trigger);
      assert.equal(r.body.invalidParams[0].name, 'trigger');
    }
    // One URL per trigger and lock.
    const again = await t.call('POST', `/v2/projects/${a.projectId}/webhooks`, {
      token: a.projectToken,
      body: { trigger: 'keyChanged', url: rx.url('/same'), lockId: lock.id },
    });
    assert.equal(again.status, 409);
  });

  it('GET /v2/webhook-event-types lists every type once with its trigger and schema, as the document does', async () => {
    const r = await t.call('GET', '/v2/webhook-event-types');
    const types = r.body.eventTypes.map((e: { type: string }) => e.type);
    assert.equal(new Set(types).size, types.length);
    for (const ty of ['accessEvent', 'lock.jammed', 'lock.disconnected', 'key.created', 'key.revoked']) {
      assert.ok(types.includes(ty), ty);
    }
    for (const e of r.body.eventTypes) {
      assert.equal(
        e.trigger,
        e.type === 'accessEvent' ? 'accessEvent' : e.type.startsWith('lock.') ? 'lockActivity' : 'keyChanged',
      );
      assert.equal(e.schema.type, 'object');
    }
    const doc = (await t.call('GET', '/openapi.json')).body;
    assert.deepEqual(Object.keys(doc.webhooks), types);
    for (const e of r.body.eventTypes)
      assert.deepEqual(doc.webhooks[e.type].post.requestBody.content['application/json'].schema, e.schema);
  });
});

describe('keyChanged', () => {
  it('created, revoked (once), bulk revoked, shared, expired: one envelope per key with the key as the API shows it', async () => {
    const lock = await createLock(t, a, { name: 'Key door' });
    const w = await hook(a, { trigger: 'keyChanged', url: rx.url('/keys'), lockId: lock.id });
    const access = await hook(a, { trigger: 'accessEvent', url: rx.url('/keys-access'), lockId: lock.id });
    const soon = new Date(Date.now() + 60_000).toISOString();
    const keys = await createKeys(t, a, [
      { lockId: lock.id, appUserId: phone(1) },
      { lockId: lock.id, appUserId: phone(2) },
      { lockId: lock.id, appUserId: phone(3), end: soon },
    ]);
    let env = await envelopes(w.id);
    assert.deepEqual(
      env.map((e) => [e.type, e.data.id]),
      keys.map((k) => ['key.created', k.id]),
    );
    const shown = await t.call('GET', `/v2/projects/${a.projectId}/keys/${keys[0]!.id}`, {
      token: a.projectToken,
    });
    assert.deepEqual(env[0]!.data, shown.body.key);

    const del = await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${keys[0]!.id}`, {
      token: a.projectToken,
    });
    assert.equal(del.status, 200);
    await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${keys[0]!.id}`, { token: a.projectToken });
    env = await envelopes(w.id);
    assert.deepEqual(
      env.slice(3).map((e) => [e.type, e.data.id, e.data.state]),
      [['key.revoked', keys[0]!.id, 'revoked']],
    );
    assert.equal(env[3]!.created, del.body.key.revoked);

    const bulk = await t.call(
      'DELETE',
      `/v2/projects/${a.projectId}/keys?appUserId=${encodeURIComponent(phone(2))}`,
      {
        token: a.projectToken,
      },
    );
    assert.equal(bulk.body.revoked, 1);
    env = await envelopes(w.id);
    assert.deepEqual(
      env.slice(4).map((e) => [e.type, e.data.id]),
      [['key.revoked', keys[1]!.id]],
    );

    // Shared from the app: key.shared carries the new key.
    await createSharingRights(t, a, [{ lockId: lock.id, appUserId: phone(3) }]);
    const sharedId = await shareKey(t, { keyId: keys[2]!.id, sharedBy: phone(3), appUserId: phone(4) });
    env = await envelopes(w.id);
    assert.deepEqual(
      env.slice(5).map((e) => [e.type, e.data.id, e.data.origin]),
      [['key.shared', sharedId, 'shared']],
    );

    // Expiry: announced once by the job, after the end.
    assert.equal(await keysExpiredAnnounce(t.store.db, new Date()), 0);
    const later = new Date(Date.now() + 120_000);
    assert.ok((await keysExpiredAnnounce(t.store.db, later)) >= 2);
    assert.equal(await keysExpiredAnnounce(t.store.db, later), 0);
    env = await envelopes(w.id);
    assert.deepEqual(
      env
        .slice(6)
        .map((e) => [e.type, e.data.id, e.data.state])
        .sort(),
      [
        ['key.expired', keys[2]!.id, 'expired'],
        ['key.expired', sharedId, 'expired'],
      ].sort(),
    );
    // Key changes never reach an accessEvent webhook, and access events never a keyChanged one.
    assert.equal((await queued(access.id)).length, 0);
    await enqueueEvent(t, a.projectId, lock.id);
    assert.equal((await queued(access.id)).length, 1);
    assert.equal((await envelopes(w.id)).length, 8);
  });

  it("a keyChanged webhook for all locks gets every lock's key changes and no other project's", async () => {
    const c = await createTenant(t, 'Keys everywhere');
    const l1 = await createLock(t, c, { name: 'One' });
    const w = await hook(c, { trigger: 'keyChanged', url: rx.url('/all-keys'), allLocks: true });
    const l2 = await createLock(t, c, { name: 'Two' });
    const otherLock = await createLock(t, b);
    await createKeys(t, b, [{ lockId: otherLock.id, appUserId: phone(9) }]);
    const mine = await createKeys(t, c, [
      { lockId: l1.id, appUserId: phone(10) },
      { lockId: l2.id, appUserId: phone(11) },
    ]);
    // Offboarding a lock revokes its keys: announced.
    assert.equal(
      (await t.call('DELETE', `/v2/projects/${c.projectId}/locks/${l2.id}`, { token: c.projectToken }))
        .status,
      204,
    );
    assert.deepEqual(
      (await envelopes(w.id)).map((e) => [e.type, e.data.id]),
      [
        ['key.created', mine[0]!.id],
        ['key.created', mine[1]!.id],
        ['key.revoked', mine[1]!.id],
      ],
    );
  });
});

describe('lockActivity', () => {
  it('enqueueLockActivity queues lock.<kind> in the caller transaction: a rollback queues nothing', async () => {
    const lock = await createLock(t, a, { name: 'Busy door' });
    const w = await hook(a, { trigger: 'lockActivity', url: rx.url('/activity'), lockId: lock.id });
    const keyHook = await hook(a, { trigger: 'keyChanged', url: rx.url('/activity-keys'), lockId: lock.id });
    const activity = {
      id: uuidv7(),
      at: new Date(),
      kind: 'jammed' as const,
      source: null,
      detail: 'motor stalled',
    };
    const n = await t.store.db.transaction((tx) =>
      enqueueLockActivity(tx, { projectId: a.projectId, lockId: lock.id, activity }),
    );
    assert.equal(n, 1);
    await assert.rejects(
      t.store.db.transaction(async (tx) => {
        await enqueueLockActivity(tx, {
          projectId: a.projectId,
          lockId: lock.id,
          activity: { ...activity, id: uuidv7(), kind: 'disconnected' },
        });
        throw new Error('the record was not stored');
      }),
    );
    const env = await envelopes(w.id);
    assert.deepEqual(env, [
      {
        type: 'lock.jammed',
        id: env[0]!.id,
        created: activity.at.toISOString(),
        data: {
          id: activity.id,
          lockId: lock.id,
          at: activity.at.toISOString(),
          kind: 'jammed',
          source: null,
          detail: 'motor stalled',
        },
      },
    ]);
    assert.equal((await queued(keyHook.id)).length, 0);
    // Another project's lock activity never reaches it.
    const otherLock = await createLock(t, b);
    await t.store.db.transaction((tx) =>
      enqueueLockActivity(tx, {
        projectId: b.projectId,
        lockId: otherLock.id,
        activity: { ...activity, id: uuidv7() },
      }),
    );
    assert.equal((await queued(w.id)).length, 1);
  });

  it('is delivered signed, with webhook-id equal to the envelope id', async () => {
    const lock = await createLock(t, a, { name: 'Delivered door' });
    const w = await hook(a, { trigger: 'lockActivity', url: rx.url('/activity-live'), allLocks: true });
    await t.store.db.transaction((tx) =>
      enqueueLockActivity(tx, {
        projectId: a.projectId,
        lockId: lock.id,
        activity: { id: uuidv7(), at: new Date(), kind: 'disconnected', source: null, detail: null },
      }),
    );
    const worker = await startWorker(t);
    try {
      const got = await waitFor('the envelope', () => rx.requests.find((r) => r.path === '/activity-live'));
      const body = JSON.parse(got.body);
      assert.equal(body.type, 'lock.disconnected');
      assert.equal(got.headers['webhook-id'], body.id);
      new Webhook(w.secret).verify(got.body, got.headers as Record<string, string>);
    } finally {
      await worker.stop();
    }
  });

  it('a test delivery of each trigger posts a sample of its shape', async () => {
    const lock = await createLock(t, a, { name: 'Tested door' });
    for (const [trigger, type] of [
      ['keyChanged', 'key.created'],
      ['lockActivity', 'lock.jammed'],
    ] as const) {
      const w = await hook(a, { trigger, url: rx.url(`/sample-${trigger}`), lockId: lock.id });
      const r = await t.call('POST', `/v2/projects/${a.projectId}/webhooks/${w.id}/test`, {
        token: a.projectToken,
      });
      assert.equal(r.body.attempt.responseStatus, 200, JSON.stringify(r.body));
      const got = rx.requests.find((x) => x.path === `/sample-${trigger}`)!;
      const body = JSON.parse(got.body);
      assert.equal(body.type, type);
      assert.equal(got.headers['webhook-id'], body.id);
      assert.ok(validators.get(type)!(body), got.body);
    }
  });
});
