// /docs shares its origin with the console, so it has a Content-Security-Policy of its own: scripts
// from this origin and its own inline start-up script only, requests to this origin only, never
// framed. The Scalar reference must still render under it in a real browser (Debian's chromium),
// with no CSP violation. /console is not framed either (X-Frame-Options beside frame-ancestors).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, shot } from '../helpers/browser.ts';

let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
const problems: string[] = [];

before(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  // Violations as the page sees them (securitypolicyviolation), and as the browser reports them.
  await page.addInitScript(() => {
    (window as unknown as { violations: string[] }).violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { violations: string[] }).violations.push(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
});
after(async () => {
  await browser?.close();
  await t?.close();
});

describe('/docs under its Content-Security-Policy', () => {
  it('is served with the policy, not framed, and without sniffing', async () => {
    const r = await fetch(`${base}/docs/`);
    assert.equal(r.status, 200);
    const csp = r.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    assert.match(csp, /connect-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /script-src[^;]*unsafe/);
    assert.equal(r.headers.get('x-frame-options'), 'DENY');
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
    await r.body?.cancel();
  });

  it('renders the reference and its request client in a real browser; nothing is refused but one probe', async () => {
    // The reference's script is large; on a busy machine its load event alone can take 20 s, so the
    // test waits for what it checks (the heading) with a wider bound instead of the load event.
    await page.goto(`${base}/docs/`, { waitUntil: 'commit' });
    // Scalar's script ran and read /openapi.json: the document's title and an operation are shown.
    await page.getByRole('heading', { name: 'Latchkey API' }).waitFor({ timeout: 90_000 });
    await page.getByText('Issue an access token (RFC 6749)').first().waitFor();
    await shot(page, 'docs-reference');
    // Its request client works under the policy too: a request to this origin, and its answer.
    await page.getByRole('button', { name: /Test Request.*jwks/ }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('button', { name: /^Send/ }).first().click();
    await page.getByRole('dialog').getByText('200 OK').waitFor();
    await shot(page, 'docs-request-client');
    // One refusal is expected and harmless: Scalar's validation library (zod) probes once whether
    // it may compile with Function('') and, refused, validates without compiling.
    const violations = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    assert.deepEqual(
      violations.filter((v) => v !== 'script-src eval'),
      [],
    );
    assert.deepEqual(
      problems.filter((p) => !/Refused to evaluate a string as JavaScript because 'unsafe-eval'/.test(p)),
      [],
    );
  });
});

describe('/console is never framed', () => {
  it('answers with X-Frame-Options: DENY beside frame-ancestors', async () => {
    const r = await fetch(`${base}/console`);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('x-frame-options'), 'DENY');
    assert.match(r.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    await r.body?.cancel();
  });
});
