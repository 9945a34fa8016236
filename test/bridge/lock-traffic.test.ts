// Remote operation, events from the lock and lock activity, through the real channel: the test
// plays the bridge over HTTP with a bridge token (poll, report), as `latchkey bridge` does; the
// same with a real Matter lock is test/matter/e2e.test.ts, inside network namespaces.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BridgeTransport } from '../../src/bridge/agent.ts';
import { httpTransport } from '../../src/bridge/http-transport.ts';
import type { WireCommand, WireEvent } from '../../src/bridge/protocol.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { connectPlayedLock } from '../helpers/played-bridge.ts';
import { appToken, createKeys, createLock, phone } from '../helpers/resources.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let url: string;
let tr: BridgeTransport;
let lockId: string;
let eventNumber = 100;
const INSTANCE = 'bridge-under-test';

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Alpha');
  b = await createTenant(t, 'Beta');
  url = await t.baseUrl();
  const br = await t.call('POST', `/v2/organization/${a.organizationId}/bridges`, {
    token: a.orgToken,
    body: { name: 'A' },
  });
  tr = httpTransport(url, br.body.token);
  lockId = (await createLock(t, a)).id;
  await connectPlayedLock(t, a, lockId, tr, INSTANCE);
});
after(async () => {
  await t.ctx.bridges.close();
  await t.close();
});

const event = (o: Partial<WireEvent> & { detail: Record<string, unknown> }): WireEvent => ({
  lockId,
  eventNumber: String(++eventNumber),
  at: new Date(Date.now() - 1000).toISOString(),
  kind: 'lockOperation',
  ...o,
});

/** Plays the bridge until stopped: each operate command is done by "the lock", which reports its event first. */
async function playBridge(
  answer: (
    c: WireCommand,
  ) => { events?: WireEvent[]; ok: boolean; result?: unknown; error?: unknown } | undefined,
) {
  const abort = new AbortController();
  const done = (async () => {
    while (!abort.signal.aborted) {
      const p = await tr.poll({ instanceId: INSTANCE, waitMs: 1000 }, abort.signal).catch(() => undefined);
      // Only operations: reconciliations (after connecting, after a PIN key) stay unanswered here.
      for (const c of p?.commands ?? []) {
        if (c.kind !== 'operate') continue;
        const a = answer(c);
        if (!a) continue;
        await tr.report({
          instanceId: INSTANCE,
          events: a.events ?? [],
          results: [{ commandId: c.id, ok: a.ok, result: a.result, error: a.error as never }],
        });
      }
    }
  })();
  // Online once its first poll holds the lease.
  for (;;) {
    const { rows } = await t.store.db.query(
      'SELECT 1 FROM bridges WHERE organization_id = $1 AND lease_until > now()',
      [a.organizationId],
    );
    if (rows.length > 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return async () => {
    abort.abort();
    await done;
  };
}

const activity = async (q = '') =>
  (await t.call('GET', `/v2/projects/${a.projectId}/locks/${lockId}/activity${q}`, { token: a.projectToken }))
    .body;

describe('remote operation', () => {
  it("an app user's unlock answers 200 with its access event, with the lock's time, recorded once", async () => {
    // Started a while ago: the lock's time below (a moment ago) is inside the key's window.
    const start = new Date(Date.now() - 3_600_000).toISOString();
    const [key] = await createKeys(t, a, [{ lockId, appUserId: phone(1), start }]);
    const token = await appToken(t, phone(1));
    let lockTime = '';
    const stop = await playBridge((c) => {
      lockTime = new Date(Date.now() - 200).toISOString();
      const e = event({
        at: lockTime,
        commandId: c.id,
        detail: { operation: 'unlock', source: 'remote', userIndex: null },
      });
      return {
        events: [e],
        ok: true,
        result: { lockState: 'unlocked', eventNumber: e.eventNumber, at: lockTime },
      };
    });
    try {
      const r = await t.call('POST', `/v2/app/keys/${key!.id}/operate`, {
        token,
        body: { action: 'unlocked' },
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.event.action, 'unlocked');
      assert.equal(r.body.event.keyId, key!.id);
      assert.equal(r.body.event.lockId, lockId);
      assert.equal(r.body.event.appUserId, phone(1));
      assert.equal(r.body.event.created, lockTime);
      const log = await t.call('GET', `/v2/projects/${a.projectId}/logs/access?keyId=${key!.id}`, {
        token: a.projectToken,
      });
      assert.deepEqual(
        log.body.accessEvents.map((e: { id: string }) => e.id),
        [r.body.event.id],
      );
      const act = (await activity()).activity[0];
      assert.equal(act.kind, 'operated');
      assert.equal(act.source, 'remote');
      assert.equal(act.keyId, key!.id);
    } finally {
      await stop();
    }
  });

  it("403 with the reason when the key may not be used now; 404 for another user's key; nothing is sent", async () => {
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const [later, revoked, other] = await createKeys(t, a, [
      { lockId, appUserId: phone(2), start: soon },
      { lockId, appUserId: phone(2) },
      { lockId, appUserId: phone(3) },
    ]);
    await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${revoked!.id}`, { token: a.projectToken });
    const token = await appToken(t, phone(2));
    const r1 = await t.call('POST', `/v2/app/keys/${later!.id}/operate`, {
      token,
      body: { action: 'unlocked' },
    });
    assert.equal(r1.status, 403);
    assert.match(r1.body.detail, /before_start/);
    const r2 = await t.call('POST', `/v2/app/keys/${revoked!.id}/operate`, {
      token,
      body: { action: 'unlocked' },
    });
    assert.equal(r2.status, 403);
    assert.match(r2.body.detail, /key_revoked/);
    assert.equal(
      (await t.call('POST', `/v2/app/keys/${other!.id}/operate`, { token, body: { action: 'unlocked' } }))
        .status,
      404,
    );
    const p = await tr.poll({ instanceId: INSTANCE, waitMs: 0 }, new AbortController().signal);
    assert.deepEqual(p.commands, []);
  });

  it('409 when the lock has no connection; 503 with Retry-After when its bridge is offline', async () => {
    const bare = await createLock(t, a);
    const [k] = await createKeys(t, a, [{ lockId: bare.id, appUserId: phone(4) }]);
    const token = await appToken(t, phone(4));
    assert.equal(
      (await t.call('POST', `/v2/app/keys/${k!.id}/operate`, { token, body: { action: 'unlocked' } })).status,
      409,
    );
    assert.equal(
      (
        await t.call('POST', `/v2/projects/${a.projectId}/locks/${bare.id}/operate`, {
          token: a.projectToken,
          body: { action: 'locked' },
        })
      ).status,
      409,
    );
    // The bridge has not polled for longer than its lease.
    await t.store.db.query(
      `UPDATE bridges SET lease_until = now() - interval '1 second' WHERE organization_id = $1`,
      [a.organizationId],
    );
    const [k2] = await createKeys(t, a, [{ lockId, appUserId: phone(4) }]);
    const r = await t.call('POST', `/v2/app/keys/${k2!.id}/operate`, { token, body: { action: 'unlocked' } });
    assert.equal(r.status, 503, JSON.stringify(r.body));
    assert.ok(Number(r.headers['retry-after']) > 0);
    assert.equal(r.headers['content-type'], 'application/problem+json; charset=utf-8');
  });

  it("an integrator's lock answers the lock state: lock activity, not an access event; another project's lock is 404", async () => {
    const stop = await playBridge((c) => {
      const e = event({ commandId: c.id, detail: { operation: 'lock', source: 'remote', userIndex: null } });
      return { events: [e], ok: true, result: { lockState: 'locked', eventNumber: e.eventNumber, at: e.at } };
    });
    try {
      const before = (
        await t.call('GET', `/v2/projects/${a.projectId}/logs/access`, { token: a.projectToken })
      ).body.accessEvents.length;
      const r = await t.call('POST', `/v2/projects/${a.projectId}/locks/${lockId}/operate`, {
        token: a.projectToken,
        body: { action: 'locked' },
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual(r.body, { lockState: 'locked' });
      const act = (await activity()).activity[0];
      assert.equal(act.kind, 'operated');
      assert.equal(act.source, 'integrator');
      assert.equal(act.keyId, undefined);
      const after = (
        await t.call('GET', `/v2/projects/${a.projectId}/logs/access`, { token: a.projectToken })
      ).body.accessEvents.length;
      assert.equal(after, before);
      const lockB = await createLock(t, b);
      assert.equal(
        (
          await t.call('POST', `/v2/projects/${a.projectId}/locks/${lockB.id}/operate`, {
            token: a.projectToken,
            body: { action: 'locked' },
          })
        ).status,
        404,
      );
    } finally {
      await stop();
    }
  });
});

describe('events from the lock and lock activity', () => {
  it("a keypad unlock by a key's user slot is that key's access event with the lock's time, once even when sent again", async () => {
    const start = new Date(Date.now() - 3_600_000).toISOString();
    const [key] = await createKeys(t, a, [{ lockId, appUserId: phone(5), start, pin: true }]);
    // As a reconcile pass reports it: the key's PIN is set in user slot 3.
    await t.store.db.query("UPDATE key_pins SET status = 'set', user_index = 3 WHERE key_id = $1", [key!.id]);
    const at = new Date(Date.now() - 60_000).toISOString();
    const e = event({
      at,
      detail: { operation: 'unlock', source: 'keypad', userIndex: 3, credential: { type: 'pin', index: 3 } },
    });
    await tr.poll({ instanceId: INSTANCE, waitMs: 0 }, new AbortController().signal);
    const first = await tr.report({ instanceId: INSTANCE, events: [e] });
    const dbg = await t.store.db.query(
      'SELECT c.*, (SELECT count(*) FROM lock_events x WHERE x.lock_id = c.lock_id AND x.event_number = $2) AS n FROM lock_connections c WHERE lock_id = $1',
      [lockId, e.eventNumber],
    );
    assert.equal(first.recorded, 1, JSON.stringify(dbg.rows));
    assert.equal(
      (await tr.report({ instanceId: INSTANCE, events: [e, e] })).recorded,
      0,
      'sent again after a reconnect',
    );
    const log = await t.call('GET', `/v2/projects/${a.projectId}/logs/access?keyId=${key!.id}`, {
      token: a.projectToken,
    });
    assert.equal(log.body.accessEvents.length, 1);
    assert.equal(log.body.accessEvents[0].created, at);
    const acts = (await activity()).activity.filter(
      (x: { detail: { eventNumber?: string } }) => x.detail.eventNumber === e.eventNumber,
    );
    assert.equal(acts.length, 1);
    assert.equal(acts[0].source, 'keypad');
    assert.equal(acts[0].keyId, key!.id);
    assert.equal(acts[0].at, at);
    // The next poll tells the bridge the highest event number recorded.
    const p = await tr.poll({ instanceId: INSTANCE, waitMs: 0 }, new AbortController().signal);
    assert.equal(p.locks.find((l) => l.lockId === lockId)?.eventsAfter, String(eventNumber));
  });

  it('a wrong code, a manual turn, a jam, low battery and a lost lock are activity of their kinds', async () => {
    await tr.report({
      instanceId: INSTANCE,
      events: [
        event({
          kind: 'lockOperationError',
          detail: { operation: 'unlock', source: 'keypad', error: 'invalidCredential', userIndex: null },
        }),
        event({ detail: { operation: 'lock', source: 'manual', userIndex: null } }),
      ],
      statuses: [
        { lockId, reachable: true, lockState: 'jammed', batteryPercent: 12, batteryLevel: 'warning' },
      ],
    });
    await tr.report({
      instanceId: INSTANCE,
      statuses: [
        { lockId, reachable: false, lockState: 'jammed', batteryPercent: 12, batteryLevel: 'warning' },
      ],
    });
    const kinds = (await activity()).activity
      .slice(0, 5)
      .map((x: { kind: string; source: string | null }) => `${x.kind}/${x.source}`);
    // Newest first, by id. The jam and the low battery come from one status report, the two events
    // from one report too, each pair recorded within a millisecond or so, where a UUIDv7's order is
    // its random tail's (src/ids.ts): so each pair is compared as a set.
    assert.equal(kinds[0], 'disconnected/null');
    assert.deepEqual(kinds.slice(1, 3).sort(), ['jammed/null', 'lowBattery/null']);
    assert.deepEqual(kinds.slice(3).sort(), ['operated/manual', 'wrongCode/keypad']);
    await tr.report({
      instanceId: INSTANCE,
      statuses: [
        { lockId, reachable: true, lockState: 'locked', batteryPercent: 12, batteryLevel: 'warning' },
      ],
    });
    assert.equal((await activity()).activity[0].kind, 'connected');
  });

  it("pages with limit and startAfterId, bounds by from and to; another project's lock is 404", async () => {
    const all = (await activity()).activity;
    assert.ok(all.length >= 6);
    const first = await activity('?limit=2');
    assert.equal(first.activity.length, 2);
    assert.ok(first.startAfterId);
    const second = await activity(`?limit=2&startAfterId=${first.startAfterId}`);
    assert.deepEqual(
      second.activity.map((x: { id: string }) => x.id),
      all.slice(2, 4).map((x: { id: string }) => x.id),
    );
    const future = await activity(
      `?from=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`,
    );
    assert.deepEqual(future.activity, []);
    assert.equal((await activity('?limit=0')).status, 400);
    const lockB = await createLock(t, b);
    assert.equal(
      (
        await t.call('GET', `/v2/projects/${a.projectId}/locks/${lockB.id}/activity`, {
          token: a.projectToken,
        })
      ).status,
      404,
    );
  });
});
