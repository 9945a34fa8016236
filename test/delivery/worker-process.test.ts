// test-runner: store-independent
// `latchkey worker` as a real process: only the delivery worker (no API; /healthz, /readyz and
// /metrics on PORT), trusting the test CA through NODE_EXTRA_CA_CERTS (the rule for spawned
// processes), draining on SIGTERM.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { createKeyring } from '../../src/crypto/master-key.ts';
import { migrate, readMigrations } from '../../src/db/migrate.ts';
import { openPgliteStore } from '../../src/db/pglite-store.ts';
import { accessEventBody, deliveriesEnqueueForEvent } from '../../src/delivery/enqueue.ts';
import { webhookSecretGenerate } from '../../src/delivery/sign.ts';
import { uuidv7 } from '../../src/ids.ts';
import { type Receiver, startReceiver, waitFor } from '../helpers/delivery.ts';

const ROOT = join(import.meta.dirname, '..', '..');
let dir: string;
let rx: Receiver;
let child: ChildProcess | undefined;
const masterKey = randomBytes(32);

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'latchkey-worker-'));
  rx = await startReceiver();
});
after(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await rx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The migrated template the test store caches (initdb on disk costs ~10 s), when it exists. */
function migratedTemplate(): Blob | undefined {
  const hash = createHash('sha256');
  for (const m of readMigrations()) hash.update(m.sql);
  const path = join(
    ROOT,
    'node_modules',
    '.cache',
    'latchkey',
    `pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`,
  );
  return existsSync(path) ? new Blob([readFileSync(path)]) : undefined;
}

async function seed(secret: string): Promise<{ eventId: string; body: string }> {
  const db = await openPgliteStore({ dataDir: join(dir, 'pglite'), loadDataDir: migratedTemplate() });
  try {
    await migrate(db);
    const keyring = createKeyring(masterKey);
    const [org, project, lock] = [uuidv7(), uuidv7(), uuidv7()];
    await db.query("INSERT INTO organizations (id, name) VALUES ($1, 'Acme')", [org]);
    await db.query("INSERT INTO projects (id, organization_id, name) VALUES ($1, $2, 'HQ')", [project, org]);
    await db.query("INSERT INTO locks (id, project_id, name, timezone) VALUES ($1, $2, 'Gate', 'UTC')", [
      lock,
      project,
    ]);
    const url = rx.url('/spawned');
    await db.query(
      `INSERT INTO webhooks (id, project_id, lock_id, url, url_display, secret_enc)
       VALUES ($1, $2, $3, $4, $4, $5)`,
      [uuidv7(), project, lock, url, keyring.encrypt(secret)],
    );
    const eventId = randomUUID();
    const body = accessEventBody({
      id: eventId,
      action: 'locked',
      created: new Date(),
      keyId: randomUUID(),
      lockId: lock,
      lockName: 'Gate',
      appUserId: '+4799887766',
      userName: '',
    });
    await db.transaction((tx) =>
      deliveriesEnqueueForEvent(tx, {
        id: eventId,
        projectId: project,
        lockId: lock,
        received: new Date(),
        body,
      }),
    );
    return { eventId, body };
  } finally {
    await db.close();
  }
}

describe('latchkey worker', () => {
  it('delivers queued events, serves only the monitoring endpoints, and stops cleanly on SIGTERM', async () => {
    const secret = webhookSecretGenerate();
    const { eventId, body } = await seed(secret);
    child = spawn(process.execPath, [join(ROOT, 'bin', 'latchkey.js'), 'worker'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        LATCHKEY_DATA_DIR: dir,
        LATCHKEY_MASTER_KEY: masterKey.toString('base64'),
        LATCHKEY_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
        LATCHKEY_LOG_LEVEL: 'info',
        LATCHKEY_METRICS_TOKEN: 'worker-metrics-token-0123456789',
        NODE_EXTRA_CA_CERTS: join(ROOT, 'test', 'fixtures', 'tls', 'ca.crt'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (c) => {
      output += c;
    });
    child.stderr!.on('data', (c) => {
      output += c;
    });
    const got = await waitFor(
      'the delivery from the worker process',
      () => rx.requests.find((r) => r.headers['webhook-id'] === eventId),
      60_000,
    ).catch((e) => {
      throw new Error(`${(e as Error).message}\n${output}`);
    });
    assert.equal(got.body, body);
    new Webhook(secret).verify(got.body, got.headers as Record<string, string>);
    const base = await waitFor(
      'the worker listening',
      () => /"address":"(http:\/\/[^"]+)"/.exec(output)?.[1],
    );
    assert.equal((await fetch(`${base}/healthz`)).status, 200);
    assert.equal((await fetch(`${base}/v2/projects`)).status, 404); // no API here
    // The delivery counters live in the process that delivers, so they are exported from here.
    const metrics = await (
      await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer worker-metrics-token-0123456789' } })
    ).text();
    assert.match(metrics, /^latchkey_webhook_deliveries_total\{outcome="succeeded"\} 1$/m);
    assert.match(metrics, /^latchkey_webhook_delivery_latency_seconds_count 1$/m);
    const exited = new Promise<number | null>((r) => child!.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0, output);
    assert.match(output, /delivery worker started/);
    // The worker recorded the delivery before exiting.
    const db = await openPgliteStore({ dataDir: join(dir, 'pglite') });
    try {
      const { rows } = await db.query<{ status: string }>('SELECT status FROM webhook_deliveries');
      assert.deepEqual(rows, [{ status: 'succeeded' }]);
    } finally {
      await db.close();
    }
  });
});
