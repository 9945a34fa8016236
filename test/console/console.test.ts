// The web console in a real browser (chromium through playwright-core) against a real server
// process, through the public API only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { CONSOLE_CSP } from '../../src/console/routes.ts';
import { launchBrowser, shot } from '../helpers/browser.ts';
import { E2E_ADMIN_TOKEN, type E2eServer, startE2eServer } from '../helpers/e2e.ts';
import { type ProcessStore, processStore } from '../helpers/process.ts';

let store: ProcessStore;
let s: E2eServer;
let browser: Browser;
let page: Page;
const problems: string[] = [];

before(async () => {
  store = await processStore();
  s = await startE2eServer(store);
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // Any CSP violation or script error fails the run (an API answering 4xx is logged by the browser
  // as a failed resource load: that is the API's answer, shown on screen, not a console fault).
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
});
after(async () => {
  await browser?.close();
  await s?.stop();
  await store?.dispose();
});

describe('console', () => {
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
    assert.equal((await fetch(`${s.base}/console/assets/nope.js`)).status, 404);
  });

  it('an integrator logs in with client credentials', async () => {
    const org = await s.call('POST', '/admin/v1/organizations', {
      token: E2E_ADMIN_TOKEN,
      body: { name: 'Console Org' },
    });
    const client = await s.call('POST', `/admin/v1/organizations/${org.body.organization.id}/clients`, {
      token: E2E_ADMIN_TOKEN,
      body: { name: 'console integrator' },
    });
    await page.goto(`${s.base}/console`);
    await page.getByLabel('Client ID').fill(client.body.client.id);
    await page.getByLabel('Client secret').fill('wrong');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').waitFor();
    await shot(page, '01-login-error');
    await page.getByLabel('Client secret').fill(client.body.clientSecret);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await shot(page, '02-signed-in');
    // Credentials live in this tab's sessionStorage only.
    assert.equal(await page.evaluate(() => localStorage.length), 0);
  });

  it('had no script errors or CSP violations', () => {
    assert.deepEqual(problems, []);
  });
});
