// Connecting a lock through a bridge: the request's checks, the 202 with `connection`, tenancy, and
// what the bridge's report does to the connection. The test plays the bridge over the real channel
// (HTTP poll and report with a bridge token); commissioning a real Matter lock is in
// test/matter/e2e.test.ts, inside network namespaces.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BridgeTransport } from '../../src/bridge/agent.ts';
import { httpTransport } from '../../src/bridge/http-transport.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { createLock, installerToken } from '../helpers/resources.ts';

const CODE = '3497-011-2332';
let t: TestApp;
let a: Tenant;
let b: Tenant;
let url: string;
let bridgeA: { id: string; token: string };
let bridgeB: { id: string; token: string };

async function newBridge(x: Tenant, name: string) {
  const r = await t.call('POST', `/v2/organization/${x.organizationId}/bridges`, {
    token: x.orgToken,
    body: { name },
  });
  return { id: r.body.bridge.id as string, token: r.body.token as string };
}
const connPath = (x: Tenant, lockId: string) => `/v2/projects/${x.projectId}/locks/${lockId}/connection`;

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Alpha');
  b = await createTenant(t, 'Beta');
  url = await t.baseUrl();
});
after(async () => {
  await t.ctx.bridges.close();
  await t.close();
});

/** The bridge's side: one poll, answering each command with `answer`. */
async function bridgeAnswers(
  tr: BridgeTransport,
  instanceId: string,
  answer: (kind: string) => { ok: boolean; result?: unknown; error?: unknown },
) {
  const p = await tr.poll({ instanceId, waitMs: 2000 }, new AbortController().signal);
  await tr.report({
    instanceId,
    results: p.commands.map((c) => ({ commandId: c.id, ...answer(c.kind) }) as never),
  });
  return p;
}

describe('connecting a lock', () => {
  it('without a bridge: 400 naming bridgeId; a malformed pairing code: 400 naming pairingCode', async () => {
    const lock = await createLock(t, a);
    const r = await t.call('PUT', connPath(a, lock.id), {
      token: a.projectToken,
      body: { type: 'matter', pairingCode: CODE },
    });
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.equal(r.body.invalidParams[0].name, 'bridgeId');
    bridgeA = await newBridge(a, 'A1');
    for (const pairingCode of ['1234', '3497-011-2333', 'MT:nonsense', '34970112332x']) {
      const bad = await t.call('PUT', connPath(a, lock.id), {
        token: a.projectToken,
        body: { type: 'matter', pairingCode },
      });
      assert.equal(bad.status, 400, pairingCode);
      assert.equal(bad.body.invalidParams[0].name, 'pairingCode', pairingCode);
    }
    const wrongType = await t.call('PUT', connPath(a, lock.id), {
      token: a.projectToken,
      body: { type: 'zigbee', pairingCode: CODE },
    });
    assert.equal(wrongType.status, 400);
    const got = await t.call('GET', `/v2/projects/${a.projectId}/locks/${lock.id}`, {
      token: a.projectToken,
    });
    assert.equal(got.body.lock.connection, null, 'nothing written');
  });

  it("202 with connection commissioning; the bridge's success makes it online with what the lock can do", async () => {
    const lock = await createLock(t, a);
    const r = await t.call('PUT', connPath(a, lock.id), {
      token: a.projectToken,
      body: { type: 'matter', pairingCode: CODE },
    });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.equal(r.body.lock.connection.status, 'commissioning');
    assert.equal(r.body.lock.connection.bridgeId, bridgeA.id);
    assert.equal(r.body.lock.connection.error, null);
    const again = await t.call('PUT', connPath(a, lock.id), {
      token: a.projectToken,
      body: { type: 'matter', pairingCode: CODE },
    });
    assert.equal(again.status, 409);
    const tr = httpTransport(url, bridgeA.token);
    const p = await bridgeAnswers(tr, 'bridge-1', () => ({
      ok: true,
      result: {
        lockId: lock.id,
        capabilities: {
          keypad: true,
          capacity: { users: 10, pinCodes: 10, weekDaySchedulesPerUser: 4, yearDaySchedulesPerUser: 1 },
        },
        identity: { vendor: 'Latchkey', product: 'Virtual lock' },
        status: { lockState: 'locked', batteryPercent: 80, batteryLevel: 'ok', reachable: true },
      },
    }));
    assert.equal(p.commands.length, 1);
    assert.equal(p.commands[0]!.kind, 'commission');
    assert.equal(p.commands[0]!.payload.pairingCode, CODE);
    const { rows } = await t.store.db.query<{ payload: object }>(
      'SELECT payload FROM bridge_commands WHERE id = $1',
      [p.commands[0]!.id],
    );
    assert.deepEqual(rows[0]!.payload, {}, 'the pairing code is not kept once used');
    const got = (
      await t.call('GET', `/v2/projects/${a.projectId}/locks/${lock.id}`, { token: a.projectToken })
    ).body.lock;
    assert.equal(got.connection.status, 'online');
    assert.equal(got.connection.lockState, 'locked');
    assert.equal(got.connection.batteryPercent, 80);
    assert.equal(got.connection.keypad, true);
    assert.deepEqual(got.connection.capacity, {
      users: 10,
      pinCodes: 10,
      weekDaySchedulesPerUser: 4,
      yearDaySchedulesPerUser: 1,
    });
    assert.equal(got.connection.vendor, 'Latchkey');
    assert.ok(got.connection.lastSeen);
    const listed = (await t.call('GET', `/v2/projects/${a.projectId}/locks`, { token: a.projectToken })).body
      .locks;
    assert.equal(listed.find((l: { id: string }) => l.id === lock.id).connection.status, 'online');
    // A status report: unreachable, then a jam.
    await tr.report({
      instanceId: 'bridge-1',
      statuses: [
        { lockId: lock.id, reachable: false, lockState: 'jammed', batteryPercent: 79, batteryLevel: 'ok' },
      ],
    });
    const later = (
      await t.call('GET', `/v2/projects/${a.projectId}/locks/${lock.id}`, { token: a.projectToken })
    ).body.lock;
    assert.equal(later.connection.status, 'unreachable');
    assert.equal(later.connection.lockState, 'jammed');
    // The bridge cannot be deleted while the lock is connected through it.
    const del = await t.call('DELETE', `/v2/organization/${a.organizationId}/bridges/${bridgeA.id}`, {
      token: a.orgToken,
    });
    assert.equal(del.status, 409);
    // Disconnecting an unreachable lock: forgotten anyway, with a warning; the bridge is told to forget it.
    const gone = await t.call('DELETE', connPath(a, lock.id), { token: a.projectToken });
    assert.equal(
      gone.status,
      200,
      JSON.stringify(gone.body) + t.logs.filter((l) => l.includes('"err"')).join('\n'),
    );
    assert.equal(gone.body.lock.connection, null);
    assert.match(gone.body.warning, /cannot be reached/);
    const next = await tr.poll({ instanceId: 'bridge-1', waitMs: 0 }, new AbortController().signal);
    assert.deepEqual(
      next.commands.map((c) => [c.kind, c.lockId]),
      [['forget', lock.id]],
    );
    assert.equal((await t.call('DELETE', connPath(a, lock.id), { token: a.projectToken })).status, 404);
  });

  it("the bridge's failure makes it failed with the error in plain words, and it may be retried", async () => {
    const lock = await createLock(t, a);
    const installer = await installerToken(t, a);
    const r = await t.call('PUT', connPath(a, lock.id), {
      token: installer,
      body: { type: 'matter', pairingCode: CODE, bridgeId: bridgeA.id },
    });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    const tr = httpTransport(url, bridgeA.token);
    await bridgeAnswers(tr, 'bridge-1', () => ({
      ok: false,
      error: {
        code: 'notFound',
        title: 'No lock answered with this pairing code',
        detail: 'no lock with this pairing code answered on the network (commissioning the lock)',
        transient: false,
      },
    }));
    const got = (
      await t.call('GET', `/v2/projects/${a.projectId}/locks/${lock.id}`, { token: a.projectToken })
    ).body.lock;
    assert.equal(got.connection.status, 'failed');
    assert.deepEqual(got.connection.error, {
      title: 'No lock answered with this pairing code',
      detail: 'no lock with this pairing code answered on the network (commissioning the lock)',
    });
    const retry = await t.call('PUT', connPath(a, lock.id), {
      token: a.projectToken,
      body: { type: 'matter', pairingCode: CODE },
    });
    assert.equal(retry.status, 202);
    assert.equal(retry.body.lock.connection.status, 'commissioning');
    assert.equal(retry.body.lock.connection.error, null);
  });

  it("tenancy: another organization's bridge is 400 on bridgeId, another project's lock 404; several bridges need bridgeId", async () => {
    bridgeB = await newBridge(b, 'B1');
    const lock = await createLock(t, a);
    const r = await t.call('PUT', connPath(a, lock.id), {
      token: a.projectToken,
      body: { type: 'matter', pairingCode: CODE, bridgeId: bridgeB.id },
    });
    assert.equal(r.status, 400);
    assert.equal(r.body.invalidParams[0].name, 'bridgeId');
    const lockB = await createLock(t, b);
    assert.equal(
      (
        await t.call('PUT', connPath(a, lockB.id), {
          token: a.projectToken,
          body: { type: 'matter', pairingCode: CODE },
        })
      ).status,
      404,
    );
    assert.equal((await t.call('DELETE', connPath(a, lockB.id), { token: a.projectToken })).status, 404);
    await newBridge(a, 'A2');
    const several = await t.call('PUT', connPath(a, lock.id), {
      token: a.projectToken,
      body: { type: 'matter', pairingCode: CODE },
    });
    assert.equal(several.status, 400);
    assert.match(several.body.invalidParams[0].reason, /several bridges/);
    // A report about another organization's lock changes nothing.
    await t.call('PUT', connPath(b, lockB.id), {
      token: b.projectToken,
      body: { type: 'matter', pairingCode: CODE },
    });
    const trA = httpTransport(url, bridgeA.token);
    await trA.poll({ instanceId: 'bridge-1', waitMs: 0 }, new AbortController().signal);
    await trA.report({
      instanceId: 'bridge-1',
      statuses: [
        {
          lockId: lockB.id,
          reachable: true,
          lockState: 'unlocked',
          batteryPercent: 1,
          batteryLevel: 'critical',
        },
      ],
    });
    const gotB = (
      await t.call('GET', `/v2/projects/${b.projectId}/locks/${lockB.id}`, { token: b.projectToken })
    ).body.lock;
    assert.equal(gotB.connection.status, 'commissioning');
    assert.equal(gotB.connection.batteryPercent, null);
  });
});
