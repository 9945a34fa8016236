// npm run bench:lighthouse — Lighthouse 12.2.3 on every data screen of the console, mobile (its
// default: a mid-range phone on a slow 4G link, simulated) and desktop, against a server process on
// PGlite with a seeded sandbox project: 20 locks, 40 managed users, 200 keys with weekly windows,
// 600 access events, a webhook whose receiver is down (failed attempts). The console is logged in
// once (puppeteer, Debian's chromium); each screen is then a fresh navigation measured by a
// Lighthouse user flow. Prints Performance and CLS per screen and width; the goal is Performance
// >= 95 and CLS < 0.05 everywhere (docs/console.md has the figures). Then each screen's main-thread
// CPU time on a phone-sized load, from a trace: the console's own work, which the other processes
// on a shared machine change far less than Lighthouse's wall-time figures.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startFlow } from 'lighthouse';
// An ES module: imported, not require()d (on Node 20.19+ require() of it answers the module
// namespace `{ default }`, which Lighthouse read as a config with no artifacts and refused).
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { ADMIN_TOKEN, api, clientToken, loadAverage, startLatchkey } from './lib.ts';

const require = createRequire(import.meta.url);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ALL_SCREENS = ['locks', 'users', 'keys', 'sharing', 'webhooks', 'log', 'activity'] as const;
// BENCH_SCREENS=locks,log: fewer screens (a quicker look at one).
const SCREENS = process.env.BENCH_SCREENS
  ? ALL_SCREENS.filter((s) => process.env.BENCH_SCREENS!.split(',').includes(s))
  : ALL_SCREENS;
// BENCH_FORMS=desktop: one form factor only.
const FORMS = (process.env.BENCH_FORMS ?? 'mobile,desktop').split(',');
// BENCH_REPORTS=dir: each screen's whole Lighthouse report (JSON) written there, for the audits
// behind a figure (long tasks, main-thread work by kind, script bootup).
const REPORTS = process.env.BENCH_REPORTS;

const server = await startLatchkey('pglite', {
  LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
  LATCHKEY_LOG_LEVEL: 'warn',
});
try {
  const base = server.base;
  // The tenant: an organization, a client, a sandbox project in Oslo.
  const org = await api(base, 'POST', '/admin/v1/organizations', { name: 'Harbour Properties' });
  const organizationId = org.organization.id as string;
  const c = await api(base, 'POST', `/admin/v1/organizations/${organizationId}/clients`, { name: 'console' });
  const creds = { client_id: c.client.id as string, client_secret: c.clientSecret as string };
  const orgToken = await clientToken(base, creds, 'organization.admin', { organization_id: organizationId });
  const p = await api(
    base,
    'POST',
    `/v2/organization/${organizationId}/projects`,
    { name: 'Harbour View', timezone: 'Europe/Oslo', sandbox: true },
    orgToken,
  );
  const projectId = p.project.id as string;
  const token = await clientToken(base, creds, 'project.admin', { project_id: projectId });
  const locks: string[] = [];
  for (let i = 0; i < 20; i++) {
    const l = await api(base, 'POST', `/v2/projects/${projectId}/locks`, { name: `Flat ${101 + i}` }, token);
    locks.push(l.lock.id);
  }
  const phones = Array.from({ length: 40 }, (_, i) => `+4790${String(100000 + i)}`);
  for (const [i, phone] of phones.entries())
    await api(
      base,
      'POST',
      `/v2/projects/${projectId}/managed-users`,
      { appUserId: phone, firstName: `Guest`, lastName: `Number ${i + 1}` },
      token,
    );
  const start = new Date(Date.now() - 86_400_000).toISOString();
  const keys: { id: string; appUserId: string }[] = [];
  for (let b = 0; b < 4; b++) {
    const r = await api(
      base,
      'POST',
      `/v2/projects/${projectId}/keys`,
      {
        keys: Array.from({ length: 50 }, (_, i) => ({
          lockId: locks[(b * 50 + i) % locks.length],
          appUserId: phones[(b * 50 + i) % phones.length],
          start,
          recurrence: {
            windows: [
              { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], from: '00:00', to: '23:59' },
            ],
          },
        })),
      },
      token,
    );
    keys.push(...r.keys);
  }
  await api(
    base,
    'POST',
    `/v2/projects/${projectId}/webhooks`,
    { url: 'https://127.0.0.1:9/down', lockId: locks[0] },
    token,
  );
  // 600 access events over the last 23 hours, uploaded by the keys' users as the app would.
  for (const phone of phones.slice(0, 12)) {
    const t = await api(base, 'POST', '/admin/v1/app-tokens', { appUserId: phone }, ADMIN_TOKEN);
    const mine = keys.filter((k) => k.appUserId === phone);
    const events = Array.from({ length: 50 }, (_, i) => ({
      id: crypto.randomUUID(),
      keyId: mine[i % mine.length]!.id,
      action: i % 2 ? 'locked' : 'unlocked',
      created: new Date(Date.now() - (i * 23 * 3_600_000) / 50 - 60_000).toISOString(),
    }));
    await api(base, 'POST', '/v2/app/events', { events }, t.access_token);
  }

  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const page = await browser.newPage();
  await page.goto(`${base}/console`);
  await page.type('input[autocomplete="off"]', creds.client_id);
  await page.type('input[type="password"]', creds.client_secret);
  await page.keyboard.press('Enter');
  await page.waitForSelector('nav[aria-label="Main"]');

  const rows: string[][] = [];
  const shifted = new Set<string>();
  for (const [form, config] of [
    ['mobile', undefined],
    ['desktop', desktopConfig],
  ] as const) {
    if (!FORMS.includes(form)) continue;
    // Each screen measured once; a screen whose trace Lighthouse could not read (NO_NAVSTART or
    // NO_FCP, seen now and then on a loaded machine) is measured again, up to twice more.
    let pending: string[] = [...SCREENS];
    for (let attempt = 1; attempt <= 3 && pending.length > 0; attempt++) {
      const measured = pending;
      pending = [];
      const flow = await startFlow(page, { config, name: `console ${form}` });
      for (const screen of measured) {
        // A full load of each screen's deep link: by default a flow's later navigations skip
        // about:blank, and from one console URL to another only the fragment changes, a navigation
        // without a new document, which Lighthouse saw paint nothing (NO_FCP, every score 0). The
        // session is in sessionStorage, kept across the loads of this tab (no storage reset).
        await flow.navigate(`${base}/console#/projects/${projectId}/${screen}`, {
          skipAboutBlank: false,
          disableStorageReset: true,
        });
        // Measured what a logged-in person sees, not the login form.
        if (!(await page.$('nav[aria-label="Main"]')))
          throw new Error(`${screen}: the console was not logged in`);
      }
      const result = await flow.createFlowResult();
      result.steps.forEach((step, i) => {
        const lhr = step.lhr;
        if (lhr.runtimeError && attempt < 3) {
          console.log(`${form} ${measured[i]}: ${lhr.runtimeError.code}, measured again`);
          pending.push(measured[i]!);
          return;
        }
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          writeFileSync(join(REPORTS, `${measured[i]}-${form}.json`), JSON.stringify(lhr));
        }
        const perf = Math.round((lhr.categories.performance?.score ?? 0) * 100);
        const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
        const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
        const tbt = lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN;
        // Each figure as soon as it is known: a later failure does not lose the earlier ones.
        console.log(
          `${form} ${measured[i]}: Performance ${perf}, CLS ${cls.toFixed(3)}, load ${loadAverage()}`,
        );
        if (lhr.runtimeError)
          console.log(`  runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'cumulative-layout-shift'])
          if (lhr.audits[id]?.errorMessage) console.log(`  ${id}: ${lhr.audits[id]!.errorMessage}`);
        // Where a goal is missed, what Lighthouse blames: the elements that moved, the long tasks.
        // Lighthouse's own list of shifted elements (layout-shifts) fails on this Chromium (its
        // RootCauses gatherer reads a trace field Chromium 156 no longer writes): see shiftSources.
        if (cls > 0.01) shifted.add(measured[i]!);
        if (perf < 95) {
          const tasks =
            (lhr.audits['bootup-time']?.details as { items?: unknown[] } | undefined)?.items ?? [];
          for (const it of (tasks as { url?: string; total?: number; scripting?: number }[]).slice(0, 3))
            console.log(
              `  main thread ${Math.round(it.total ?? 0)} ms (scripting ${Math.round(it.scripting ?? 0)} ms): ${it.url}`,
            );
        }
        rows.push([
          measured[i]!,
          form,
          String(perf),
          cls.toFixed(3),
          `${Math.round(lcp)} ms`,
          `${Math.round(tbt)} ms`,
          perf >= 95 && cls < 0.05 ? 'yes' : 'NO',
        ]);
      });
    }
  }
  // Screens in the order of SCREENS within each form, whatever attempt measured them.
  const order = (r: string[]) =>
    (r[1] === 'mobile' ? 0 : 100) + SCREENS.indexOf(r[0] as (typeof SCREENS)[number]);
  rows.sort((a, b) => order(a) - order(b));
  // The console's own main-thread work per screen load, from a trace's thread time (CPU), not
  // wall time: on this shared machine Lighthouse's figures move with the other processes' work
  // (the same screen 78 one run, 99 the next), thread time far less. Each task's CPU time ×4
  // (Lighthouse's phone slowdown) beyond 50 ms is the Total Blocking Time that task would give on
  // an idle machine. A phone-sized page and a cold cache, as Lighthouse's mobile load.
  const cpuRows: string[][] = [];
  if (FORMS.includes('mobile')) {
    await page.setViewport({ width: 412, height: 823 });
    await page.setCacheEnabled(false);
    for (const screen of SCREENS) {
      await page.goto('about:blank');
      await page.tracing.start({
        categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
      });
      await page.goto(`${base}/console#/projects/${projectId}/${screen}`, { waitUntil: 'networkidle0' });
      const events = JSON.parse(Buffer.from((await page.tracing.stop())!).toString()).traceEvents as {
        name: string;
        ph: string;
        pid: number;
        tid: number;
        tdur?: number;
        args?: { name?: string };
      }[];
      // The renderer's main thread that did the most (the console's; about:blank's did little).
      const mains = new Set(
        events
          .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
          .map((e) => `${e.pid}:${e.tid}`),
      );
      const byThread = new Map<string, number[]>();
      for (const e of events)
        if (e.name === 'RunTask' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`))
          byThread.set(`${e.pid}:${e.tid}`, [
            ...(byThread.get(`${e.pid}:${e.tid}`) ?? []),
            (e.tdur ?? 0) / 1000,
          ]);
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      const cpu = [...byThread.values()].sort((a, b) => sum(b) - sum(a))[0] ?? [];
      const long = cpu.filter((c) => c > 12.5);
      cpuRows.push([
        screen,
        `${Math.round(sum(cpu))} ms`,
        long.map((c) => Math.round(c)).join(', ') || '—',
        `${Math.round(long.reduce((a, c) => a + 4 * c - 50, 0))} ms`,
      ]);
    }
    await page.setCacheEnabled(true);
  }
  // What moved, where a screen shifted: each such screen loaded again (desktop size) with a
  // layout-shift observer from the first script on, its entries' elements named.
  if (shifted.size > 0) {
    // As Lighthouse's desktop load: its screen size, a cold HTTP cache.
    await page.setViewport({ width: 1350, height: 940 });
    await page.setCacheEnabled(false);
    await page.evaluateOnNewDocument(() => {
      const w = window as unknown as { shifts: string[] };
      w.shifts = [];
      const name = (n: Node | null) =>
        n instanceof Element
          ? `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${n.className && typeof n.className === 'string' ? `.${n.className.split(' ').join('.')}` : ''} "${(n.textContent ?? '').trim().slice(0, 40)}"`
          : String(n?.nodeName);
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        })[])
          if (!e.hadRecentInput)
            w.shifts.push(
              `${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${(e.sources ?? [])
                .map(
                  (x) =>
                    `${name(x.node)} y ${Math.round(x.previousRect.y)}→${Math.round(x.currentRect.y)} h ${Math.round(x.previousRect.height)}→${Math.round(x.currentRect.height)}`,
                )
                .join('; ')}`,
            );
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const screen of shifted) {
      await page.goto('about:blank');
      await page.goto(`${base}/console#/projects/${projectId}/${screen}`, { waitUntil: 'networkidle0' });
      await new Promise((r) => setTimeout(r, 1000));
      const list = await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
      console.log(`layout shifts of ${screen}:\n  ${list.join('\n  ') || 'none this time'}`);
    }
  }
  await browser.close();

  const head = ['screen', 'form', 'Performance', 'CLS', 'LCP', 'TBT', 'goal met'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(
    `\nLighthouse ${JSON.parse(readFileSync(require.resolve('lighthouse/package.json'), 'utf8')).version}, load average ${loadAverage()}`,
  );
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
  if (cpuRows.length > 0) {
    const h = ['screen', 'main-thread CPU', 'tasks over 12.5 ms (CPU ms)', 'TBT at 4×, idle machine'];
    const w = h.map((x, i) => Math.max(x.length, ...cpuRows.map((r) => r[i]!.length)));
    const l = (r: string[]) => `| ${r.map((c, i) => c.padEnd(w[i]!)).join(' | ')} |`;
    console.log(
      `\nThe console's own work per mobile load (trace thread time), load average ${loadAverage()}`,
    );
    console.log(l(h));
    console.log(l(w.map((x) => '-'.repeat(x))));
    for (const r of cpuRows) console.log(l(r));
  }
} finally {
  await server.stop();
}
