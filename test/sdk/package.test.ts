// test-runner: store-independent
// The TypeScript client package (sdk/typescript): its types are what openapi.json generates, and it
// builds to JavaScript with declarations that import and work without TypeScript.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';

const SDK = join(import.meta.dirname, '..', '..', 'sdk', 'typescript');
const TOOLS = join(SDK, 'node_modules', 'openapi-typescript');
const INSTALL = 'run `npm ci` at the repository root (its postinstall installs sdk/typescript)';

describe('the TypeScript client package', () => {
  it('src/openapi.ts and src/operations.ts are what openapi.json generates (run `npm run openapi` after changing a schema)', async () => {
    assert.ok(existsSync(TOOLS), `sdk/typescript has no node_modules: ${INSTALL}`);
    const { generateFiles } = await import(pathToFileURL(join(SDK, 'scripts', 'types.mjs')).href);
    const generated: Record<string, string> = await generateFiles();
    assert.equal(Object.keys(generated).length, 2);
    for (const [file, source] of Object.entries(generated)) {
      assert.ok(
        existsSync(file) && source === readFileSync(file, 'utf8'),
        `${file} is stale: run \`npm run openapi\` and commit it`,
      );
    }
  });

  it('src/operations.ts maps each operationId to its method and path', async () => {
    assert.ok(existsSync(TOOLS), `sdk/typescript has no node_modules: ${INSTALL}`);
    const { generateFiles, OPERATIONS_FILE } = await import(
      pathToFileURL(join(SDK, 'scripts', 'types.mjs')).href
    );
    const doc = JSON.parse(readFileSync('openapi.json', 'utf8'));
    doc.paths['/v2/projects/{projectId}/locks'].post.operationId = 'locksCreate';
    doc.paths['/v2/projects/{projectId}'].get.operationId = 'projectsGet';
    const operations: string = (await generateFiles(JSON.stringify(doc)))[OPERATIONS_FILE];
    assert.match(
      operations,
      /"locksCreate": \{ method: 'post', path: "\/v2\/projects\/\{projectId\}\/locks" \},/,
    );
    assert.match(operations, /"projectsGet": \{ method: 'get', path: "\/v2\/projects\/\{projectId\}" \},/);
  });

  it("the package's version is the API's: openapi.json info.version (the service's version)", () => {
    const sdk = JSON.parse(readFileSync(join(SDK, 'package.json'), 'utf8'));
    const doc = JSON.parse(readFileSync('openapi.json', 'utf8'));
    const service = JSON.parse(readFileSync('package.json', 'utf8'));
    assert.equal(doc.info.version, service.version, 'run `npm run openapi`');
    assert.equal(
      sdk.version,
      doc.info.version,
      'sdk/typescript/package.json "version" must be the API\'s (openapi.json info.version): change them together',
    );
    assert.equal(sdk.private, undefined, 'publishable');
    assert.deepEqual(sdk.files, ['dist']);
    assert.equal(sdk.types, './dist/index.d.ts');
    assert.deepEqual(sdk.exports, { '.': { types: './dist/index.d.ts', default: './dist/index.js' } });
  });

  it('builds to dist/ with .d.ts files, and the built module works', async () => {
    assert.ok(existsSync(TOOLS), `sdk/typescript has no node_modules: ${INSTALL}`);
    const out = mkdtempSync(join(SDK, '.build-test-'));
    try {
      const r = spawnSync(
        process.execPath,
        [join(SDK, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', SDK, '--outDir', out],
        { encoding: 'utf8' },
      );
      assert.equal(r.status, 0, r.stdout + r.stderr);
      for (const f of ['index.js', 'index.d.ts', 'client.d.ts', 'openapi.d.ts', 'webhooks.js']) {
        assert.ok(existsSync(join(out, f)), `${f} built`);
      }
      assert.doesNotMatch(
        readFileSync(join(out, 'index.js'), 'utf8'),
        /\.ts['"]/,
        'imports rewritten to .js',
      );
      const built = await import(pathToFileURL(join(out, 'index.js')).href);
      assert.equal(typeof built.LatchkeyClient, 'function');
      assert.equal(typeof built.verifyWebhook, 'function');
      const e = new built.LatchkeyError(
        409,
        { type: 'urn:latchkey:problem:conflict', status: 409, detail: 'duplicate' },
        { method: 'post', path: '/x' },
      );
      assert.equal(e.status, 409);
      assert.equal(e.detail, 'duplicate');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('Retry-After in seconds or as an HTTP date; the refresh margin is a tenth of the lifetime, at most a minute', async () => {
    const { refreshMarginMs, retryAfterMs } = await import('../../sdk/typescript/src/index.ts');
    const now = Date.parse('2026-11-23T12:00:00Z');
    assert.equal(retryAfterMs('7', now), 7000);
    assert.equal(retryAfterMs('Mon, 23 Nov 2026 12:00:30 GMT', now), 30_000);
    assert.equal(retryAfterMs('Mon, 23 Nov 2026 11:00:00 GMT', now), 0);
    assert.equal(retryAfterMs('soon', now), undefined);
    assert.equal(retryAfterMs(null, now), undefined);
    assert.equal(refreshMarginMs(3600_000), 60_000);
    assert.equal(refreshMarginMs(60_000), 6_000);
  });
});
