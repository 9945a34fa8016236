// The bridge's channel without Matter (nothing here starts a controller or mDNS): a bridge
// long-polls the service over HTTP, commands reach it, its lease keeps a second process out, a
// killed bridge goes offline and its commands expire unsent, its controller state is kept sealed,
// and the local bridge is the same thing in process.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BridgeAgent } from '../../src/bridge/agent.ts';
import { httpTransport, type TransportError } from '../../src/bridge/http-transport.ts';
import { EventJournal } from '../../src/bridge/journal.ts';
import { localBridgeStart } from '../../src/bridge/local.ts';
import type { WireEvent } from '../../src/bridge/protocol.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

let t: TestApp;
let a: Tenant;
let url: string;
const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'latchkey-bridge-'));
  dirs.push(d);
  return d;
};

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Alpha');
  url = await t.baseUrl();
});
after(async () => {
  await t.ctx.bridges.close();
  await t.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function newBridge(name: string) {
  const r = await t.call('POST', `/v2/organization/${a.organizationId}/bridges`, {
    token: a.orgToken,
    body: { name },
  });
  assert.equal(r.status, 201);
  return { id: r.body.bridge.id as string, token: r.body.token as string };
}

const bridgeStatus = async (id: string) =>
  (await t.call('GET', `/v2/organization/${a.organizationId}/bridges/${id}`, { token: a.orgToken })).body
    .bridge;

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the bridge channel', () => {
  it('a bridge connects out, shows online, and a command reaches it and is answered', async () => {
    const b = await newBridge('Basement');
    const agent = new BridgeAgent({
      transport: httpTransport(url, b.token),
      journal: new EventJournal(),
      pollWaitMs: 5000,
    }).start();
    try {
      await until('online', async () => (await bridgeStatus(b.id)).status === 'online');
      assert.ok((await bridgeStatus(b.id)).lastSeen);
      const started = performance.now();
      const row = await t.ctx.bridges.request({
        bridgeId: b.id,
        lockId: null,
        kind: 'ping',
        timeoutMs: 5000,
      });
      const ms = performance.now() - started;
      assert.equal(row?.status, 'done', JSON.stringify(row));
      assert.ok(Date.parse((row!.result as { at: string }).at) > 0);
      process.stderr.write(`ping through a waiting bridge poll: ${ms.toFixed(0)} ms\n`);
      assert.equal(agent.controllerStarted, false, 'no lock, no Matter controller');
    } finally {
      await agent.stop();
    }
  });

  it('only one process acts for a bridge: a second one is refused (409) while the first holds it', async () => {
    const b = await newBridge('Gate');
    const agent = new BridgeAgent({
      transport: httpTransport(url, b.token),
      journal: new EventJournal(),
      pollWaitMs: 5000,
    }).start();
    try {
      await until('online', async () => (await bridgeStatus(b.id)).status === 'online');
      const second = httpTransport(url, b.token);
      await assert.rejects(
        second.poll({ instanceId: 'another-process', waitMs: 0 }, new AbortController().signal),
        (e: TransportError) => e.status === 409,
      );
      await assert.rejects(
        second.report({ instanceId: 'another-process', events: [] }),
        (e: TransportError) => e.status === 409,
      );
    } finally {
      await agent.stop();
    }
  });

  it('a bridge that goes away is offline within seconds, and a command for it expires unsent', async () => {
    const b = await newBridge('Shed');
    const agent = new BridgeAgent({
      transport: httpTransport(url, b.token),
      journal: new EventJournal(),
      pollWaitMs: 5000,
    }).start();
    await until('online', async () => (await bridgeStatus(b.id)).status === 'online');
    await agent.stop();
    await until('offline', async () => (await bridgeStatus(b.id)).status === 'offline', 8000);
    const row = await t.ctx.bridges.request({ bridgeId: b.id, lockId: null, kind: 'ping', timeoutMs: 300 });
    assert.equal(row, undefined);
    // Back later: the expired command is not delivered.
    const again = new BridgeAgent({
      transport: httpTransport(url, b.token),
      journal: new EventJournal(),
      pollWaitMs: 1000,
    }).start();
    try {
      await until('online', async () => (await bridgeStatus(b.id)).status === 'online');
      const { rows } = await t.store.db.query<{ status: string }>(
        'SELECT status FROM bridge_commands WHERE bridge_id = $1',
        [b.id],
      );
      assert.deepEqual(
        rows.map((r) => r.status),
        ['pending'],
      );
    } finally {
      await again.stop();
    }
  });

  it('a wrong or rotated token is 401', async () => {
    const b = await newBridge('Rotated');
    await t.call('POST', `/v2/organization/${a.organizationId}/bridges/${b.id}/rotate-token`, {
      token: a.orgToken,
    });
    for (const token of [b.token, 'lk_bridge_nope', 'not-a-bridge-token']) {
      const r = await t.call('POST', '/v2/bridge/poll', { token, body: { instanceId: 'x', waitMs: 0 } });
      assert.equal(r.status, 401);
    }
    assert.equal(
      (await t.call('POST', '/v2/bridge/poll', { body: { instanceId: 'x', waitMs: 0 } })).status,
      401,
    );
  });

  it("the controller's state is kept sealed with the master key, and read back by the bridge", async () => {
    const b = await newBridge('Stateful');
    const tr = httpTransport(url, b.token);
    assert.equal(await tr.loadState(), undefined);
    await tr.poll({ instanceId: 'p1', waitMs: 0 }, new AbortController().signal);
    const state = JSON.stringify({ fabric: { rootKey: 'very-secret-key-material' } });
    await tr.saveState('p1', state);
    assert.equal(await tr.loadState(), state);
    const { rows } = await t.store.db.query<{ controller_state_enc: string }>(
      'SELECT controller_state_enc FROM bridges WHERE id = $1',
      [b.id],
    );
    assert.ok(!rows[0]!.controller_state_enc.includes('very-secret'));
    await assert.rejects(tr.saveState('not-the-holder', state), (e: TransportError) => e.status === 409);
  });

  it('the local bridge runs in process, is listed online for the organization, and starts no controller', async () => {
    const local = await localBridgeStart(t.ctx, t.app.log);
    try {
      await until('local online', async () => {
        const l = (await t.call('GET', `/v2/organization/${a.organizationId}/bridges`, { token: a.orgToken }))
          .body.bridges;
        return l.find((x: { local: boolean; status: string }) => x.local && x.status === 'online');
      });
      const row = await t.ctx.bridges.request({
        bridgeId: local.bridgeId,
        lockId: null,
        kind: 'ping',
        timeoutMs: 5000,
      });
      assert.equal(row?.status, 'done');
      assert.equal(local.agent.controllerStarted, false);
    } finally {
      await local.stop();
    }
  });
});

describe('the event journal', () => {
  const e = (n: number): WireEvent => ({
    lockId: '0190a0b0-0000-7000-8000-000000000001',
    eventNumber: String(n),
    at: new Date(1_800_000_000_000 + n).toISOString(),
    kind: 'lockOperation',
    detail: { operation: 'unlock', source: 'keypad' },
  });

  it('keeps unacknowledged events on disk across a restart, and forgets acknowledged ones', () => {
    const path = join(tmp(), 'events.jsonl');
    const j = new EventJournal(path);
    for (let n = 1; n <= 5; n++) j.append(e(n));
    j.ack(2);
    const reopened = new EventJournal(path);
    assert.deepEqual(
      reopened.head(10).map((x) => x.eventNumber),
      ['3', '4', '5'],
    );
    reopened.ack(3);
    assert.equal(new EventJournal(path).size, 0);
  });
});
