// The way a stranger gets the TypeScript client before it is on the registry: pack it, install the
// tarball into a new folder outside the repository, type-check a program that imports
// `latchkey-client` as a consumer's compiler sees it (node16, then bundler resolution), and run the
// program against a real Latchkey app on a loopback port: a client-credentials call, paging, and a
// delivery verified with the right secret and refused with a wrong one. Then the receiver program of
// docs/sdk.md, compiled as written, serving a `latchkey dev-cert` certificate to signed deliveries.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { envelopeBody } from '../../src/delivery/envelopes.ts';
import { deliveryHeaders, webhookSecretGenerate } from '../../src/delivery/sign.ts';
import { writeReceiverCertificate } from '../../src/dev/dev-cert.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createTenant, type Tenant } from '../helpers/factories.ts';
import { freePort } from '../helpers/net.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const SDK = join(ROOT, 'sdk', 'typescript');
const execFileAsync = promisify(execFile);
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** Runs a command without blocking this process: the program it starts calls the app served here. */
async function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  try {
    const r = await execFileAsync(cmd, args, { cwd, env: { ...process.env, ...env }, timeout: 120_000 });
    return r.stdout;
  } catch (e) {
    const x = e as { stdout?: string; stderr?: string; message: string };
    return assert.fail(
      `${cmd} ${args.join(' ')} in ${cwd}: ${x.message}\n${x.stdout ?? ''}\n${x.stderr ?? ''}`,
    );
  }
}

// What a consumer writes: every call typed from the package's declarations.
const PROGRAM = `import { LatchkeyClient, LatchkeyError, verifyWebhookEvent, type WebhookEvent } from 'latchkey-client';

// Without @types/node: the environment is all this program needs from Node.
declare const process: { env: Record<string, string> };
const env = process.env;
const projectId = env.PROJECT_ID;
const api = new LatchkeyClient({
  baseUrl: env.LATCHKEY_URL,
  credentials: { clientId: env.CLIENT_ID, clientSecret: env.CLIENT_SECRET, scope: 'project.admin', projectId },
});

const firstPage = await api.get('/v2/projects/{projectId}/locks', { path: { projectId }, query: { limit: 2 } });
const names: string[] = [];
for await (const lock of api.paginate('/v2/projects/{projectId}/locks', { path: { projectId }, query: { limit: 2 } })) {
  names.push(lock.name);
}
// @ts-expect-error: the compiler knows the paths, so a path the API lacks does not compile
const wrongPath = () => api.get('/v2/no-such-path');
void wrongPath;

function describe(event: WebhookEvent): string {
  switch (event.type) {
    case 'key.created':
      return event.type + ' ' + event.data.appUserId + ' ' + event.data.state;
    case 'accessEvent':
      return event.data.lockName;
    default:
      return event.type;
  }
}
const delivery = JSON.parse(env.DELIVERY) as { body: string; headers: Record<string, string> };
const verified = describe(verifyWebhookEvent(env.WEBHOOK_SECRET, new TextEncoder().encode(delivery.body), delivery.headers));
let wrongSecret = 'accepted';
try {
  verifyWebhookEvent(env.WRONG_SECRET, delivery.body, delivery.headers);
} catch (e) {
  wrongSecret = 'refused: ' + (e as Error).message;
}
let missing = '';
try {
  await api.get('/v2/projects/{projectId}/locks/{lockId}', { path: { projectId, lockId: '0193a1b2-0000-7000-8000-000000000000' } });
} catch (e) {
  if (e instanceof LatchkeyError) missing = String(e.status);
}
console.log(JSON.stringify({ firstPage: firstPage.locks.length, names, verified, wrongSecret, missing }));
`;

describe('the packed latchkey-client, installed outside the repository', () => {
  let t: TestApp;
  let tenant: Tenant;
  let base: string;
  const work = mkdtempSync(join(tmpdir(), 'latchkey-client-pack-'));
  const consumer = join(work, 'consumer');
  before(async () => {
    t = await startTestApp();
    base = await t.baseUrl();
    tenant = await createTenant(t, 'Acme', { sandbox: true });
    for (const name of ['Front door', 'Back door', 'Garage']) {
      const r = await t.call('POST', `/v2/projects/${tenant.projectId}/locks`, {
        token: tenant.projectToken,
        body: { name },
      });
      assert.equal(r.status, 201, JSON.stringify(r.body));
    }
  });
  after(async () => {
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('packs dist/, README.md and package.json only; installs, type-checks and runs as a consumer', async () => {
    // A copy of the package, so that building it does not touch sdk/typescript/dist while other
    // tests or a developer use it; its tools are the package's own (node_modules linked).
    const copy = join(work, 'sdk');
    for (const f of ['package.json', 'README.md', 'tsconfig.json', 'src'])
      cpSync(join(SDK, f), join(copy, f), { recursive: true });
    symlinkSync(join(SDK, 'node_modules'), join(copy, 'node_modules'), 'dir');
    const packed = JSON.parse(await run('npm', ['pack', '--json', '--pack-destination', work], copy)) as {
      filename: string;
      files: { path: string }[];
    }[];
    const files = packed[0]!.files.map((f) => f.path).sort();
    assert.ok(files.includes('dist/index.js') && files.includes('dist/index.d.ts'), files.join(' '));
    assert.deepEqual(
      files.filter((f) => !f.startsWith('dist/')),
      ['README.md', 'package.json'],
    );
    assert.ok(!files.some((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')), 'no sources');

    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), '{"name":"consumer","private":true,"type":"module"}\n');
    await run(
      'npm',
      [
        'install',
        join(work, packed[0]!.filename),
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--loglevel=error',
      ],
      consumer,
    );
    assert.deepEqual(readdirSync(join(consumer, 'node_modules', 'latchkey-client')).sort(), [
      'README.md',
      'dist',
      'package.json',
    ]);

    writeFileSync(join(consumer, 'program.ts'), PROGRAM);
    const common = { strict: true, target: 'ES2022', lib: ['ES2023', 'DOM'], types: [], skipLibCheck: false };
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { ...common, module: 'node16', moduleResolution: 'node16', outDir: 'out' },
        files: ['program.ts'],
      }),
    );
    writeFileSync(
      join(consumer, 'tsconfig.bundler.json'),
      JSON.stringify({
        compilerOptions: { ...common, module: 'esnext', moduleResolution: 'bundler', noEmit: true },
        files: ['program.ts'],
      }),
    );
    await Promise.all([
      run(process.execPath, [TSC, '-p', 'tsconfig.bundler.json'], consumer),
      run(process.execPath, [TSC, '-p', 'tsconfig.json'], consumer),
    ]);

    const secret = webhookSecretGenerate();
    const id = '0193a1e2-0000-7000-8000-0000000000aa';
    const body = envelopeBody('key.created', id, new Date(), {
      id: '0193a1c9-0000-7000-8000-0000000000ab',
      lockId: '0193a1b2-0000-7000-8000-0000000000ac',
      appUserId: '+4799887766',
      state: 'active',
    });
    const headers = deliveryHeaders({
      msgId: id,
      timestamp: Math.floor(Date.now() / 1000),
      body,
      secrets: [secret],
      userAgent: 'Latchkey-Webhooks',
    });
    const out = await run(process.execPath, [join('out', 'program.js')], consumer, {
      LATCHKEY_URL: base,
      CLIENT_ID: tenant.clientId,
      CLIENT_SECRET: tenant.clientSecret,
      PROJECT_ID: tenant.projectId,
      WEBHOOK_SECRET: secret,
      WRONG_SECRET: webhookSecretGenerate(),
      DELIVERY: JSON.stringify({ body, headers }),
    });
    const result = JSON.parse(out.trim().split('\n').at(-1)!);
    assert.equal(result.firstPage, 2);
    assert.deepEqual([...result.names].sort(), ['Back door', 'Front door', 'Garage']);
    assert.equal(result.verified, 'key.created +4799887766 active');
    assert.match(result.wrongSecret, /^refused: .*signature/i);
    assert.equal(result.missing, '404');
  });

  it("the README's programs type-check; docs/sdk.md's receiver.ts type-checks and runs as written with a dev-cert certificate: 204 for a signed delivery, 401 for a tampered one", async () => {
    const docs = readFileSync(join(ROOT, 'docs', 'sdk.md'), 'utf8');
    const snippet = /```ts\n(\/\/ receiver\.ts[\s\S]*?)```/.exec(docs)?.[1];
    assert.ok(snippet, 'docs/sdk.md has the receiver.ts block');
    writeFileSync(join(consumer, 'receiver.ts'), snippet);
    // The receiver uses Node's modules: @types/node, as its project would have.
    mkdirSync(join(consumer, 'node_modules', '@types'), { recursive: true });
    symlinkSync(
      join(ROOT, 'node_modules', '@types', 'node'),
      join(consumer, 'node_modules', '@types', 'node'),
      'dir',
    );
    // The package README's programs (its use and its receiver) compile against the package too.
    const readme = readFileSync(join(SDK, 'README.md'), 'utf8');
    const blocks = ['## Use', '### Webhooks'].map((h) => {
      const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf(h)))?.[1];
      assert.ok(block, `the README's ${h} has a TypeScript block`);
      return block;
    });
    for (const [i, b] of blocks.entries()) writeFileSync(join(consumer, `readme${i}.ts`), `${b}export {};\n`);
    writeFileSync(
      join(consumer, 'tsconfig.receiver.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: 'ES2022',
          module: 'node16',
          moduleResolution: 'node16',
          types: ['node'],
          outDir: 'out',
        },
        files: ['receiver.ts', ...blocks.map((_, i) => `readme${i}.ts`)],
      }),
    );
    await run(process.execPath, [TSC, '-p', 'tsconfig.receiver.json'], consumer);

    const certs = writeReceiverCertificate(join(work, 'data'), join(work, 'certs'));
    const secret = webhookSecretGenerate();
    const port = await freePort();
    const child = spawn(process.execPath, [join('out', 'receiver.js')], {
      cwd: consumer,
      env: {
        ...process.env,
        LATCHKEY_WEBHOOK_SECRET: secret,
        CERT_DIR: join(work, 'certs'),
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c;
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c;
    });
    try {
      const deadline = Date.now() + 15_000;
      while (!output.includes('receiving on')) {
        assert.ok(Date.now() < deadline && child.exitCode === null, `receiver did not start: ${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const ca = readFileSync(certs.ca, 'utf8');
      const id = '0193a1e2-0000-7000-8000-0000000000ba';
      const body = envelopeBody('key.revoked', id, new Date(), {
        id: '0193a1c9-0000-7000-8000-0000000000bb',
        appUserId: '+4791234567',
      });
      const headers = deliveryHeaders({
        msgId: id,
        timestamp: Math.floor(Date.now() / 1000),
        body,
        secrets: [secret],
        userAgent: 'Latchkey-Webhooks',
      });
      assert.equal(await post(port, ca, body, headers), 204);
      assert.equal(await post(port, ca, body.replace('+4791234567', '+4791234568'), headers), 401);
      assert.equal(await post(port, ca, body, headers), 204, 'a duplicate is acknowledged');
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(output.split('key.revoked').length - 1, 1, `handled once: ${output}`);
      assert.match(output, /key\.revoked 0193a1c9-0000-7000-8000-0000000000bb \+4791234567/);
    } finally {
      child.kill();
    }
  });
});

/** POSTs a delivery over HTTPS to localhost, trusting only the development CA, as the server would. */
function post(port: number, ca: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      { host: 'localhost', port, path: '/latchkey', method: 'POST', ca, headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
