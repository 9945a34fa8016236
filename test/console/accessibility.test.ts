// The console for people who use a keyboard, a screen reader or a phone, in a real browser
// (Debian's chromium through playwright-core) against an app listening on a port:
// - axe-core scans every screen (a lock's offline-credential screen too) at 1280 and 390 px and
//   fails on any WCAG 2.x A/AA violation and on a screen without its <h1>;
// - a keyboard-only run creates a key with a weekly window, simulates, and revokes, checking where
//   focus is after each step;
// - at 390 px every table cell shows its column's label;
// - the lock form starts in the project's time zone, a failed test delivery is red, a pending
//   delivery with a failed attempt is retried now and shows the body it sent, and a deep link
//   survives the login.
// The layout shift of each data screen is printed (docs/console.md has Lighthouse's figures).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../helpers/app.ts';
import { assertAccessible, launchBrowser, shot } from '../helpers/browser.ts';
import {
  DELIVERY_ENV,
  insertLock,
  type Receiver,
  registerWebhook,
  startReceiver,
  startWorker,
  waitFor,
} from '../helpers/delivery.ts';
import { appToken, ev, keyInsert, upload } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';

const PHONE = `+4794${String(process.pid % 100_000).padStart(5, '0')}2`;

let t: TestApp;
let a: Tenant;
let base: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let refusing: Receiver;
let hookId: string;
let gateId: string;
let worker: Awaited<ReturnType<typeof startWorker>>;
const problems: string[] = [];

before(async () => {
  // A failed attempt waits an hour for the next: the delivery stays pending, for "Retry now".
  t = await startTestApp({
    ...DELIVERY_ENV,
    LATCHKEY_WEBHOOK_TIMEOUT_MS: '2000',
    LATCHKEY_WEBHOOK_RETRY_SCHEDULE: '3600',
  });
  a = await createTenant(t, 'Fjord', { sandbox: true }); // the project is in Europe/Oslo
  // A receiver that refuses every delivery: its test delivery must not look like a success.
  refusing = await startReceiver((_r, res) => void res.writeHead(503).end());
  const lock = await insertLock(t, a.projectId, 'Gate');
  gateId = lock;
  hookId = (await registerWebhook(t, a, lock, refusing.url('/down'))).id;
  // One access event on the gate: its delivery fails once (503) and waits.
  const guest = '+4791112233';
  const key = await keyInsert(t, { projectId: a.projectId, lockId: lock, appUserId: guest });
  const r = await upload(t, await appToken(t, guest), [ev(key)]);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  worker = await startWorker(t);
  await waitFor('the first attempt', () => refusing.requests.length >= 1);
  // Its key has done its part: revoked, it leaves the keys screen to the keyboard test's own key.
  await t.store.db.query('UPDATE keys SET revoked = now() WHERE id = $1', [key]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
});
after(async () => {
  await worker?.stop();
  await browser?.close();
  await refusing?.close();
  await t?.close();
});

/** How far content moved while the screen loaded (Cumulative Layout Shift, as Chrome reports it). */
async function layoutShift(p: Page): Promise<number> {
  return p.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 300);
      }),
  );
}

async function login(p: Page, clientId = a.clientId, secret = a.clientSecret) {
  await p.getByLabel('Client ID').fill(clientId);
  await p.getByLabel('Client secret').fill(secret);
  await p.getByRole('button', { name: 'Log in' }).click();
  await p.getByRole('button', { name: 'Log out' }).waitFor();
}

const focused = (p: Page) =>
  p.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[${el.getAttribute('role')}]` : ''} ${name}`;
  });

describe('the console for keyboards, screen readers and phones', () => {
  it('follows a deep link after the login', async () => {
    await page.goto(`${base}/console#/projects/${a.projectId}/webhooks`);
    await login(page);
    await page.getByRole('heading', { level: 1, name: /Webhooks/ }).waitFor();
    assert.match(page.url(), new RegExp(`#/projects/${a.projectId}/webhooks$`));
    // The title names the project once its name has loaded (a moment after the heading shows).
    await page
      .waitForFunction(() => document.title === 'Webhooks · Fjord HQ · Latchkey console')
      .catch(() => {});
    assert.match(await page.title(), /^Webhooks · Fjord HQ · Latchkey console$/);
    assert.match(await focused(page), /^h1 Webhooks/, 'focus is on the screen heading');
  });

  it('shows a failed test delivery in red, not as a success', async () => {
    await page.getByRole('button', { name: 'Send test' }).click();
    const line = page.getByRole('main').getByText(/Test delivery to .* failed: 503/);
    await line.waitFor();
    assert.equal(await line.getAttribute('class'), 'error');
    const color = await line.evaluate((el) => getComputedStyle(el).color);
    assert.equal(color, 'rgb(180, 35, 24)', 'the danger colour');
  });

  it('retries a pending delivery that failed, now, and shows the body it sent', async () => {
    await page.goto(`${base}/console#/projects/${a.projectId}/webhooks/${hookId}`);
    const list = page.getByRole('table', { name: 'Delivery list' });
    await list.getByText(/1 attempt, last .*: 503/).waitFor();
    await list.getByText('pending').waitFor();
    const before = refusing.requests.length;
    await list.getByRole('button', { name: 'Retry now' }).click();
    await page
      .getByRole('main')
      .getByText(/Delivery of .* queued again\./)
      .waitFor();
    // The next attempt happens now, not in an hour.
    await waitFor('the retried attempt', () => refusing.requests.length > before);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await list.getByText(/2 attempts, last .*: 503/).waitFor();
    await list.getByRole('button', { name: 'Body' }).click();
    const body = page.locator('.delivery-body pre');
    await body.waitFor();
    const shown = JSON.parse((await body.textContent()) ?? '');
    assert.deepEqual(shown, JSON.parse(refusing.requests.at(-1)!.body), 'the body the receiver got');
    assert.equal(shown.lockName, 'Gate');
  });

  it('starts a new lock in the project’s time zone, and says which zone each field uses', async () => {
    // A fresh load of the locks screen: the form must not offer UTC while the project loads.
    await page.goto(`${base}/console#/projects/${a.projectId}/locks`);
    const zone = page.getByLabel('Time zone');
    await page.getByRole('button', { name: 'Onboard lock' }).and(page.locator(':not([disabled])')).waitFor();
    assert.equal(await zone.inputValue(), 'Europe/Oslo');
    // The picker lists current IANA names.
    const options = await zone.locator('option').allTextContents();
    assert.ok(options.includes('Asia/Kolkata') && options.includes('Europe/Kyiv'), 'current names');
    assert.ok(!options.includes('Asia/Calcutta') && !options.includes('Europe/Kiev'), 'not the old ones');
    await page.getByLabel('Lock name').fill('Front door');
    await page.getByRole('button', { name: 'Onboard lock' }).click();
    await page.getByRole('main').getByText('Front door onboarded (time zone Europe/Oslo).').waitFor();

    await page.getByRole('link', { name: 'Keys' }).click();
    await page.getByText(/Your time \(.+\); empty: now/).waitFor();
    await page.getByText("Weekly windows, in the lock's time zone (Europe/Oslo); none: any time").waitFor();
  });

  it('creates, simulates and revokes a key from the keyboard alone, with focus where it belongs', async () => {
    await page.goto(`${base}/console#/projects/${a.projectId}/keys`);
    await page.getByRole('heading', { level: 1, name: /Keys/ }).waitFor();
    await page.getByLabel('Lock', { exact: true }).getByRole('option', { name: 'Front door' }).waitFor({
      state: 'attached',
    });
    // From the heading, Tab through the form: lock, phone, start, end, duration, "Add window".
    assert.match(await focused(page), /^h1 Keys/);
    const tabTo = async (pattern: RegExp, max = 40) => {
      for (let i = 0; i < max; i++) {
        await page.keyboard.press('Tab');
        if (pattern.test(await focused(page))) return;
      }
      assert.fail(`Tab never reached ${pattern}; at ${await focused(page)}`);
    };
    await tabTo(/^select/);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement).type), 'tel');
    await page.keyboard.type(PHONE);
    await tabTo(/^button Add window/);
    await page.keyboard.press('Enter');
    await tabTo(/^button Create key/);
    await page.keyboard.press('Enter');
    const created = page.getByRole('main').getByText(`Key created for ${PHONE} on Gate.`);
    await created.waitFor();
    // The button that acted keeps focus (a disabled button would have dropped it to the page).
    assert.match(await focused(page), /^button Create key/);
    // The phone field was cleared, and so were the times and the windows.
    assert.equal(await page.getByLabel('App user phone').inputValue(), '');
    assert.equal(await page.getByRole('group', { name: 'Window 1' }).count(), 0);
    const keys = page.getByRole('table', { name: 'Keys' });
    await keys.getByText(PHONE).waitFor();
    // A weekday window: the state says whether it is open now.
    await keys.getByText(/active, (window open now|outside its windows now)/).waitFor();

    await tabTo(/^button Simulate unlock/);
    await page.keyboard.press('Enter');
    await page
      .getByRole('main')
      .getByText(/Simulated "unlocked" for .*: (accepted|rejected)/)
      .waitFor();
    assert.match(await focused(page), /^button Simulate unlock/, 'focus stays where the person was');

    await tabTo(/^button Revoke/);
    await page.keyboard.press('Enter');
    await page.getByRole('main').getByText(`Key of ${PHONE} on Gate revoked.`).waitFor();
    await page.getByText('No keys match.').waitFor();
    // The row (and its button) left the list: focus is on the list, not the top of the page.
    assert.match(await focused(page), /^table(\[table\])? Keys/);
    await page.keyboard.press('Tab');
    assert.notEqual(await focused(page), 'body');
    const said = await page.locator('[aria-live="polite"]').first().textContent();
    assert.match(said ?? '', /revoked/, 'the outcome was said in the polite live region');
  });

  it('shows every column’s label beside its value at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('revoked').check();
    const keys = page.getByRole('table', { name: 'Keys' });
    await keys.getByText(PHONE).waitFor();
    const cells = await keys.locator('tbody td:not(.actions):not([colspan])').evaluateAll((tds) =>
      tds.map((td) => {
        const label = td.querySelector('.cell-label') as HTMLElement | null;
        return { label: label?.textContent ?? '', visible: label ? label.offsetWidth > 0 : false };
      }),
    );
    assert.ok(cells.length >= 5, `${cells.length} cells`);
    for (const c of cells) assert.ok(c.visible && c.label, JSON.stringify(c));
    assert.deepEqual(
      [...new Set(cells.map((c) => c.label))],
      ['App user', 'Lock', 'Valid', 'Windows', 'State', 'History'],
    );
    // The headers are still the table's headers for assistive technology.
    assert.equal(await keys.getByRole('columnheader').count(), 7);
    await shot(page, 'a11y-phone-keys-labels');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  // A test per width: each scans 13 screens, minutes on a loaded machine.
  for (const width of [1280, 390]) {
    it(`passes axe-core (WCAG A/AA, one h1 per screen) on every screen at ${width} px`, async () => {
      const operator = await browser.newContext({ viewport: { width, height: 900 } });
      const op = await operator.newPage();
      const shifts: string[] = [];
      await page.setViewportSize({ width, height: 900 });
      // Before any login.
      await op.goto(`${base}/console`);
      await op.getByLabel('Client ID').waitFor();
      await assertAccessible(op, `login @${width}`);
      await op.getByRole('tab', { name: 'Operator' }).click();
      await op.getByLabel('Admin token').fill(ADMIN_TOKEN);
      await op.getByRole('button', { name: 'Log in' }).click();
      await op.getByRole('heading', { level: 1, name: 'Organizations' }).waitFor();
      await op.getByRole('link', { name: 'Fjord' }).waitFor();
      await assertAccessible(op, `organizations @${width}`);
      await op.getByRole('link', { name: 'Fjord' }).click();
      await op.getByRole('heading', { level: 1, name: 'API clients of Fjord' }).waitFor();
      await assertAccessible(op, `API clients @${width}`);
      await op.getByRole('button', { name: 'Log out' }).click();

      for (const tab of [
        'locks',
        `locks/${gateId}`,
        'users',
        'keys',
        'sharing',
        'credentials',
        'webhooks',
        'log',
        'activity',
      ]) {
        // A fresh load of each screen, as a person following a link would see it, until it has
        // everything it asked for.
        await page.goto(`${base}/console#/projects/${a.projectId}/${tab}`);
        await page.reload();
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        shifts.push(`${tab} @${width}: ${(await layoutShift(page)).toFixed(3)}`);
        await assertAccessible(page, `${tab} @${width}`);
      }
      await page.goto(`${base}/console#/projects`);
      await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
      await page.getByRole('link', { name: 'Fjord HQ' }).waitFor();
      await assertAccessible(page, `projects @${width}`);
      console.log(`# layout shift (CLS) of each data screen on a fresh load: ${shifts.join(', ')}`);
      await operator.close();
    });
  }

  it('had no script errors', () => {
    assert.deepEqual(problems, []);
  });
});
