// How key changes reach a lock's bridge as reconciliations, through the real channel: the test plays
// the bridge over HTTP with a bridge token (poll, report), as `latchkey bridge` does, and answers
// each reconcile command as the bridge's pass would (the pass itself, on a real Matter lock, is
// test/matter/reconcile.test.ts; all of it together is test/matter/e2e.test.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BridgeTransport } from '../../src/bridge/agent.ts';
import { httpTransport } from '../../src/bridge/http-transport.ts';
import type { WireCommand } from '../../src/bridge/protocol.ts';
import { reconcileJobStart } from '../../src/bridge/reconcile-wiring.ts';
import type { DesiredLockState, ReconcileReport } from '../../src/matter/reconcile.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { DELIVERY_ENV } from '../helpers/delivery.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { connectPlayedLock } from '../helpers/played-bridge.ts';
import { createLock, phone } from '../helpers/resources.ts';

let t: TestApp;
let a: Tenant;
let tr: BridgeTransport;
let lockId: string;
let hookIds: { keys: string; activity: string };
const INSTANCE = 'bridge-under-test';

const poll = () => tr.poll({ instanceId: INSTANCE, waitMs: 0 }, new AbortController().signal);

/** The reconcile commands a poll hands the bridge now. */
async function reconciles(): Promise<WireCommand[]> {
  return (await poll()).commands.filter((c) => c.kind === 'reconcile');
}

/** Answers a reconcile command as a complete pass that set every wanted key, in slots 1, 2, … */
async function answer(c: WireCommand): Promise<DesiredLockState> {
  const desired = c.payload.desired as DesiredLockState;
  const report: ReconcileReport = {
    lockId: c.lockId!,
    desiredAt: desired.at,
    complete: true,
    keys: desired.users.map((u, i) => ({ keyId: u.keyId, status: 'set', userIndex: i + 1 })),
    removed: [],
    written: desired.users.length,
  };
  await tr.report({ instanceId: INSTANCE, results: [{ commandId: c.id, ok: true, result: report }] });
  return desired;
}

async function envelopes(webhookId: string) {
  const { rows } = await t.store.db.query<{ body: string }>(
    'SELECT body FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id',
    [webhookId],
  );
  return rows.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, any> });
}

const getKey = async (keyId: string) =>
  (await t.call('GET', `/v2/projects/${a.projectId}/keys/${keyId}`, { token: a.projectToken })).body.key;

before(async () => {
  t = await startTestApp(DELIVERY_ENV);
  a = await createTenant(t, 'Alpha');
  const br = await t.call('POST', `/v2/organization/${a.organizationId}/bridges`, {
    token: a.orgToken,
    body: { name: 'Hall' },
  });
  tr = httpTransport(await t.baseUrl(), br.body.token);
  lockId = (await createLock(t, a)).id;
  const hook = async (trigger: string) =>
    (
      await t.call('POST', `/v2/projects/${a.projectId}/webhooks`, {
        token: a.projectToken,
        body: { trigger, lockId, url: 'https://127.0.0.1:9/hook' },
      })
    ).body.webhook.id as string;
  hookIds = { keys: await hook('keyChanged'), activity: await hook('lockActivity') };
  await connectPlayedLock(t, a, lockId, tr, INSTANCE);
});
after(async () => {
  await t.ctx.bridges.close();
  await t.close();
});

describe('reconciliations through the bridge channel', () => {
  it('a lock that comes online is reconciled; its connection is lock activity with a webhook', async () => {
    const [c, ...more] = await reconciles();
    assert.ok(c, 'a reconcile command after connecting');
    assert.equal(more.length, 0);
    assert.equal(c.payload.why, 'connected');
    assert.deepEqual((await answer(c)).users, []);
    const types = (await envelopes(hookIds.activity)).map((e) => e.type);
    assert.ok(types.includes('lock.connected'), types.join());
  });

  it('a key with a PIN: one command carries it, the PIN never rests in the queue, and the report sets it', async () => {
    const r = await t.call('POST', `/v2/projects/${a.projectId}/keys`, {
      token: a.projectToken,
      body: {
        keys: [
          { lockId, appUserId: phone(1), pin: true, start: new Date(Date.now() - 3_600_000).toISOString() },
        ],
      },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const key = r.body.keys[0];
    assert.equal(key.pin.status, 'pending');
    // A second key change before the bridge polls adds no second command.
    const r2 = await t.call('POST', `/v2/projects/${a.projectId}/keys`, {
      token: a.projectToken,
      body: { keys: [{ lockId, appUserId: phone(2), pin: '4711' }] },
    });
    assert.equal(r2.status, 201);
    const { rows } = await t.store.db.query<{ payload: unknown }>(
      "SELECT payload FROM bridge_commands WHERE lock_id = $1 AND kind = 'reconcile' AND status = 'pending'",
      [lockId],
    );
    assert.equal(rows.length, 1);
    assert.deepEqual(rows[0]!.payload, { why: 'keyChanged' });
    const [c, ...more] = await reconciles();
    assert.equal(more.length, 0);
    const desired = await answer(c!);
    assert.deepEqual(
      desired.users.map((u) => [u.keyId, u.pin]),
      [
        [key.id, key.pin.code],
        [r2.body.keys[0].id, '4711'],
      ],
    );
    assert.equal((await getKey(key.id)).pin.status, 'set');
    const changed = (await envelopes(hookIds.keys)).filter((e) => e.type === 'key.pinChanged');
    assert.deepEqual(
      changed.map((e) => [e.data.id, e.data.pin.status]).sort(),
      [
        [key.id, 'set'],
        [r2.body.keys[0].id, 'set'],
      ].sort(),
    );
    assert.ok(
      changed.every((e) => e.data.pin.code === undefined),
      'a webhook never carries the code',
    );
  });

  it("a keypad unlock in the key's slot is its access event; revoking queues the removal and the PIN is removed", async () => {
    const key = (
      await t.call('GET', `/v2/projects/${a.projectId}/keys?appUserId=${encodeURIComponent(phone(1))}`, {
        token: a.projectToken,
      })
    ).body.keys[0];
    const slot = (
      await t.store.db.query<{ user_index: number }>('SELECT user_index FROM key_pins WHERE key_id = $1', [
        key.id,
      ])
    ).rows[0]!.user_index;
    await tr.report({
      instanceId: INSTANCE,
      events: [
        {
          lockId,
          eventNumber: '1',
          at: new Date(Date.now() - 1000).toISOString(),
          kind: 'lockOperation',
          detail: { operation: 'unlock', source: 'keypad', userIndex: slot },
        },
      ],
    });
    const log = await t.call('GET', `/v2/projects/${a.projectId}/logs/access?keyId=${key.id}`, {
      token: a.projectToken,
    });
    assert.equal(log.body.accessEvents.length, 1);
    const operated = (await envelopes(hookIds.activity)).filter((e) => e.type === 'lock.operated');
    assert.equal(operated.length, 1);
    assert.equal(operated[0]!.data.keyId, key.id);
    assert.match(operated[0]!.data.detail, /unlock/);

    assert.equal(
      (await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${key.id}`, { token: a.projectToken }))
        .status,
      200,
    );
    const [c] = await reconciles();
    assert.equal(c?.payload.why, 'keyChanged');
    const desired = await answer(c!);
    assert.ok(!desired.users.some((u) => u.keyId === key.id), 'the revoked key is left out');
    assert.equal((await getKey(key.id)).pin.status, 'removed');
  });

  it('the periodic pass queues a reconciliation of every online lock', async () => {
    assert.deepEqual(await reconciles(), []);
    const stop = reconcileJobStart(t.ctx, t.app.log, 100);
    try {
      // Held until the job's command wakes the poll.
      const p = await tr.poll({ instanceId: INSTANCE, waitMs: 5000 }, new AbortController().signal);
      const [c] = p.commands.filter((x) => x.kind === 'reconcile');
      assert.equal(c?.payload.why, 'periodic');
      await answer(c!);
    } finally {
      await stop();
    }
  });
});
