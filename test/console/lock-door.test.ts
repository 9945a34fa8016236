// A lock's door in the console, in a real browser (Debian's chromium through playwright-core): its
// connection (state, lock state, battery), its keys' PIN status, Unlock, the lock's activity, and
// "Connect a lock" with a pairing code. The test plays the lock's bridge over the real channel
// (poll, report with a bridge token), as `latchkey bridge` does: a Matter lock needs network
// namespaces, which the browser and the app do not run in here; the whole path with a real Matter
// lock is test/matter/e2e.test.ts. axe-core checks the screen at 1280 and 390 px.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { BridgeTransport } from '../../src/bridge/agent.ts';
import { httpTransport } from '../../src/bridge/http-transport.ts';
import type { DesiredLockState, ReconcileReport } from '../../src/matter/reconcile.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { assertAccessible, integratorLogin, openConsole, shot } from '../helpers/browser.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { createLock, phone } from '../helpers/resources.ts';

const INSTANCE = 'console-bridge';
let t: TestApp;
let a: Tenant;
let base: string;
let browser: Browser;
let page: Page;
let problems: string[];
let tr: BridgeTransport;
let door: string;
let spare: string;
let events = 0;
const bridgeStop = new AbortController();
let bridgeDone: Promise<void>;

/** The bridge: commissions, reconciles (every wanted key set) and operates as a lock would. */
async function playBridge() {
  while (!bridgeStop.signal.aborted) {
    const p = await tr.poll({ instanceId: INSTANCE, waitMs: 500 }, bridgeStop.signal).catch(() => undefined);
    for (const c of p?.commands ?? []) {
      if (c.kind === 'commission')
        await tr.report({
          instanceId: INSTANCE,
          results: [
            {
              commandId: c.id,
              ok: true,
              result: {
                capabilities: {
                  keypad: true,
                  capacity: {
                    users: 10,
                    pinCodes: 10,
                    weekDaySchedulesPerUser: 4,
                    yearDaySchedulesPerUser: 1,
                  },
                },
                identity: { vendor: 'Latchkey', product: 'Virtual lock' },
                status: { lockState: 'locked', batteryPercent: 87, batteryLevel: 'ok', reachable: true },
              },
            },
          ],
        });
      if (c.kind === 'reconcile') {
        const d = c.payload.desired as DesiredLockState;
        const report: ReconcileReport = {
          lockId: c.lockId!,
          desiredAt: d.at,
          complete: true,
          keys: d.users.map((u, i) => ({ keyId: u.keyId, status: 'set', userIndex: i + 1 })),
          removed: [],
          written: d.users.length,
        };
        await tr.report({ instanceId: INSTANCE, results: [{ commandId: c.id, ok: true, result: report }] });
      }
      if (c.kind === 'operate') {
        const at = new Date().toISOString();
        const action = c.payload.action === 'locked' ? 'lock' : 'unlock';
        const eventNumber = String(++events);
        await tr.report({
          instanceId: INSTANCE,
          events: [
            {
              lockId: c.lockId!,
              eventNumber,
              at,
              kind: 'lockOperation',
              commandId: c.id,
              detail: { operation: action, source: 'remote', userIndex: null },
            },
          ],
          statuses: [
            {
              lockId: c.lockId!,
              reachable: true,
              lockState: c.payload.action === 'locked' ? 'locked' : 'unlocked',
              batteryPercent: 87,
              batteryLevel: 'ok',
            },
          ],
          results: [{ commandId: c.id, ok: true, result: { lockState: c.payload.action, eventNumber, at } }],
        });
      }
    }
  }
}

/** Clicks the screen's Refresh until `ok` (what the bridge reports arrives when it arrives). */
async function refreshUntil(what: string, ok: () => Promise<boolean>) {
  for (let i = 0; !(await ok()); i++) {
    assert.ok(i < 50, `timed out waiting for ${what}`);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForTimeout(200);
  }
}

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Fjord');
  door = (await createLock(t, a, { name: 'Front door' })).id;
  spare = (await createLock(t, a, { name: 'Back door' })).id;
  ({ base, browser, page, problems } = await openConsole(t));
  const br = await t.call('POST', `/v2/organization/${a.organizationId}/bridges`, {
    token: a.orgToken,
    body: { name: 'Hall' },
  });
  tr = httpTransport(await t.baseUrl(), br.body.token);
  bridgeDone = playBridge();
  const put = await t.call('PUT', `/v2/projects/${a.projectId}/locks/${door}/connection`, {
    token: a.projectToken,
    body: { type: 'matter', pairingCode: '3497-011-2332' },
  });
  assert.equal(put.status, 202, JSON.stringify(put.body));
  // A PIN needs the lock online with its keypad: the bridge above answers the commissioning.
  for (let i = 0; ; i++) {
    const l = await t.call('GET', `/v2/projects/${a.projectId}/locks/${door}`, { token: a.projectToken });
    if (l.body.lock.connection?.status === 'online') break;
    assert.ok(i < 100, JSON.stringify(l.body));
    await new Promise((r) => setTimeout(r, 100));
  }
  const keys = await t.call('POST', `/v2/projects/${a.projectId}/keys`, {
    token: a.projectToken,
    body: { keys: [{ lockId: door, appUserId: phone(7), pin: true }] },
  });
  assert.equal(keys.status, 201, JSON.stringify(keys.body));
  await integratorLogin(page, base, a.clientId, a.clientSecret);
});
after(async () => {
  bridgeStop.abort();
  await bridgeDone;
  await browser?.close();
  await t?.ctx.bridges.close();
  await t?.close();
});

describe("a lock's door in the console", () => {
  it('shows the connection, lock state, battery and PIN status; Unlock answers and becomes activity', async () => {
    await page.goto(`${base}/console#/projects/${a.projectId}/locks`);
    await page.getByRole('link', { name: 'Door of Front door' }).click();
    const facts = page.locator('dl.facts');
    await facts
      .locator('[data-connection="online"]')
      .or(page.locator('dl.facts[data-connection="online"]'))
      .waitFor();
    assert.equal(await facts.locator('dt:has-text("Lock state") + dd').textContent(), 'locked');
    assert.equal(await facts.locator('dt:has-text("Battery") + dd').textContent(), '87 %');
    const pins = page.getByRole('table', { name: "PIN codes of this lock's keys" });
    await pins.getByText(phone(7)).waitFor();
    // The reconciliation may still be on its way: Refresh until the bridge's report shows.
    await refreshUntil(
      'the PIN set',
      async () => (await pins.locator('[data-pin-status="set"]').count()) > 0,
    );
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.locator('p.ok', { hasText: 'The lock is unlocked.' }).waitFor();
    assert.equal(await facts.locator('dt:has-text("Lock state") + dd').textContent(), 'unlocked');
    const activity = page.getByRole('table', { name: 'What the lock reported' });
    await activity.locator('[data-kind="operated"]').first().waitFor();
    assert.ok((await activity.locator('[data-kind="connected"]').count()) >= 1);
    await shot(page, 'lock-door');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await assertAccessible(page, `lock door @${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('connects a lock with a pairing code; a malformed one is named', async () => {
    await page.goto(`${base}/console#/projects/${a.projectId}/locks/${spare}/door`);
    await page.getByText('Not connected to a network lock.').waitFor();
    const form = page.getByRole('form', { name: 'Connect a lock' });
    await form.getByLabel('Pairing code').fill('1234');
    await form.getByRole('button', { name: 'Connect' }).click();
    await form
      .getByText(/Pairing code/)
      .nth(1)
      .waitFor();
    assert.equal(await page.locator('dl.facts').count(), 0, 'nothing is connected after a malformed code');
    await form.getByLabel('Pairing code').fill('3497-011-2332');
    await form.getByRole('button', { name: 'Connect' }).click();
    // Commissioning, then online once the bridge answers.
    await page.locator('dl.facts').waitFor();
    await refreshUntil(
      'the lock online',
      async () => (await page.locator('dl.facts[data-connection="online"]').count()) > 0,
    );
    const lock = await t.call('GET', `/v2/projects/${a.projectId}/locks/${spare}`, { token: a.projectToken });
    assert.equal(lock.body.lock.connection.status, 'online');
    await assertAccessible(page, 'connected lock @1280');
  });

  it('had no script errors', () => {
    assert.deepEqual(problems, []);
  });
});
