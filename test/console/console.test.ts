// The web console in a real browser (Debian's chromium through playwright-core) against a real
// server process, using the public API only: operator login → organization and client → integrator
// login → sandbox project, lock, user, key, webhook → a test delivery reaches a real HTTPS receiver
// → a simulated event appears in another tab's live tail and in the access log. Every screen is
// saved under test-results/console/<store>/. Figures (first load, tail delay) are printed, never
// asserted.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page, Request, Response } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { CONSOLE_CSP } from '../../src/console/routes.ts';
import { launchBrowser, shot } from '../helpers/browser.ts';
import { type Receiver, startReceiver, waitFor } from '../helpers/delivery.ts';
import { E2E_ADMIN_TOKEN, type E2eServer, startE2eServer } from '../helpers/e2e.ts';
import { type ProcessStore, processStore } from '../helpers/process.ts';

const PHONE = `+4792${String(process.pid % 100_000).padStart(5, '0')}1`;

let store: ProcessStore;
let s: E2eServer;
let rx: Receiver;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

function watch(p: Page): Page {
  // Any CSP violation or script error fails the run (an API answering 4xx is logged by the browser
  // as a failed resource load: that is the API's answer, shown on screen, not a console fault).
  p.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text());
  });
  p.on('pageerror', (e) => problems.push(e.message));
  return p;
}

before(async () => {
  store = await processStore({ migrated: true });
  rx = await startReceiver((_r, res) => {
    res.writeHead(204).end();
  });
  s = await startE2eServer(store);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  page = watch(await context.newPage());
});
after(async () => {
  await browser?.close();
  await s?.stop();
  await rx?.close();
  await store?.dispose();
});

/** "METHOD /path" of each request the page sends while `fn` runs. */
async function requestsDuring(p: Page, fn: () => Promise<void>): Promise<string[]> {
  const sent: string[] = [];
  const onRequest = (r: Request) => sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
  p.on('request', onRequest);
  try {
    await fn();
  } finally {
    p.off('request', onRequest);
  }
  return sent;
}

async function integratorLogin(p: Page, clientId: string, secret: string) {
  await p.goto(`${s.base}/console`);
  await p.getByLabel('Client ID').fill(clientId);
  await p.getByLabel('Client secret').fill(secret);
  await p.getByRole('button', { name: 'Log in' }).click();
  await p.getByRole('button', { name: 'Log out' }).waitFor();
}

describe('console in a real browser', () => {
  let clientId: string;
  let clientSecret: string;
  let projectUrl: string;
  let webhookSecret: string;

  it('is served with a strict CSP and hashed, long-cached assets', async () => {
    const r = await fetch(`${s.base}/console`);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-security-policy'), CONSOLE_CSP);
    assert.equal(r.headers.get('cache-control'), 'no-cache');
    const html = await r.text();
    const js = /src="(\/console\/assets\/console-[A-Z0-9]+\.js)"/.exec(html)?.[1];
    assert.ok(js, html);
    const a = await fetch(`${s.base}${js}`);
    assert.equal(a.status, 200);
    assert.equal(a.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.match(a.headers.get('content-type') ?? '', /^text\/javascript/);
    // fetch asks for br/gzip and decodes: the body is the same script either way.
    const raw = await (await fetch(`${s.base}${js}`, { headers: { 'accept-encoding': 'identity' } })).text();
    assert.equal(await a.text(), raw);
    assert.equal((await fetch(`${s.base}/console/assets/nope.js`)).status, 404);
  });

  it('loads quickly and is usable from the keyboard', async () => {
    let bytes = 0;
    // Bytes on the wire (compressed as served), from the responses' own sizes.
    const onResponse = async (r: Response) => {
      if (r.url().startsWith(`${s.base}/console`)) bytes += (await r.request().sizes()).responseBodySize;
    };
    page.on('response', onResponse);
    const t0 = Date.now();
    await page.goto(`${s.base}/console`);
    await page.getByLabel('Client ID').waitFor();
    const interactive = Date.now() - t0;
    page.off('response', onResponse);
    console.log(`# console first load: ${bytes} bytes transferred, interactive after ${interactive} ms`);
    // Focus starts on the screen's heading; Tab reaches the selected login tab (one tab stop for
    // the tablist), then the first field; focus is visible (outline from :focus-visible).
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'H1');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'tab');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.id);
    const clientField = await page.getByLabel('Client ID').getAttribute('id');
    assert.equal(focused, clientField);
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    assert.notEqual(outline, 'none');
    await shot(page, '01-login');
  });

  it('an operator logs in with the admin token, creates an organization and a client', async () => {
    await page.getByRole('tab', { name: 'Operator' }).click();
    await page.getByLabel('Admin token').fill('not-the-admin-token-0123456789abcdef');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.locator('.error').waitFor();
    await page.getByLabel('Admin token').fill(E2E_ADMIN_TOKEN);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Organizations' }).waitFor();
    await page.getByLabel('Organization name').fill('Harbour Properties');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.getByRole('link', { name: 'Harbour Properties' }).click();
    await page.getByLabel('Client name').fill('booking-system');
    await page.getByRole('button', { name: 'Create client' }).click();
    clientSecret = (await page.getByTestId('secret').textContent()) ?? '';
    assert.match(clientSecret, /^lk_secret_/);
    clientId =
      (await page.getByRole('table', { name: 'API clients' }).locator('code').first().textContent()) ?? '';
    await page.getByRole('button', { name: 'Grants' }).click();
    await page.getByRole('table', { name: 'Grants' }).getByText('organization.admin').waitFor();
    await shot(page, '02-operator-clients');
    await page.goto(`${s.base}/console#/organizations`);
    await page.getByText('Signing keys').waitFor();
    await shot(page, '03-operator-organizations');
    await page.getByRole('button', { name: 'Log out' }).click();
    // Nothing of the session outlives the tab in localStorage.
    assert.equal(await page.evaluate(() => localStorage.length), 0);
  });

  it('an integrator creates a sandbox project, a lock, a user and a key', async () => {
    await integratorLogin(page, clientId, clientSecret);
    await page.getByLabel('Project name').fill('Harbour View');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page
      .getByRole('tab', { name: 'Locks' })
      .or(page.getByRole('link', { name: 'Locks' }))
      .first()
      .waitFor();
    projectUrl = page.url().replace(/\/locks$/, '');
    await page.getByLabel('Lock name').fill('Front door');
    await page.getByLabel('Address').fill('Kaigata 1, Oslo');
    await page.getByRole('button', { name: 'Onboard lock' }).click();
    await page.getByRole('table', { name: 'Locks' }).getByText('Front door').waitFor();
    await shot(page, '04-locks');

    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Phone number').fill(PHONE);
    await page.getByLabel('First name').fill('Kari');
    await page.getByLabel('Last name').fill('Nordmann');
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('table', { name: 'Managed users' }).getByText('Kari Nordmann').waitFor();
    await shot(page, '05-users');

    await page.getByRole('link', { name: 'Keys' }).click();
    await page.getByLabel('App user phone').fill('4792');
    await page.getByRole('button', { name: 'Create key' }).click();
    const err = await page.locator('form .error').textContent();
    assert.match(err ?? '', /phone|E\.164|\+/i, 'a bad phone number is explained in words');
    await page.getByLabel('App user phone').fill(PHONE);
    await page.getByRole('button', { name: 'Add window' }).click();
    await shot(page, '06-key-windows');
    await page.getByRole('button', { name: 'Remove window 1' }).click();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('table', { name: 'Keys' }).getByText('active').waitFor();
    await shot(page, '07-keys');
  });

  it('registers a webhook and sends a test delivery to a real HTTPS receiver', async () => {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('Receiver URL').fill(rx.url('/latchkey'));
    await page.getByRole('button', { name: 'Register webhook' }).click();
    webhookSecret = (await page.getByTestId('secret').textContent()) ?? '';
    assert.match(webhookSecret, /^whsec_/);
    await page.getByRole('button', { name: 'Send test' }).click();
    await page
      .getByRole('main')
      .getByText(/Test delivery to .* delivered: 204/)
      .waitFor();
    const got = rx.requests.at(-1)!;
    const verified = new Webhook(webhookSecret).verify(got.body, {
      'webhook-id': String(got.headers['webhook-id']),
      'webhook-timestamp': String(got.headers['webhook-timestamp']),
      'webhook-signature': String(got.headers['webhook-signature']),
    });
    assert.equal((verified as { lockName: string }).lockName, 'Front door');
    await shot(page, '08-webhooks');
  });

  it('a simulated event reaches another tab live tail, the receiver and the access log', async () => {
    // A second browser window (its own context, as a second person would have): a background tab
    // of the same window would be throttled by the browser and measure that instead.
    const tailContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    tailContext.setDefaultTimeout(15_000);
    const tail = watch(await tailContext.newPage());
    await integratorLogin(tail, clientId, clientSecret);
    await tail.goto(`${projectUrl}/log`);
    // The filters are laid out once the locks have arrived.
    await tail.getByRole('option', { name: 'Front door' }).waitFor({ state: 'attached' });
    await tail.getByLabel('Live tail').check();
    // The hint beside the filters (the screen reader's live region may say the same words).
    await tail
      .getByRole('group', { name: 'Filter the access log' })
      .getByText('Live tail: new events appear at the top')
      .waitFor();

    await page.getByRole('link', { name: 'Keys' }).click();
    const before = rx.requests.length;
    const simulate = page.getByRole('button', { name: 'Simulate unlock' });
    await simulate.waitFor();
    const t0 = Date.now();
    await simulate.click();
    await page
      .getByRole('main')
      .getByText(/Simulated "unlocked" .*: accepted/)
      .waitFor();
    const answered = Date.now() - t0;
    await tail.getByRole('table', { name: 'Access events' }).getByText('unlocked').waitFor();
    console.log(
      `# live tail: simulate click -> answer on screen ${answered} ms, -> row in the other tab ${Date.now() - t0} ms`,
    );
    await shot(tail, '09-live-tail');
    await waitFor('the simulated event delivered', () => rx.requests.length > before, 15_000);
    await tailContext.close();

    await page.getByRole('link', { name: 'Access log' }).click();
    await page.getByRole('table', { name: 'Access events' }).getByText('Kari Nordmann').waitFor();
    await shot(page, '10-access-log');

    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('link', { name: rx.url('/latchkey') }).click();
    await page
      .getByRole('table', { name: 'Delivery list' })
      .getByText('succeeded')
      .waitFor({ timeout: 15_000 });
    await shot(page, '11-deliveries');

    await page.getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('img', { name: /Access events per hour, by lock/ }).waitFor();
    await page.getByRole('img', { name: /Webhook attempts per hour/ }).waitFor();
    await page.getByRole('img', { name: /Attempt latency of the busiest webhooks/ }).waitFor();
    await shot(page, '12-activity');
  });

  it('works at a phone width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: 'Keys' }).click();
    await page.getByRole('table', { name: 'Keys' }).getByText('active').waitFor();
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > innerWidth + 1)
        .slice(0, 5)
        .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
    );
    assert.deepEqual(wide, [], 'nothing sticks out sideways at 390 px');
    await shot(page, '13-phone-keys');
  });

  it("shares a project's locks between its tabs, and fetches them again after a write", async () => {
    const lockLists = (sent: string[]) => sent.filter((r) => /^GET \/v2\/projects\/[^/]+\/locks$/.test(r));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Locks' }).click();
    await page.getByRole('table', { name: 'Locks' }).getByText('Front door').waitFor();
    // Five tabs show the lock names; none of them fetches the locks again.
    const tabs = await requestsDuring(page, async () => {
      await page.getByRole('link', { name: 'Keys' }).click();
      await page.getByRole('table', { name: 'Keys' }).getByText('Front door').waitFor();
      await page.getByRole('link', { name: 'Sharing rights' }).click();
      await page
        .getByLabel('Lock', { exact: true })
        .getByRole('option', { name: 'Front door' })
        .waitFor({ state: 'attached' });
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await page.getByRole('table', { name: 'Webhooks' }).getByText('Front door').waitFor();
      await page.getByRole('link', { name: 'Access log' }).click();
      await page.getByRole('option', { name: 'Front door' }).waitFor({ state: 'attached' });
      await page.getByRole('link', { name: 'Activity' }).click();
      await page.getByRole('img', { name: /Access events per hour, by lock/ }).waitFor();
    });
    assert.deepEqual(lockLists(tabs), []);
    // A new lock: the list is fetched once more, and the other tabs show it.
    const write = await requestsDuring(page, async () => {
      await page.getByRole('link', { name: 'Locks' }).click();
      await page.getByLabel('Lock name').fill('Back door');
      await page.getByRole('button', { name: 'Onboard lock' }).click();
      await page.getByRole('table', { name: 'Locks' }).getByText('Back door').waitFor();
      await page.getByRole('link', { name: 'Keys' }).click();
      await page
        .getByLabel('Lock', { exact: true })
        .getByRole('option', { name: 'Back door' })
        .waitFor({ state: 'attached' });
    });
    assert.equal(lockLists(write).length, 1, write.join('\n'));
  });

  it('sends once when a button is clicked twice', async () => {
    await page.getByRole('link', { name: 'Sharing rights' }).click();
    await page.getByLabel('App user phone').fill(PHONE);
    await page.getByRole('button', { name: 'Give sharing right' }).click();
    const rights = page.getByRole('table', { name: 'Sharing rights' });
    await rights.getByText(PHONE).waitFor();
    const sent = await requestsDuring(page, async () => {
      await rights.getByRole('button', { name: 'Revoke' }).dblclick();
      await page.getByText('No sharing rights.').waitFor();
    });
    const deletes = sent.filter((r) => r.startsWith('DELETE '));
    assert.equal(deletes.length, 1, deletes.join('\n'));
    assert.equal(await page.locator('.error').count(), 0, 'no second request answered 404');
  });

  it('starts a new session with nothing of the last one (no token, no cached list)', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    // The login screen of the same page (no reload: what the page kept in memory is at stake).
    const asked = await requestsDuring(page, async () => {
      await page.getByLabel('Client ID').fill(clientId);
      await page.getByLabel('Client secret').fill(clientSecret);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('link', { name: 'Harbour View' }).click();
      await page.getByRole('table', { name: 'Locks' }).getByText('Back door').waitFor();
    });
    assert.ok(asked.includes('POST /oauth2/token'), asked.join('\n'));
    assert.ok(
      asked.some((r) => /^GET \/v2\/projects\/[^/]+\/locks$/.test(r)),
      asked.join('\n'),
    );
  });

  it('had no script errors or CSP violations', () => {
    assert.deepEqual(problems, []);
  });
});
