#!/usr/bin/env node
// npm run test:prism [-- <test file filters>]: runs test files with every HTTP exchange going through
// Prism's validating proxy (test/helpers/prism.ts) and judges what Prism reported against
// openapi.json. Fails when
// - a response differs from the document (status not declared, body or headers not matching), or
// - a request the document calls invalid was accepted (2xx/3xx: the document is stricter than the
//   service), or a request to a path the document does not have was answered other than 404/405.
// A request the document calls invalid and the service refused with a 4xx is what the test meant
// (bad input gets a clear 4xx): it is counted, not failed. Prints the operations exercised.
// Default files: the end-to-end flow, the SDK walk-through and the suites of the resources, tokens,
// admin and app APIs, the access log, webhooks and test deliveries. Left out: suites that listen on
// their own port (the live stream, openid-client) or that test what a proxy changes by design (the
// raw HTTP error handling, request timeouts, client addresses behind a proxy); some tests in the
// chosen files are skipped through the proxy for the same reasons (skipThroughPrism, each with why).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DEFAULT_FILES = [
  'test/e2e.test.ts',
  'test/sdk/',
  'test/resources/',
  'test/auth/',
  'test/admin',
  'test/app/',
  'test/access-log/access-log',
  'test/delivery/webhooks-api',
  'test/delivery/test-delivery',
];
const filters = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_FILES;

const dir = mkdtempSync(join(tmpdir(), 'latchkey-prism-'));
const report = join(dir, 'exchanges.jsonl');
const run = spawnSync(process.execPath, ['scripts/test.mjs', ...filters], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, TEST_VIA_PRISM: '1', TEST_PRISM_REPORT: report },
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
});
const summary = run.stdout.split('\n').filter((l) => /^ℹ (tests|pass|fail) /.test(l) || /^\s*✖/.test(l));
// What a failing test said (the runner's "failing tests" part, to its wall-time line): without it a
// failure here under load cannot be read afterwards.
const failingAt = run.stdout.indexOf('✖ failing tests:');
const failingEnd = run.stdout.indexOf('\nwall ', failingAt);
const failingText =
  failingAt < 0 ? '' : run.stdout.slice(failingAt, failingEnd < 0 ? undefined : failingEnd).slice(0, 20_000);
let exchanges = [];
try {
  exchanges = readFileSync(report, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
} catch {
  // no exchange recorded: said below
}
rmSync(dir, { recursive: true, force: true });

// Operations of the document, matched by method and path template.
const doc = JSON.parse(readFileSync('openapi.json', 'utf8'));
const operations = [];
for (const [path, item] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(item)) {
    if (!op?.operationId) continue;
    const re = new RegExp(
      `^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}|\{[^}]+\}/g, '[^/]+')}$`,
    );
    operations.push({ id: op.operationId, method: method.toUpperCase(), re, statuses: new Map() });
  }
}
const opFor = (x) => operations.find((o) => o.method === x.method && o.re.test(x.path));

// Served beside the API, not operations of it: the document itself, its reference page, the console,
// and the bridge's channel (between `latchkey bridge` and the service, two programs of this project:
// its operations are hidden from the document; docs/matter.md describes it).
const NOT_API = [/^\/openapi\.json$/, /^\/docs(\/|$)/, /^\/console(\/|$)/, /^\/v2\/bridge\//];

const failures = [];
let notApi = 0;
const aliases = exchanges.filter((x) => x.alias).length;
let refusedAsMeant = 0;
let undeclaredRoutes = 0;
for (const x of exchanges) {
  const op = opFor(x);
  if (op) op.statuses.set(x.status, (op.statuses.get(x.status) ?? 0) + 1);
  for (const v of x.violations) {
    const where = v.location?.[0];
    if (where === 'request' && v.message === 'Selected route not found') {
      if (NOT_API.some((re) => re.test(x.path))) notApi++;
      else if (x.status === 404 || x.status === 405) undeclaredRoutes++;
      else failures.push({ x, v });
    } else if (where === 'request' && x.status >= 400 && x.status < 500) refusedAsMeant++;
    else failures.push({ x, v });
  }
}

const exercised = operations.filter((o) => o.statuses.size > 0);
console.log(`\nPrism's validating proxy in front of: ${filters.join(' ')}`);
console.log(summary.join('\n'));
if (failingText) console.log(`\n${failingText}`);
console.log(
  `\n${exchanges.length} exchanges; operations exercised: ${exercised.length} of ${operations.length}`,
);
console.log('| operation | statuses seen |\n|---|---|');
for (const o of operations) {
  const seen = [...o.statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`);
  console.log(`| ${o.id} | ${seen.join(' ') || '— not exercised'} |`);
}
console.log(
  `\nrequests the document calls invalid, refused with a 4xx as the test meant: ${refusedAsMeant}` +
    `\nrequests to paths the document does not have, answered 404/405: ${undeclaredRoutes}` +
    `\nrequests for the document, its reference page, the console or the bridge's channel (not API operations): ${notApi}` +
    `\nrequests spelt with the other trailing slash (sent to Prism as the document spells them): ${aliases}` +
    `\nviolations: ${failures.length}`,
);
for (const { x, v } of failures.slice(0, 50)) {
  console.log(`  ${x.method} ${x.path} → ${x.status}: ${v.location?.join('.')} ${v.code ?? ''} ${v.message}`);
}
if (exchanges.length === 0) console.log('no exchange went through the proxy: nothing was checked');
process.exit(failures.length > 0 || exchanges.length === 0 || run.status !== 0 ? 1 : 0);
