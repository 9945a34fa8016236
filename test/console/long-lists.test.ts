// A long list in the console: the keys screen of a project with 60 keys builds its first 50 rows
// and says so, and "Show 10 more keys" adds the rest, from the keyboard, with focus on the first
// added row (the button is gone then); axe-core finds nothing on the screen with its button, at
// 1280 and 390 px. A real browser (Debian's chromium) on an app on a port.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { assertAccessible, integratorLogin, openConsole } from '../helpers/browser.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { createKeys, createLock, phone } from '../helpers/resources.ts';

let t: TestApp;
let a: Tenant;
let base: string;
let browser: Browser;
let page: Page;
let problems: string[] = [];
let keyIds: string[] = [];

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Long');
  const lock = await createLock(t, a);
  const keys = await createKeys(
    t,
    a,
    Array.from({ length: 60 }, (_, i) => ({ lockId: lock.id, appUserId: phone(i + 1) })),
  );
  keyIds = keys.map((k) => k.id);
  ({ base, browser, page, problems } = await openConsole(t));
});
after(async () => {
  await browser?.close();
  await t?.close();
});

describe('a long list in the console', () => {
  it('shows its first 50 rows, and the rest on demand from the keyboard', async () => {
    await integratorLogin(page, base, a.clientId, a.clientSecret);
    await page.evaluate((id) => {
      location.hash = `#/projects/${id}/keys`;
    }, a.projectId);
    const table = page.getByRole('table', { name: 'Keys' });
    const rows = table.locator('tbody tr[data-key-id]');
    const more = page.getByRole('button', { name: 'Show 10 more keys' });
    await more.waitFor();
    await page.getByText('50 of 60 shown.').waitFor();
    // Built a batch at a time: all 50 once the last batch is in.
    await rows.nth(49).waitFor();
    assert.equal(await rows.count(), 50);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await assertAccessible(page, `keys with "Show more" @${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await more.focus();
    await page.keyboard.press('Enter');
    await rows.nth(59).waitFor();
    assert.equal(await rows.count(), 60);
    assert.equal(await more.count(), 0, 'nothing more to show');
    // Focus is on the first added row, not lost to the top of the page.
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-key-id'));
    assert.equal(focused, await rows.nth(50).getAttribute('data-key-id'));
    // Every key is listed once.
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-key-id')));
    assert.deepEqual([...shown].sort(), [...keyIds].sort());
  });

  it('had no script errors', () => {
    assert.deepEqual(problems, []);
  });
});
