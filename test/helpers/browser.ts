// A real browser for the console tests: Debian's `chromium` driven by playwright-core (no browser
// download; .ci/run installs the package). Screenshots go to test-results/console/<store>/, kept as
// CI artifacts.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { TestApp } from './app.ts';
import { storeKind } from './store.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SHOTS = join(import.meta.dirname, '..', '..', 'test-results', 'console', storeKind);

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
}

/** Saves a full-page screenshot as test-results/console/<store>/<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/**
 * The console of an in-process app: the app listens on a loopback port, and a fresh browser opens a
 * 1280×900 page whose script errors and CSP violations are collected in `problems` (an API
 * answering 4xx is logged by the browser as a failed load: that is the API's answer, not a fault).
 */
export async function openConsole(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return { base, browser, page, problems };
}

/** Logs the console in with client credentials, from its login screen at `base`. */
export async function integratorLogin(page: Page, base: string, clientId: string, clientSecret: string) {
  await page.goto(`${base}/console`);
  await page.getByLabel('Client ID').fill(clientId);
  await page.getByLabel('Client secret').fill(clientSecret);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Log out' }).waitFor();
}

/**
 * axe-core on the page as it is: the WCAG 2.x A and AA rules, and `page-has-heading-one` (every
 * screen has its own heading). Fails naming each violation and its elements, prefixed by `label`.
 */
export async function assertAccessible(page: Page, label: string): Promise<void> {
  // One scan: the tags' rules plus the heading rule (a rule enabled by name runs beside runOnly's
  // tags). Each scan injects axe-core's half a megabyte of script into the page again.
  const r = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'page-has-heading-one': { enabled: true } },
    })
    .analyze();
  const found = r.violations.map(
    (v) => `${label}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  assert.deepEqual(found, [], found.join('\n'));
}
