// Offline credentials in the console, in a real browser (Debian's chromium) on an app listening on a
// port: the project's issuer key set and its rotation (asked to confirm, then the signing kid shown
// changes and the rotation is in the audit trail), a lock's revocation list with its revoked key
// linked to that key, the lock's provisioning bundle as the API answers it, and an app user's two
// devices shown apart.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { assertAccessible, integratorLogin, openConsole, shot } from '../helpers/browser.ts';
import { newPhone } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { fetchCredential, registerDevice, type TestDevice } from '../helpers/phone.ts';
import { appToken, createKeys, createLock } from '../helpers/resources.ts';

let t: TestApp;
let a: Tenant;
let base: string;
let browser: Browser;
let page: Page;
let problems: string[] = [];
let lockId: string;
let revokedId: string;
let pixel: TestDevice;
let tablet: TestDevice;
const holder = newPhone();
const former = newPhone();

const signingKid = async (): Promise<string> => {
  const r = await t.call('GET', `/v2/projects/${a.projectId}/credential-keys`, { token: a.projectToken });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.states.find((s: { signing: boolean }) => s.signing).kid;
};

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Offline');
  const lock = await createLock(t, a, { name: 'Bike shed' });
  lockId = lock.id;
  const [key, gone] = await createKeys(t, a, [
    { lockId, appUserId: holder },
    { lockId, appUserId: former },
  ]);
  revokedId = gone!.id;
  const r = await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${revokedId}`, {
    token: a.projectToken,
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  // The holder has two phones; only the first has fetched a credential.
  const token = await appToken(t, holder);
  pixel = await registerDevice(t, token, 'Pixel 9');
  tablet = await registerDevice(t, token, 'Pixel 9'); // the same name: only the thumbprint tells them apart
  assert.equal((await fetchCredential(t, token, key!.id, pixel.id)).status, 200);
  ({ base, browser, page, problems } = await openConsole(t));
  await integratorLogin(page, base, a.clientId, a.clientSecret);
});
after(async () => {
  await browser?.close();
  await t?.close();
});

const go = (hash: string) =>
  page.evaluate((h) => {
    location.hash = h;
  }, hash);

describe('offline credentials in the console', () => {
  it('shows the issuer key set; Rotate asks first, then the signing kid shown changes, and the audit trail has it', async () => {
    const first = await signingKid();
    await go(`#/projects/${a.projectId}/credentials`);
    const shown = page.getByTestId('signing-kid');
    await shown.getByText(first).waitFor();
    const keys = page.getByRole('table', { name: 'Issuer keys' });
    await keys.locator(`tr[data-kid="${first}"]`).getByText('signs new credentials').waitFor();

    // Dismissed: nothing rotates.
    page.once('dialog', (d) => void d.dismiss());
    await page.getByRole('button', { name: 'Rotate issuer key' }).click();
    await page.waitForTimeout(300);
    assert.equal(await signingKid(), first);

    page.once('dialog', (d) => {
      assert.match(d.message(), /Rotate the issuer key\?/);
      void d.accept();
    });
    await page.getByRole('button', { name: 'Rotate issuer key' }).click();
    await page
      .getByRole('main')
      .getByText(/Issuer key rotated: .* signs from now on\./)
      .waitFor();
    const second = await signingKid();
    assert.notEqual(second, first);
    await shown.getByText(second).waitFor();
    assert.doesNotMatch((await shown.textContent()) ?? '', new RegExp(first));
    await keys.locator(`tr[data-kid="${second}"]`).getByText('signs new credentials').waitFor();
    await keys
      .locator(`tr[data-kid="${first}"]`)
      .getByText(/rotated out .*; listed until /)
      .waitFor();
    await shot(page, 'credentials-issuer-keys');

    await page.getByRole('link', { name: 'audit trail', exact: true }).click();
    const trail = page.getByRole('table', { name: 'Audit trail' });
    const row = trail.locator('tbody tr', { hasText: 'credentialKey.rotated' });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', new RegExp(`credentialKey ${second}`));
  });

  it("a lock's screen shows its revocation list, the revoked key linked to the key, and its provisioning bundle", async () => {
    await go(`#/projects/${a.projectId}/locks`);
    await page.getByRole('link', { name: 'Credentials of Bike shed' }).click();
    const card = page.getByTestId('lock-credentials');
    await card.getByRole('heading', { name: 'Offline credentials of Bike shed' }).waitFor();
    await card.getByTestId('revocation-version').getByText('Version 1').waitFor();
    const revoked = card.getByRole('list', { name: 'Revoked keys' }).getByRole('listitem');
    assert.equal(await revoked.count(), 1);
    assert.equal(await revoked.first().getAttribute('data-key-id'), revokedId);
    await revoked.first().getByText(former).waitFor();

    const bundle = await t.call('GET', `/v2/projects/${a.projectId}/locks/${lockId}/provisioning`, {
      token: a.projectToken,
    });
    const shown = JSON.parse((await card.getByTestId('provisioning-bundle').textContent()) ?? '');
    // The bundle carries its own UTC-offset table from "now": compare what it says about keys and revocation.
    assert.deepEqual(shown.revocation, bundle.body.revocation);
    assert.deepEqual(shown.keys, bundle.body.keys);
    assert.equal(shown.lockId, lockId);
    assert.ok(shown.revocation.keys.includes(revokedId));
    await shot(page, 'credentials-lock');

    await revoked.first().getByRole('link').click();
    const key = page.getByTestId('one-key');
    await key.getByRole('heading', { name: `Key ${revokedId}` }).waitFor();
    await key.getByText('revoked', { exact: true }).waitFor();
    await key.getByText(former).waitFor();
  });

  it("an app user's two devices are shown apart: thumbprint, and which fetched a credential", async () => {
    await go(`#/projects/${a.projectId}/users`);
    await page.getByRole('button', { name: `Devices of ${holder}` }).click();
    const table = page.getByRole('table', { name: `Devices of ${holder}` });
    const rows = table.locator('tbody tr');
    await rows.nth(1).waitFor();
    assert.equal(await rows.count(), 2);
    const first = table.locator(`tr[data-device-id="${pixel.id}"]`);
    const second = table.locator(`tr[data-device-id="${tablet.id}"]`);
    // Same name, told apart by the start of each key's thumbprint (the whole in the title).
    await first.getByText(pixel.thumbprint.slice(0, 12)).waitFor();
    await second.getByText(tablet.thumbprint.slice(0, 12)).waitFor();
    assert.notEqual(pixel.thumbprint.slice(0, 12), tablet.thumbprint.slice(0, 12));
    assert.equal(await first.locator('code').getAttribute('title'), pixel.thumbprint);
    await second.getByText('never, for this project').waitFor();
    assert.equal(await first.getByText('never, for this project').count(), 0);
    await shot(page, 'credentials-devices');
  });

  it('passes axe-core (WCAG A/AA, one h1) on these screens at 1280 and 390 px, devices open', async () => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const screens: [string, () => Promise<void>][] = [
        [
          `#/projects/${a.projectId}/credentials`,
          () => page.getByRole('table', { name: 'Issuer keys' }).locator('tbody tr').first().waitFor(),
        ],
        [
          `#/projects/${a.projectId}/locks/${lockId}`,
          () => page.getByTestId('provisioning-bundle').getByText('"revocation"').waitFor(),
        ],
        [
          `#/projects/${a.projectId}/keys/${revokedId}`,
          () => page.getByTestId('one-key').getByText(former).waitFor(),
        ],
        [
          `#/projects/${a.projectId}/users`,
          async () => {
            await page.getByRole('button', { name: `Devices of ${holder}` }).click();
            await page
              .getByRole('table', { name: `Devices of ${holder}` })
              .locator('tbody tr')
              .nth(1)
              .waitFor();
          },
        ],
      ];
      for (const [hash, ready] of screens) {
        await go(hash);
        await ready();
        await assertAccessible(page, `${hash} @${width}`);
        assert.equal(await page.locator('h1').count(), 1);
      }
      // Nothing wider than the phone: the page does not scroll sideways.
      if (width === 390) {
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390));
        await shot(page, 'credentials-devices-390');
      }
      // Leave the devices closed for the next round's click to open them.
      await page.getByRole('button', { name: `Devices of ${holder}` }).click();
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('had no script errors', () => {
    assert.deepEqual(problems, []);
  });
});
