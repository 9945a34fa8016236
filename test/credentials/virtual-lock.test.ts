// test-runner: store-independent
// The virtual offline lock: provisioned once from a bundle, it opens for a phone inside its key's
// window and refuses outside it, a replayed answer, and, once another credential has shown it a
// newer revocation list, the revoked phone (a list it keeps across restarts); its journal is what
// `POST /v2/app/events` takes. Also its line protocol's errors, and `npx latchkey virtual-lock --offline`.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { issuerPublicJwk, jwkThumbprint } from '../../src/credentials/jwk.ts';
import { mintCredential } from '../../src/credentials/mint.ts';
import { provisioningBundle } from '../../src/credentials/provisioning.ts';
import { journalEvents, journalRead } from '../../src/dev/lock-journal.ts';
import { startOfflineLock } from '../../src/dev/virtual-lock-offline.ts';
import { presentToLock } from '../../src/dev/virtual-phone.ts';
import { EventsBody } from '../../src/resources/app/schema.ts';
import type { PresentationMessage } from '../../verifier/typescript/src/presentation.ts';
import { ROOT } from '../helpers/credentials.ts';

const LOCK = '0193a1b2-0000-7000-8000-000000000001';
const KEY_A = '0193a1b2-0000-7000-8000-0000000000aa';
const KEY_B = '0193a1b2-0000-7000-8000-0000000000bb';
const ISS = 'https://latchkey.example';
const issuer = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const MONDAY_0800_OSLO = Date.parse('2026-11-30T07:00:00Z');
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'latchkey-lock-'));
  dirs.push(d);
  return d;
};
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function device() {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
    'verify',
  ]);
  const jwk = (await crypto.subtle.exportKey('jwk', keys.publicKey)) as { x: string; y: string };
  return { keys, thumbprint: jwkThumbprint(jwk) };
}

/** The service's side, done with the same pure code the endpoints will call. */
function credential(
  keyId: string,
  thumbprint: string,
  revocation: { v: number; keys: string[] },
  now: number,
) {
  return mintCredential({
    issuer: ISS,
    key: {
      id: keyId,
      appUserId: '+4799887766',
      start: new Date('2026-11-01T00:00:00Z'),
      end: null,
      recurrence: { windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '07:00', to: '18:00' }] },
    },
    lock: { id: LOCK, timezone: 'Europe/Oslo' },
    device: { thumbprint },
    issuerKey: { kid: 'k1', privateKey: issuer.privateKey },
    revocation,
    now: new Date(now),
    ttlHours: 24,
  });
}

const bundle = provisioningBundle({
  lockId: LOCK,
  timezone: 'Europe/Oslo',
  issuer: ISS,
  keys: [issuerPublicJwk(issuer.publicKey, 'k1')],
  revocation: { v: 1, keys: [] },
  now: new Date(MONDAY_0800_OSLO - 86_400_000),
});

const reasonOf = (r: Awaited<ReturnType<typeof presentToLock>>) =>
  r.result.type === 'result' ? r.result.reason : `error: ${r.result.error}`;

/** One line sent to the lock after its challenge; its answer. */
function exchange(port: number, line: string | undefined): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('error', reject);
    socket.on('data', (d: string) => {
      if (!text && line !== undefined) socket.write(line);
      text += d;
    });
    socket.on('close', () =>
      resolve(
        text
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l)),
      ),
    );
  });
}

describe('the virtual offline lock', () => {
  it('opens inside the window, refuses outside it and a replayed answer, and journals what the events API takes', async () => {
    let clock = MONDAY_0800_OSLO;
    const lock = await startOfflineLock({ dir: tempDir(), bundle, now: () => clock });
    try {
      const a = await device();
      const cred = await credential(KEY_A, a.thumbprint, { v: 1, keys: [] }, clock - 3_600_000);
      let recorded: PresentationMessage | undefined;
      const opened = await presentToLock({ port: lock.port! }, cred, a.keys, (m) => (recorded = m));
      assert.equal(opened.challenge.lockId, LOCK);
      assert.equal(Buffer.from(opened.challenge.nonce, 'base64url').length, 32);
      const event = (opened.result as { event: { id: string } }).event;
      assert.deepEqual(opened.result, {
        type: 'result',
        accepted: true,
        reason: 'accepted',
        event: { id: event.id, keyId: KEY_A, action: 'unlocked', created: '2026-11-30T07:00:00.000Z' },
      });

      clock = Date.parse('2026-11-30T17:30:00Z'); // 18:30 in Oslo
      assert.equal(reasonOf(await presentToLock({ port: lock.port! }, cred, a.keys)), 'outside_window');
      clock = MONDAY_0800_OSLO + 60_000;
      assert.equal(
        reasonOf(await presentToLock({ port: lock.port! }, cred, a.keys, () => recorded!)),
        'bad_nonce_signature',
      );
      const other = await device();
      assert.equal(reasonOf(await presentToLock({ port: lock.port! }, cred, other.keys)), 'wrong_device');

      const journal = journalRead(lock.journalFile);
      assert.deepEqual(
        journal.map((e) => [e.reason, e.keyId, e.appUserId, e.created]),
        [
          ['accepted', KEY_A, '+4799887766', '2026-11-30T07:00:00.000Z'],
          ['outside_window', KEY_A, '+4799887766', '2026-11-30T17:30:00.000Z'],
          ['bad_nonce_signature', KEY_A, '+4799887766', '2026-11-30T07:01:00.000Z'],
          ['wrong_device', KEY_A, '+4799887766', '2026-11-30T07:01:00.000Z'],
        ],
      );
      const upload = { events: journalEvents(journal) };
      assert.deepEqual(upload.events, [event]);
      const ajv = new Ajv({ strict: false });
      addFormatsModule.default(ajv);
      assert.ok(
        ajv.validate(EventsBody, upload),
        `the upload matches POST /v2/app/events: ${ajv.errorsText()}`,
      );
    } finally {
      await lock.stop();
    }
  });

  it('refuses a revoked phone once another credential showed it a newer list, and keeps that list across a restart', async () => {
    const clock = MONDAY_0800_OSLO;
    const dir = tempDir();
    let lock = await startOfflineLock({ dir, bundle, now: () => clock });
    try {
      const a = await device();
      const b = await device();
      const credA = await credential(KEY_A, a.thumbprint, { v: 1, keys: [] }, clock - 7_200_000);
      assert.equal(reasonOf(await presentToLock({ port: lock.port! }, credA, a.keys)), 'accepted');
      // The integrator revokes A's key; B fetches a credential carrying the new list.
      const credB = await credential(KEY_B, b.thumbprint, { v: 2, keys: [KEY_A] }, clock - 3_600_000);
      assert.equal(reasonOf(await presentToLock({ port: lock.port! }, credB, b.keys)), 'accepted');
      assert.deepEqual(lock.state().revocation, { v: 2, keys: [KEY_A] });
      assert.equal(reasonOf(await presentToLock({ port: lock.port! }, credA, a.keys)), 'revoked');
      await lock.stop();
      lock = await startOfflineLock({ dir, now: () => clock }); // no bundle: what it stored
      assert.deepEqual(lock.state().revocation, { v: 2, keys: [KEY_A] });
      assert.equal(reasonOf(await presentToLock({ port: lock.port! }, credA, a.keys)), 'revoked');
      assert.equal(reasonOf(await presentToLock({ port: lock.port! }, credB, b.keys)), 'accepted');
    } finally {
      await lock.stop();
    }
  });

  it('answers what is not a presentation with an error, and hangs up on a silent phone', async () => {
    const lock = await startOfflineLock({ dir: tempDir(), bundle, answerTimeoutMs: 200 });
    try {
      const [challenge, notJson] = await exchange(lock.port!, 'hello\n');
      assert.equal(challenge!.type, 'challenge');
      assert.deepEqual(notJson, { type: 'error', error: 'the answer is not JSON' });
      assert.deepEqual((await exchange(lock.port!, '{"type":"hello"}\n'))[1], {
        type: 'error',
        error: 'expected {"type":"presentation","credential",...}',
      });
      assert.deepEqual((await exchange(lock.port!, 'x'.repeat(20_000)))[1], {
        type: 'error',
        error: 'a line has at most 16384 bytes',
      });
      assert.deepEqual((await exchange(lock.port!, undefined))[1], {
        type: 'error',
        error: 'no answer within 200 ms',
      });
      // A presentation whose fields are not base64url is judged by the verifier: malformed.
      const garbled = await exchange(
        lock.port!,
        '{"type":"presentation","credential":"a.b.c","devicePublicKey":"!","signature":"?"}\n',
      );
      assert.deepEqual(garbled[1], { type: 'result', accepted: false, reason: 'malformed' });
    } finally {
      await lock.stop();
    }
  });

  it('refuses to start on a bundle it cannot use, or unprovisioned', async () => {
    await assert.rejects(
      startOfflineLock({ dir: tempDir() }),
      /not provisioned: no .*state\.json; give --provisioning/,
    );
    await assert.rejects(
      startOfflineLock({ dir: tempDir(), bundle: { ...bundle, utcOffsets: undefined } }),
      /the provisioning bundle is not usable: utcOffsets must be/,
    );
  });

  it('runs as `npx latchkey virtual-lock --offline` (bin/latchkey.js), printing each journal entry', async () => {
    const dir = tempDir();
    const file = join(dir, 'bundle.json');
    writeFileSync(file, JSON.stringify(bundle));
    const child = spawn(
      process.execPath,
      [
        'bin/latchkey.js',
        'virtual-lock',
        '--offline',
        '--provisioning',
        file,
        '--dir',
        join(dir, 'lock'),
        '--clock',
        '2026-11-30T08:00:00+01:00',
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    const port = await new Promise<number>((resolve, reject) => {
      child.stderr.on('data', (d) => {
        stderr += d;
        const m = /listening on 127\.0\.0\.1:(\d+)/.exec(stderr);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', () => reject(new Error(stderr)));
    });
    try {
      assert.match(
        stderr,
        new RegExp(`lock ${LOCK} \\(Europe/Oslo\\), 1 issuer key\\(s\\), revocation list v1`),
      );
      assert.match(stderr, /its clock reads 2026-11-30T07:0/);
      const a = await device();
      const cred = await credential(KEY_A, a.thumbprint, { v: 1, keys: [] }, MONDAY_0800_OSLO - 3_600_000);
      assert.equal(reasonOf(await presentToLock({ port }, cred, a.keys)), 'accepted');
      for (let i = 0; i < 100 && !stdout.includes('\n'); i++) await new Promise((r) => setTimeout(r, 20));
      assert.equal(JSON.parse(stdout.trim()).keyId, KEY_A);
      assert.deepEqual(
        JSON.parse(readFileSync(join(dir, 'lock', 'journal.jsonl'), 'utf8')),
        JSON.parse(stdout.trim()),
      );
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal(await new Promise((resolve) => child.once('exit', resolve)), 0);
  });

  // Never run `virtual-lock` without --offline here: that starts a Matter lock, whose mDNS must not
  // leave a test's network namespace. --help starts nothing.
  it('`latchkey virtual-lock --help` tells the Matter lock from the offline one', () => {
    const r = spawnSync(process.execPath, ['bin/latchkey.js', 'virtual-lock', '--help'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /virtual Matter door lock/);
    assert.match(r.stdout, /virtual-lock --offline/);
  });
});
