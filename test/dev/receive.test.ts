// test-runner: store-independent
// `latchkey receive`'s pieces: the development CA and the certificates it signs (trusted by a client
// given only the CA, for localhost, 127.0.0.1 and ::1), and the receiver's signature check against an
// independent Standard Webhooks implementation (the `standardwebhooks` package).
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { devCa } from '../../src/dev/certificates.ts';
import { startReceiver, verifySignature } from '../../src/dev/receive.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-receive-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

function post(o: {
  host: string;
  port: number;
  ca: string;
  headers: Record<string, string>;
  body: string;
}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: o.host, port: o.port, method: 'POST', path: '/latchkey', ca: o.ca, headers: o.headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}

function signed(secret: string, body: string, id = randomUUID()): Record<string, string> {
  const at = new Date();
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

describe('latchkey receive', () => {
  it('keeps one development CA per data directory, its key readable by the owner only', () => {
    const a = devCa(dataDir);
    const b = devCa(dataDir);
    assert.equal(a.cert, b.cert);
    assert.equal(statSync(join(dataDir, 'dev', 'ca.key')).mode & 0o077, 0);
  });

  it('serves HTTPS trusted through the CA alone, and verifies Standard Webhooks signatures', async () => {
    const lines: string[] = [];
    const rx = await startReceiver({
      port: 0,
      dataDir,
      secrets: [SECRET],
      count: 2,
      write: (l) => lines.push(l),
    });
    const ca = devCa(dataDir).cert;
    const body = JSON.stringify({
      id: randomUUID(),
      action: 'unlocked',
      lockName: 'Front door',
      userName: 'Ada',
    });

    // Signed with the webhook's secret: 204 and "signature verified", over IPv4 and by name.
    assert.equal(
      await post({ host: '127.0.0.1', port: rx.port, ca, headers: signed(SECRET, body), body }),
      204,
    );
    assert.match(lines.at(-2)!, /unlocked "Front door" by Ada .*; signature verified$/);
    // Another secret, or a body changed on the way: 401, and the line says why.
    const other = `whsec_${randomBytes(32).toString('base64')}`;
    assert.equal(
      await post({ host: 'localhost', port: rx.port, ca, headers: signed(other, body), body }),
      401,
    );
    assert.match(lines.at(-2)!, /SIGNATURE NOT VERIFIED: no v1 signature matches/);
    assert.equal(
      await post({ host: 'localhost', port: rx.port, ca, headers: signed(SECRET, body), body: `${body} ` }),
      401,
    );

    // --count 2: it stops after the second verified delivery.
    assert.equal(
      await post({ host: 'localhost', port: rx.port, ca, headers: signed(SECRET, body), body }),
      204,
    );
    await rx.stopped;
    await assert.rejects(post({ host: '127.0.0.1', port: rx.port, ca, headers: signed(SECRET, body), body }));
  });

  it('refuses stale timestamps and missing headers', () => {
    const body = Buffer.from('{}');
    const h = signed(SECRET, '{}');
    assert.equal(verifySignature([SECRET], h, body), 'verified');
    assert.deepEqual(verifySignature([], h, body), 'unchecked');
    const late = verifySignature([SECRET], h, body, Number(h['webhook-timestamp']) + 301);
    assert.match((late as { failed: string }).failed, /more than 5 minutes/);
    const { 'webhook-signature': _, ...unsigned } = h;
    assert.match((verifySignature([SECRET], unsigned, body) as { failed: string }).failed, /missing/);
  });
});
