// test-runner: store-independent
// verifier/typescript stands alone: it imports nothing outside its folder, builds with tsc without
// Node's types, runs as plain JavaScript in Node (no tsx) and in a real browser (Debian's chromium),
// deciding vectors there as here.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { launchBrowser } from '../helpers/browser.ts';
import { ROOT, readVectors, VECTORS_JSON } from '../helpers/credentials.ts';

const SRC = join(ROOT, 'verifier', 'typescript', 'src');
const doc = readVectors();
/** A few vectors of each kind: accepted, windows across DST, a revocation sequence, hostile. */
const SAMPLE = [
  'valid-no-windows',
  'dst-oslo-fall-repeated-hour-second',
  'dst-santiago-spring-skipped',
  'revoked-by-newer-list',
  'alg-hs256-key-point',
  'payload-duplicate-lock',
  'credential-too-large',
  'wrong-device',
  'replayed-nonce',
];
const expected = Object.fromEntries(
  SAMPLE.map((name) => [name, doc.vectors.find((v) => v.name === name)!.steps.map((s) => s.expect.reason)]),
);

/** The code run in Node and in the browser: runs the sample vectors with the module given. */
const RUNNER = `async (m, doc, sample) => {
  const hex = (s) => new Uint8Array(s.match(/../g)?.map((b) => parseInt(b, 16)) ?? []);
  const out = {};
  for (const name of sample) {
    const v = doc.vectors.find((x) => x.name === name);
    let lock = doc.locks[v.lock];
    out[name] = [];
    for (const s of v.steps) {
      const d = await m.verifyPresentation(lock, { now: s.now, nonce: hex(s.nonce), credential: s.credential,
        devicePublicKey: hex(s.devicePublicKey), signature: hex(s.signature) });
      out[name].push(d.reason);
      if (d.revocation) lock = { ...lock, revocation: d.revocation };
    }
  }
  return out;
}`;

describe('the TypeScript verifier as a package', () => {
  let out: string;
  before(() => {
    out = mkdtempSync(join(tmpdir(), 'latchkey-verifier-'));
  });
  after(() => rmSync(out, { recursive: true, force: true }));

  it('imports only its own files', () => {
    for (const f of readdirSync(SRC)) {
      const imports = [...readFileSync(join(SRC, f), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      assert.deepEqual(
        imports.filter((i) => !i.startsWith('./')),
        [],
        f,
      );
    }
  });

  it('builds with tsc and no Node types, and the JavaScript decides vectors in plain Node', () => {
    const tsc = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
        '-p',
        join(ROOT, 'verifier', 'typescript'),
        '--outDir',
        out,
      ],
      { encoding: 'utf8' },
    );
    assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
    const script = `const m = await import(${JSON.stringify(pathToFileURL(join(out, 'index.js')).href)});
      const doc = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(VECTORS_JSON)}, 'utf8'));
      console.log(JSON.stringify(await (${RUNNER})(m, doc, ${JSON.stringify(SAMPLE)})));`;
    const r = spawnSync(process.execPath, ['--input-type=commonjs', '-e', `(async () => { ${script} })()`], {
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), expected);
  });

  it('runs in a browser (chromium) on WebCrypto alone, with the same outcomes', async () => {
    const bundle = buildSync({
      entryPoints: [join(SRC, 'index.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    }).outputFiles[0]!.text;
    const server = createServer((req, res) => {
      if (req.url === '/verifier.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>verifier</title>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const got = await page.evaluate(
        async ([runner, sample, docText]) => {
          const url = '/verifier.js';
          const m = await import(url);
          // The runner is this test's own code, the same text the Node run uses.
          return new Function(`return ${runner}`)()(m, JSON.parse(docText), sample);
        },
        [RUNNER, SAMPLE, JSON.stringify(doc)] as const,
      );
      assert.deepEqual(got, expected);
    } finally {
      await browser.close();
      server.close();
    }
  });
});
