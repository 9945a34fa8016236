// `latchkey dev-cert`: a certificate for your own webhook receiver during development, signed by the
// development CA that `npm run dev` makes the server trust (the same as `latchkey receive` uses), so
// that a receiver you write serves https://localhost:PORT/ with no certificate tool.

import { X509Certificate } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { devCa, devDir, issueServerCertificate } from './certificates.ts';

export interface ReceiverCertificateFiles {
  /** PEM: the receiver's certificate, then the CA's (the chain a TLS server sends). */
  cert: string;
  /** PEM: the receiver's private key (mode 0600). */
  key: string;
  /** PEM: the development CA the server trusts. */
  ca: string;
  /** When the receiver certificate ends (ISO 8601). */
  validUntil: string;
}

/** Writes receiver.crt and receiver.key for localhost, 127.0.0.1 and ::1 into `outDir` (default: the data directory's dev/). */
export function writeReceiverCertificate(dataDir: string, outDir?: string): ReceiverCertificateFiles {
  const ca = devCa(dataDir);
  const dir = outDir ? resolve(outDir) : devDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const { cert, key } = issueServerCertificate(ca, ['localhost', '127.0.0.1', '::1']);
  const certFile = join(dir, 'receiver.crt');
  const keyFile = join(dir, 'receiver.key');
  writeFileSync(keyFile, key, { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  writeFileSync(certFile, cert, { mode: 0o644 });
  const validUntil = new Date(new X509Certificate(cert).validTo).toISOString();
  return { cert: certFile, key: keyFile, ca: ca.certFile, validUntil };
}
