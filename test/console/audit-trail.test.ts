// The console shows the audit trail: a project's tab of records, and on a key's row who created
// and revoked it, when. A real browser (Debian's chromium) on an app listening on a port.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { integratorLogin, openConsole, shot } from '../helpers/browser.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { createKeys, createLock, phone } from '../helpers/resources.ts';

let t: TestApp;
let a: Tenant;
let base: string;
let browser: Browser;
let page: Page;
let revokedId: string;
let problems: string[] = [];

before(async () => {
  t = await startTestApp();
  a = await createTenant(t, 'Trail');
  const lock = await createLock(t, a);
  const keys = await createKeys(t, a, [
    { lockId: lock.id, appUserId: phone(1) },
    { lockId: lock.id, appUserId: phone(2) },
  ]);
  revokedId = keys[1]!.id;
  const r = await t.call('DELETE', `/v2/projects/${a.projectId}/keys/${revokedId}`, {
    token: a.projectToken,
  });
  assert.equal(r.status, 200);
  ({ base, browser, page, problems } = await openConsole(t));
});
after(async () => {
  await browser?.close();
  await t?.close();
});

describe('the audit trail in the console', () => {
  it("a key's row says who created and revoked it", async () => {
    await integratorLogin(page, base, a.clientId, a.clientSecret);
    await page.evaluate((id) => {
      location.hash = `#/projects/${id}/keys`;
    }, a.projectId);
    await page.getByRole('checkbox', { name: 'revoked' }).check();
    const row = page.locator(`tr[data-key-id="${revokedId}"]`);
    await row.getByText(/revoked by/).waitFor();
    const text = (await row.textContent()) ?? '';
    assert.match(
      text,
      new RegExp(`created by client ${a.clientId} at .+, revoked by client ${a.clientId} at `),
    );
    await shot(page, 'keys-history');
  });

  it("the project's audit trail tab lists the changes, newest first", async () => {
    await page.evaluate((id) => {
      location.hash = `#/projects/${id}/audit`;
    }, a.projectId);
    const table = page.getByRole('table', { name: 'Audit trail' });
    await table.locator('tbody tr').first().waitFor();
    const actions = await table
      .locator('tbody tr')
      // The value of the third cell (each cell also holds its column's label, shown at phone width).
      .evaluateAll((rows) =>
        rows.map((r) => r.querySelectorAll('td')[2]?.querySelector('.cell-value')?.textContent ?? ''),
      );
    assert.deepEqual(actions, ['key.revoked', 'key.created', 'key.created', 'lock.created']);
    await shot(page, 'audit-trail');
  });

  it('had no script errors', () => {
    assert.deepEqual(problems, []);
  });
});
