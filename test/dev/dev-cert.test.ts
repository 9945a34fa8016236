// `latchkey dev-cert`: a receiver certificate signed by the development CA, written where asked, that
// a TLS client trusting only that CA (what `npm run dev` makes the server do) accepts for localhost
// and 127.0.0.1, and that a client without the CA refuses.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-dev-cert-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

function get(host: string, port: number, ca?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host, port, path: '/', servername: host === 'localhost' ? host : undefined, ca },
      (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.statusCode)));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('latchkey dev-cert', () => {
  it('writes receiver.crt and receiver.key (0600) signed by the development CA; a client trusting the CA accepts it', async () => {
    const out = join(dataDir, 'certs');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'dev-cert', '--out', out], {
      encoding: 'utf8',
      env: { ...process.env, LATCHKEY_DATA_DIR: dataDir, LATCHKEY_LOG_LEVEL: 'silent' },
    });
    assert.equal(r.status, 0, r.stderr);
    const files = JSON.parse(r.stdout) as { cert: string; key: string; ca: string; validUntil: string };
    assert.equal(files.cert, join(out, 'receiver.crt'));
    assert.equal(files.key, join(out, 'receiver.key'));
    assert.equal(files.ca, join(dataDir, 'dev', 'ca.crt'));
    assert.equal(statSync(files.key).mode & 0o777, 0o600);
    const days = (Date.parse(files.validUntil) - Date.now()) / 86_400_000;
    assert.ok(days > 29 && days <= 30, `valid ${days} days`);

    const server = createServer(
      { cert: readFileSync(files.cert), key: readFileSync(files.key) },
      (_req, res) => res.writeHead(204).end(),
    );
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const { port } = server.address() as { port: number };
    try {
      const ca = readFileSync(files.ca, 'utf8');
      assert.equal(await get('localhost', port, ca), '204');
      assert.equal(await get('127.0.0.1', port, ca), '204');
      await assert.rejects(get('localhost', port), /self[- ]signed|unable to (get|verify)/i);
    } finally {
      server.close();
    }
  });
});
