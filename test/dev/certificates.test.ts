// test-runner: store-independent
// The development CA vouches for loopback names only and is short-lived: a certificate it signs for
// localhost, 127.0.0.1 or ::1 is trusted by Node's TLS client given only the CA; one it signs for
// any other name or address is refused (RFC 5280 name constraints), so a copy of its key in the
// data directory cannot impersonate another host. A CA made by an older version (10 years, no
// constraint) is replaced. Servers listen on loopback only.
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { checkServerIdentity, connect, createServer } from 'node:tls';
import {
  DEV_CA_DAYS,
  DEV_SERVER_CERT_DAYS,
  devCa,
  issueServerCertificate,
} from '../../src/dev/certificates.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-ca-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

const DAY = 86_400_000;

/**
 * A TLS handshake on loopback with a certificate the CA signed for `names`, the client trusting
 * only the CA and asking for `servername` (the address itself when it is one): the verification
 * error, or undefined when the chain and the name were accepted.
 */
async function handshake(names: string[], host: string, servername: string): Promise<string | undefined> {
  const ca = devCa(dataDir);
  const { cert, key } = issueServerCertificate(ca, names);
  const server = createServer({ cert, key }, (s) => s.end());
  await new Promise<void>((r) => server.listen(0, host, r));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<string | undefined>((resolve) => {
      const socket = connect({
        host,
        port,
        ca: ca.cert,
        ...(isIP(servername) ? {} : { servername }),
        // The name check as Node does it, against the name asked for (not the address dialled).
        checkServerIdentity: (_h, c) => checkServerIdentity(servername, c),
      });
      socket.once('secureConnect', () => {
        socket.end();
        resolve(undefined);
      });
      socket.once('error', (e: NodeJS.ErrnoException) => resolve(`${e.code}: ${e.message}`));
    });
  } finally {
    await new Promise((r) => server.close(r));
  }
}

describe('the development CA', () => {
  it('is valid for days, not years, and so are the certificates it signs', () => {
    const ca = new X509Certificate(devCa(dataDir).cert);
    const caDays = (Date.parse(ca.validTo) - Date.now()) / DAY;
    assert.ok(caDays <= DEV_CA_DAYS && caDays > DEV_CA_DAYS - 1, `CA valid ${caDays} more days`);
    assert.ok(DEV_CA_DAYS <= 90);
    const leaf = new X509Certificate(issueServerCertificate(devCa(dataDir), ['localhost']).cert);
    const leafDays = (Date.parse(leaf.validTo) - Date.now()) / DAY;
    assert.ok(leafDays <= DEV_SERVER_CERT_DAYS && leafDays > DEV_SERVER_CERT_DAYS - 1, `${leafDays}`);
    assert.ok(Date.parse(leaf.validTo) <= Date.parse(ca.validTo));
  });

  it('signs certificates that are trusted for localhost, 127.0.0.1 and ::1', async () => {
    const names = ['localhost', '127.0.0.1', '::1'];
    assert.equal(await handshake(names, '127.0.0.1', 'localhost'), undefined);
    assert.equal(await handshake(names, '127.0.0.1', '127.0.0.1'), undefined);
    assert.equal(await handshake(names, '::1', '::1'), undefined);
  });

  it('cannot vouch for any other name or address: the chain is refused', async () => {
    for (const names of [
      ['latchkey.example.com'],
      ['localhost', 'bank.example'],
      ['localhost', '10.0.0.1'],
    ]) {
      const error = await handshake(names, '127.0.0.1', names[0]!);
      assert.match(String(error), /permitted subtree violation/, `${names.join(',')}: ${error}`);
    }
  });

  it('replaces a CA made without the constraint (by an older version)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-old-ca-'));
    try {
      mkdirSync(join(dir, 'dev'), { recursive: true });
      // A CA certificate without name constraints (the tests' own fixture CA).
      const old = join(import.meta.dirname, '..', 'fixtures', 'tls', 'ca.crt');
      copyFileSync(old, join(dir, 'dev', 'ca.crt'));
      copyFileSync(
        join(import.meta.dirname, '..', 'fixtures', 'tls', 'receiver.key'),
        join(dir, 'dev', 'ca.key'),
      );
      const ca = devCa(dir);
      assert.equal(ca.created, true);
      assert.notEqual(ca.cert, readFileSync(old, 'utf8'));
      assert.equal(devCa(dir).created, false, 'the new one is kept');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
