import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DELIVERIES_CHANNEL, deliveriesEnqueueForEvent } from '../../src/delivery/enqueue.ts';
import { uuidv7 } from '../../src/ids.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  appToken,
  count,
  ev,
  keyInsert,
  lockInsert,
  managedUserInsert,
  newPhone,
  upload,
  webhookInsert,
} from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

const DAY = 86_400_000;
let t: TestApp;
let a: Tenant;
let phone: string;
let token: string;
let lockId: string;
let keyId: string;

before(async () => {
  t = await startTestApp();
  a = await createTenant(t);
  phone = newPhone();
  token = await appToken(t, phone);
  lockId = await lockInsert(t, a.projectId, { name: 'Main entrance' });
  keyId = await keyInsert(t, { projectId: a.projectId, lockId, appUserId: phone });
  await managedUserInsert(t, a.projectId, phone, ' Kari', 'Nordmann ');
});
after(() => t.close());

describe('POST /v2/app/events: accepting', () => {
  it('accepts an event and records it with lock and user names', async () => {
    const e = ev(keyId, { action: 'locked' });
    const r = await upload(t, token, [e]);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body, { results: [{ id: e.id, status: 'accepted' }] });
    const { rows } = await t.store.db.query<Record<string, unknown>>(
      'SELECT project_id, lock_id, key_id, app_user_id, action, created, lock_name, user_name, origin FROM access_events WHERE id = $1',
      [e.id],
    );
    assert.deepEqual(rows[0], {
      project_id: a.projectId,
      lock_id: lockId,
      key_id: keyId,
      app_user_id: phone,
      action: 'locked',
      created: new Date(e.created),
      lock_name: 'Main entrance',
      user_name: 'Kari Nordmann',
      origin: 'integrator',
    });
  });

  it("falls back to the app user's own name, then to the empty string", async () => {
    const other = newPhone();
    const otherToken = await appToken(t, other);
    const k = await keyInsert(t, { projectId: a.projectId, lockId, appUserId: other });
    const e1 = ev(k);
    await upload(t, otherToken, [e1]);
    const me = await t.call('PATCH', '/v2/app/me', { token: otherToken, body: { name: 'Ola' } });
    assert.equal(me.status, 200);
    const e2 = ev(k);
    await upload(t, otherToken, [e2]);
    const { rows } = await t.store.db.query<{ id: string; user_name: string }>(
      'SELECT id, user_name FROM access_events WHERE id = ANY($1::uuid[])',
      [[e1.id, e2.id]],
    );
    const names = Object.fromEntries(rows.map((r) => [r.id, r.user_name]));
    assert.equal(names[e1.id], '');
    assert.equal(names[e2.id], 'Ola');
  });

  it('accepts a batch of 1,000 in one call', async () => {
    const events = Array.from({ length: 1000 }, (_, i) => ev(keyId, { agoMs: 120_000 + i }));
    const r = await upload(t, token, events);
    assert.equal(r.status, 200);
    assert.equal(r.body.results.length, 1000);
    assert.ok(r.body.results.every((x: { status: string }) => x.status === 'accepted'));
    assert.deepEqual(
      r.body.results.map((x: { id: string }) => x.id),
      events.map((e) => e.id),
    );
  });

  it('counts accepted events in the metrics by origin', async () => {
    const metric = async () => {
      const m = await t.ctx.metrics.eventsAccepted.get();
      return m.values.find((v) => v.labels.origin === 'integrator')?.value ?? 0;
    };
    const before = await metric();
    await upload(t, token, [ev(keyId), ev(keyId)]);
    assert.equal(await metric(), before + 2);
  });
});

describe('POST /v2/app/events: idempotency', () => {
  it('answers duplicate for an id seen before, without a second event', async () => {
    const e = ev(keyId);
    assert.equal((await upload(t, token, [e])).body.results[0].status, 'accepted');
    const again = await upload(t, token, [e, ev(keyId)]);
    assert.equal(again.body.results[0].status, 'duplicate');
    assert.equal(again.body.results[1].status, 'accepted');
    assert.equal(await count(t, 'SELECT count(*) AS n FROM access_events WHERE id = $1', [e.id]), 1);
  });

  it('treats the same id twice within one batch as accepted then duplicate', async () => {
    const e = ev(keyId);
    const r = await upload(t, token, [e, { ...e }, { ...e, id: e.id.toUpperCase() }]);
    assert.deepEqual(
      r.body.results.map((x: { status: string }) => x.status),
      ['accepted', 'duplicate', 'duplicate'],
    );
    assert.equal(await count(t, 'SELECT count(*) AS n FROM access_events WHERE id = $1', [e.id]), 1);
  });

  it('reports an id seen before as duplicate even if it would now be rejected', async () => {
    const k = await keyInsert(t, { projectId: a.projectId, lockId, appUserId: phone });
    const e = ev(k, { agoMs: 10 * 60_000 });
    assert.equal((await upload(t, token, [e])).body.results[0].status, 'accepted');
    await t.store.db.query("UPDATE keys SET revoked = now() - interval '20 minutes' WHERE id = $1", [k]);
    assert.equal((await upload(t, token, [e])).body.results[0].status, 'duplicate');
  });

  it("keeps ids apart per tenant: another tenant's upload of an id first neither suppresses nor learns of an event", async () => {
    const b = await createTenant(t, 'Intruder');
    const intruder = newPhone();
    const intruderToken = await appToken(t, intruder);
    const intruderLock = await lockInsert(t, b.projectId);
    const intruderKey = await keyInsert(t, {
      projectId: b.projectId,
      lockId: intruderLock,
      appUserId: intruder,
    });
    const victimLock = await lockInsert(t, a.projectId);
    const victimKey = await keyInsert(t, { projectId: a.projectId, lockId: victimLock, appUserId: phone });
    const hook = await webhookInsert(t, a.projectId, victimLock);
    // The intruder uploads the victim's next event id first, with the very same time.
    const victim = ev(victimKey);
    const first = await upload(t, intruderToken, [{ ...victim, keyId: intruderKey }]);
    assert.equal(first.body.results[0].status, 'accepted');
    const real = await upload(t, token, [victim]);
    assert.equal(real.status, 200, JSON.stringify(real.body));
    assert.equal(real.body.results[0].status, 'accepted');
    assert.equal(
      await count(t, 'SELECT count(*) AS n FROM access_events WHERE id = $1 AND project_id = $2', [
        victim.id,
        a.projectId,
      ]),
      1,
    );
    assert.equal(
      await count(t, 'SELECT count(*) AS n FROM webhook_deliveries WHERE event_id = $1 AND webhook_id = $2', [
        victim.id,
        hook,
      ]),
      1,
    );
    // And the other way round: an id the victim used is new to the intruder's project.
    const used = ev(victimKey);
    assert.equal((await upload(t, token, [used])).body.results[0].status, 'accepted');
    const probe = await upload(t, intruderToken, [
      { ...used, keyId: intruderKey },
      { ...used, keyId: victimKey },
    ]);
    assert.deepEqual(
      probe.body.results.map((x: { status: string; reason?: string }) => x.reason ?? x.status),
      ['accepted', 'key_not_found'],
    );
  });

  it('accepts every id exactly once when the same batch is uploaded twice concurrently', async () => {
    const events = Array.from({ length: 300 }, (_, i) => ev(keyId, { agoMs: 200_000 + i }));
    const [r1, r2, r3] = await Promise.all([
      upload(t, token, events),
      upload(t, token, [...events].reverse()),
      upload(t, token, events),
    ]);
    for (const r of [r1, r2, r3]) assert.equal(r.status, 200, JSON.stringify(r.body));
    const accepted = new Map<string, number>();
    for (const r of [r1, r2, r3])
      for (const x of r.body.results as { id: string; status: string }[]) {
        assert.ok(x.status === 'accepted' || x.status === 'duplicate', x.status);
        if (x.status === 'accepted') accepted.set(x.id, (accepted.get(x.id) ?? 0) + 1);
      }
    assert.equal(accepted.size, 300);
    assert.ok([...accepted.values()].every((n) => n === 1));
    assert.equal(
      await count(t, 'SELECT count(*) AS n FROM access_events WHERE id = ANY($1::uuid[])', [
        events.map((e) => e.id),
      ]),
      300,
    );
  });
});

describe('POST /v2/app/events: rejections', () => {
  const statusOf = async (events: ReturnType<typeof ev>[]) =>
    (await upload(t, token, events)).body.results.map((x: { status: string; reason?: string }) =>
      x.reason ? `${x.status}:${x.reason}` : x.status,
    );

  it('rejects unknown keys and keys of other app users', async () => {
    const other = newPhone();
    const othersKey = await keyInsert(t, { projectId: a.projectId, lockId, appUserId: other });
    assert.deepEqual(await statusOf([ev(uuidv7()), ev(othersKey)]), [
      'rejected:key_not_found',
      'rejected:key_not_found',
    ]);
    assert.equal(await count(t, 'SELECT count(*) AS n FROM access_events WHERE key_id = $1', [othersKey]), 0);
  });

  it('judges revocation, start and end at the event time', async () => {
    const now = Date.now();
    const revoked = await keyInsert(t, {
      projectId: a.projectId,
      lockId,
      appUserId: phone,
      revoked: new Date(now - 60 * 60_000),
    });
    const windowed = await keyInsert(t, {
      projectId: a.projectId,
      lockId,
      appUserId: phone,
      starts: new Date(now - 3 * DAY),
      ends: new Date(now - DAY),
    });
    assert.deepEqual(
      await statusOf([
        ev(revoked, { agoMs: 2 * 60 * 60_000 }), // before the revocation: fine
        ev(revoked, { agoMs: 30 * 60_000 }),
        ev(windowed, { agoMs: 4 * DAY }),
        ev(windowed, { agoMs: 2 * DAY }), // inside the window, though expired now
        ev(windowed, { agoMs: DAY }), // end is exclusive
        ev(windowed, { agoMs: 0.5 * DAY }),
      ]),
      [
        'accepted',
        'rejected:key_revoked',
        'rejected:before_start',
        'accepted',
        'rejected:after_end',
        'rejected:after_end',
      ],
    );
  });

  it('rejects events from the future (beyond 5 minutes of clock skew) and older than the window', async () => {
    assert.deepEqual(
      await statusOf([
        ev(keyId, { agoMs: -4 * 60_000 }),
        ev(keyId, { agoMs: -6 * 60_000 }),
        ev(keyId, { agoMs: 29 * DAY }),
        ev(keyId, { agoMs: 31 * DAY }),
      ]),
      ['accepted', 'rejected:created_in_future', 'accepted', 'rejected:created_too_old'],
    );
  });

  it('rejects an id that was only rejected before, and accepts it once it is valid', async () => {
    const e = ev(keyId, { agoMs: -10 * 60_000 });
    assert.deepEqual(await statusOf([e]), ['rejected:created_in_future']);
    assert.deepEqual(await statusOf([{ ...e, created: new Date().toISOString() }]), ['accepted']);
  });
});

describe('POST /v2/app/events: recurrence on the lock wall clock, DST included', () => {
  let tz: TestApp;
  let tok: string;
  let key: string;
  before(async () => {
    // A long window so that fixed past DST dates stay inside it whatever today's date is.
    tz = await startTestApp({ LATCHKEY_ACCESS_LOG_RETENTION_DAYS: '3650' });
    const b = await createTenant(tz);
    const p = newPhone();
    tok = await appToken(tz, p);
    const lock = await lockInsert(tz, b.projectId, { timezone: 'Europe/Oslo' });
    key = await keyInsert(tz, {
      projectId: b.projectId,
      lockId: lock,
      appUserId: p,
      starts: new Date('2020-01-01T00:00:00Z'),
      recurrence: { windows: [{ days: ['sun'], from: '08:00', to: '17:00' }] },
    });
  });
  after(() => tz.close());

  it('uses CEST on the spring-forward Sunday and CET on the fall-back Sunday', async () => {
    const at = (created: string) => ({ id: uuidv7(), keyId: key, action: 'unlocked' as const, created });
    const r = await tz.call('POST', '/v2/app/events', {
      token: tok,
      body: {
        events: [
          at('2025-03-30T06:30:00.000Z'), // 08:30 CEST: inside (07:30 if CET were assumed)
          at('2025-03-30T15:30:00.000Z'), // 17:30 CEST: outside
          at('2025-10-26T06:30:00.000Z'), // 07:30 CET: outside (08:30 if CEST were assumed)
          at('2025-10-26T15:30:00.000Z'), // 16:30 CET: inside
          at('2025-10-27T10:00:00.000Z'), // Monday: outside
          at('2025-10-26T09:00:00+02:00'), // offsets accepted: 08:00 CET, inclusive start
        ],
      },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(
      r.body.results.map((x: { status: string; reason?: string }) => x.reason ?? x.status),
      ['accepted', 'outside_recurrence', 'outside_recurrence', 'accepted', 'outside_recurrence', 'accepted'],
    );
  });
});

describe('POST /v2/app/events: malformed uploads', () => {
  it('fails the whole call with 400 naming each bad item, writing nothing', async () => {
    const good = ev(keyId);
    const events: unknown[] = [
      good,
      { ...ev(keyId), id: 'not-a-uuid' },
      { ...ev(keyId), created: 'yesterday' },
      { ...ev(keyId), action: 'opened' },
      { ...ev(keyId), extra: 1 },
    ];
    const r = await t.call('POST', '/v2/app/events', { token, body: { events } });
    assert.equal(r.status, 400);
    assert.match(String(r.headers['content-type']), /application\/problem\+json/);
    const names = r.body.invalidParams.map((p: { name: string }) => p.name);
    assert.deepEqual(names.sort(), ['events.1.id', 'events.2.created', 'events.3.action', 'events.4.extra']);
    assert.equal(await count(t, 'SELECT count(*) AS n FROM access_event_ids WHERE id = $1', [good.id]), 0);
  });

  it('refuses empty batches and batches over 1,000', async () => {
    assert.equal((await upload(t, token, [])).status, 400);
    const big = Array.from({ length: 1001 }, () => ev(keyId));
    const r = await upload(t, token, big);
    assert.equal(r.status, 400);
    assert.equal(r.body.invalidParams[0].name, 'events');
  });

  it('needs an app token', async () => {
    assert.equal((await upload(t, '', [ev(keyId)])).status, 401);
    const r = await upload(t, a.projectToken, [ev(keyId)]);
    assert.equal(r.status, 403);
  });
});

describe('POST /v2/app/events: webhook deliveries', () => {
  it('queues one delivery per enabled webhook for integrator keys, with the exact Access Event body', async () => {
    const lock = await lockInsert(t, a.projectId, { name: 'Garage "B"' });
    const h1 = await webhookInsert(t, a.projectId, lock);
    const h2 = await webhookInsert(t, a.projectId, lock);
    await webhookInsert(t, a.projectId, lock, { enabled: false });
    await webhookInsert(t, a.projectId, lockId); // another lock
    const k = await keyInsert(t, { projectId: a.projectId, lockId: lock, appUserId: phone });
    const e = ev(k, { action: 'locked' });
    await upload(t, token, [e]);
    await upload(t, token, [e]); // duplicate: no second delivery
    const { rows } = await t.store.db.query<{
      webhook_id: string;
      body: string;
      status: string;
      project_id: string;
    }>(
      'SELECT webhook_id, body, status, project_id FROM webhook_deliveries WHERE event_id = $1 ORDER BY webhook_id',
      [e.id],
    );
    assert.deepEqual(
      rows.map((r) => r.webhook_id),
      [h1, h2].sort(),
    );
    const expected = `{"id":"${e.id}","action":"locked","created":"${e.created}","keyId":"${k}","lockId":"${lock}","lockName":"Garage \\"B\\"","appUserId":"${phone}","userName":"Kari Nordmann"}`;
    for (const r of rows) {
      assert.equal(r.body, expected);
      assert.equal(r.status, 'pending');
      assert.equal(r.project_id, a.projectId);
    }
  });

  it('wakes the delivery worker with a NOTIFY when deliveries were queued', async () => {
    const lock = await lockInsert(t, a.projectId);
    await webhookInsert(t, a.projectId, lock);
    const k = await keyInsert(t, { projectId: a.projectId, lockId: lock, appUserId: phone });
    let notified = 0;
    const unlisten = await t.store.db.listen(DELIVERIES_CHANNEL, () => {
      notified++;
    });
    try {
      await upload(t, token, [ev(k), ev(k), ev(k)]);
      for (let i = 0; i < 50 && notified === 0; i++) await new Promise((r) => setTimeout(r, 20));
      assert.ok(notified >= 1);
    } finally {
      await unlisten();
    }
  });

  it('keeps the one-event contract of the delivery branch (deliveriesEnqueueForEvent)', async () => {
    const lock = await lockInsert(t, a.projectId);
    await webhookInsert(t, a.projectId, lock);
    await webhookInsert(t, a.projectId, lock);
    const event = { id: uuidv7(), projectId: a.projectId, lockId: lock, received: new Date(), body: '{}' };
    assert.equal(await t.store.db.transaction((tx) => deliveriesEnqueueForEvent(tx, event)), 2);
    assert.equal(await t.store.db.transaction((tx) => deliveriesEnqueueForEvent(tx, event)), 0);
    const other = await lockInsert(t, a.projectId);
    assert.equal(
      await t.store.db.transaction((tx) => deliveriesEnqueueForEvent(tx, { ...event, lockId: other })),
      0,
    );
  });

  it('queues nothing for shared keys', async () => {
    const lock = await lockInsert(t, a.projectId);
    await webhookInsert(t, a.projectId, lock);
    const k = await keyInsert(t, {
      projectId: a.projectId,
      lockId: lock,
      appUserId: phone,
      origin: 'shared',
      sharedBy: newPhone(),
    });
    const e = ev(k);
    assert.equal((await upload(t, token, [e])).body.results[0].status, 'accepted');
    assert.equal(
      await count(t, 'SELECT count(*) AS n FROM webhook_deliveries WHERE event_id = $1', [e.id]),
      0,
    );
    const { rows } = await t.store.db.query<{ origin: string }>(
      'SELECT origin FROM access_events WHERE id = $1',
      [e.id],
    );
    assert.equal(rows[0]!.origin, 'shared');
  });
});
