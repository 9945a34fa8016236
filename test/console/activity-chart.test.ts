// The console's access-events chart counts per lock name in the browser. Lock names are the
// integrator's words, and names that are also members of every JavaScript object (`__proto__`,
// `constructor`, `toString`, `hasOwnProperty`) once blanked the chart (NaN): the counts were kept in
// a plain object. A real browser (Debian's chromium) on the console of an app listening on a port,
// with access events uploaded through the app API for locks of those names.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { integratorLogin, openConsole, shot } from '../helpers/browser.ts';
import { appToken, ev, upload } from '../helpers/events.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { createKeys, createLock } from '../helpers/resources.ts';

/** Lock name → access events uploaded for it within the last 24 hours. */
const EVENTS = new Map([
  ['__proto__', 3],
  ['constructor', 2],
  ['toString', 1],
  ['hasOwnProperty', 2],
  ['Front door', 4],
]);

let t: TestApp;
let a: Tenant;
let base: string;
let browser: Browser;
let page: Page;
let problems: string[] = [];

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Names', { sandbox: true });
  let i = 0;
  for (const [name, n] of EVENTS) {
    const lock = await createLock(t, a, { name });
    const phone = `+4793${String(process.pid % 10_000).padStart(4, '0')}${i++}0`;
    const [key] = await createKeys(t, a, [{ lockId: lock.id, appUserId: phone }]);
    // Just after the key was made (an event before a key's start is refused).
    await new Promise((r) => setTimeout(r, 20));
    const events = Array.from({ length: n }, (_, j) => ev(key!.id, { agoMs: j }));
    const r = await upload(t, await appToken(t, phone), events);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.ok(
      r.body.results.every((x: { status: string }) => x.status === 'accepted'),
      JSON.stringify(r.body),
    );
  }
  ({ base, browser, page, problems } = await openConsole(t));
});
after(async () => {
  await browser?.close();
  await t?.close();
});

describe('the access-events chart with lock names that are members of every object', () => {
  it('counts every lock, draws no NaN, and its table says the same', async () => {
    await integratorLogin(page, base, a.clientId, a.clientSecret);
    await page.evaluate((id) => {
      location.hash = `#/projects/${id}/activity`;
    }, a.projectId);
    const title = /Access events per hour, by lock/;
    const figure = page.locator('figure', { has: page.getByRole('img', { name: title }) });
    await figure.waitFor();
    await shot(page, 'activity-object-member-names');

    const html = await figure.evaluate((f) => f.outerHTML);
    assert.doesNotMatch(html, /NaN|\[object Object\]|native code/);
    // The figure's table (for screen readers): one column per lock, one row per hour.
    const table = await figure.locator('table').evaluate((el) => {
      const head = [...el.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
      const rows = [...el.querySelectorAll('tbody tr')].map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
      );
      return { head, rows };
    });
    const totals = new Map<string, number>();
    table.head.slice(1).forEach((name, col) => {
      totals.set(
        name,
        table.rows.reduce((sum, row) => sum + Number(row[col + 1]), 0),
      );
    });
    assert.deepEqual(totals, EVENTS);
    // The y axis is scaled to the busiest hour (a number), and each lock has bars.
    const axis = await figure.locator('svg text').first().textContent();
    assert.match(axis ?? '', /^\d+$/);
    // The legend's swatches are small squares (a rule for the plot's svg once stretched them to
    // the figure's width).
    for (const box of await figure
      .locator('.legend .swatch')
      .evaluateAll((els) =>
        els.map((e) => e.getBoundingClientRect().toJSON() as { width: number; height: number }),
      ))
      assert.ok(box.width <= 20 && box.height <= 20, JSON.stringify(box));
    for (const name of EVENTS.keys())
      assert.ok((await figure.locator('rect title', { hasText: ` ${name}: ` }).count()) > 0, name);
  });

  it('had no script errors', () => {
    assert.deepEqual(problems, []);
  });
});
