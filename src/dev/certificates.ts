// A development certificate authority and the receiver certificates it signs, built with node:crypto
// alone (no openssl needed): ECDSA P-256 keys, X.509 v3 (RFC 5280) DER written by hand. Only for
// `latchkey dev` and `latchkey receive` on a laptop: the CA's key sits in the data directory. Whoever
// copies that key must not be able to impersonate anything else to a process that trusts the CA:
// the CA is name-constrained (RFC 5280 4.2.1.10) to localhost, 127.0.0.1 and ::1, and short-lived
// (DEV_CA_DAYS; a new one is made when it nears its end, or when an older one lacks the constraint).
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  X509Certificate,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { DAY_MS } from '../time/durations.ts';

// --- DER (ITU-T X.690), just what a certificate needs -------------------------------------------

function tlv(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const n = body.length;
  const len =
    n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, body]);
}
const seq = (...p: Buffer[]) => tlv(0x30, ...p);
const set = (...p: Buffer[]) => tlv(0x31, ...p);
const octets = (b: Buffer) => tlv(0x04, b);
const bits = (b: Buffer) => tlv(0x03, Buffer.from([0]), b);
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
const bool = (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0]));
const explicit = (n: number, ...p: Buffer[]) => tlv(0xa0 + n, ...p);

function integer(b: Buffer): Buffer {
  let i = 0;
  while (i < b.length - 1 && b[i] === 0) i++;
  const v = b.subarray(i);
  return tlv(0x02, v[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), v]) : v);
}

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [40 * a! + b!];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >>> 7; v > 0; v >>>= 7) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

function time(d: Date): Buffer {
  // UTCTime until 2049, GeneralizedTime after (RFC 5280 4.1.2.5).
  const iso = d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return d.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`))
    : tlv(0x18, Buffer.from(`${iso}Z`));
}

const name = (cn: string) => seq(set(seq(oid('2.5.4.3'), utf8(cn))));
const ext = (id: string, critical: boolean, value: Buffer) =>
  seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));
const ECDSA_SHA256 = seq(oid('1.2.840.10045.4.3.2'));

function keyId(publicKey: KeyObject): Buffer {
  return createHash('sha1')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest();
}

function certificate(o: {
  subject: string;
  issuer: string;
  publicKey: KeyObject;
  signer: KeyObject;
  issuerKeyId: Buffer;
  /** The end of validity. */
  until: Date;
  extensions: Buffer[];
}): string {
  const now = Date.now();
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  const tbs = seq(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    ECDSA_SHA256,
    name(o.issuer),
    seq(time(new Date(now - 3600_000)), time(o.until)),
    name(o.subject),
    o.publicKey.export({ type: 'spki', format: 'der' }),
    explicit(
      3,
      seq(
        ...o.extensions,
        ext('2.5.29.14', false, octets(keyId(o.publicKey))),
        ext('2.5.29.35', false, seq(tlv(0x80, o.issuerKeyId))),
      ),
    ),
  );
  const der = seq(tbs, ECDSA_SHA256, bits(sign('sha256', tbs, o.signer)));
  const b64 = der.toString('base64').replace(/.{64}/g, '$&\n');
  return `-----BEGIN CERTIFICATE-----\n${b64.trimEnd()}\n-----END CERTIFICATE-----\n`;
}

// --- The development CA and receiver certificates ----------------------------------------------

export interface DevCa {
  /** PEM file of the CA certificate: what the server trusts (NODE_EXTRA_CA_CERTS). */
  certFile: string;
  cert: string;
  key: KeyObject;
}

/** The data directory's development files (admin token, CA, demo ids): `<LATCHKEY_DATA_DIR>/dev`. */
export function devDir(dataDir: string): string {
  const dir = join(dataDir, 'dev');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** How long a development CA is valid. */
export const DEV_CA_DAYS = 90;
/** A CA with less than this left is replaced (a receiver certificate never outlives its CA). */
const DEV_CA_RENEW_DAYS = 7;
/** How long a receiver certificate is valid (at most; never past the CA's end). */
export const DEV_SERVER_CERT_DAYS = 30;

const NAME_CONSTRAINTS_OID = '2.5.29.30';

/**
 * The only names a development CA may vouch for: the DNS name localhost (and names under it) and
 * the loopback addresses, each address with an all-ones mask (RFC 5280 4.2.1.10).
 */
function loopbackOnly(): Buffer {
  const subtree = (name: Buffer) => seq(name);
  return seq(
    tlv(
      0xa0, // permittedSubtrees
      subtree(tlv(0x82, Buffer.from('localhost', 'ascii'))),
      subtree(tlv(0x87, Buffer.from([127, 0, 0, 1, 255, 255, 255, 255]))),
      subtree(tlv(0x87, Buffer.concat([ipv6Bytes('::1'), Buffer.alloc(16, 0xff)]))),
    ),
  );
}

/** Whether a CA certificate on disk is one this code would make now: constrained, not near its end. */
function currentCa(pem: string): boolean {
  try {
    const x = new X509Certificate(pem);
    const constrained = x.raw.includes(oid(NAME_CONSTRAINTS_OID));
    return constrained && Date.parse(x.validTo) - Date.now() > DEV_CA_RENEW_DAYS * DAY_MS;
  } catch {
    return false;
  }
}

/**
 * Loads the development CA of the data directory, creating it on first use and again when the one
 * there is near its end or unconstrained (a server trusting the old one must then be restarted:
 * `npm run dev` reads it at start).
 */
export function devCa(dataDir: string): DevCa & { created: boolean } {
  const dir = devDir(dataDir);
  const certFile = join(dir, 'ca.crt');
  const keyFile = join(dir, 'ca.key');
  if (existsSync(certFile) && existsSync(keyFile)) {
    const cert = readFileSync(certFile, 'utf8');
    if (currentCa(cert))
      return { certFile, cert, key: createPrivateKey(readFileSync(keyFile)), created: false };
  }
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const subject = 'Latchkey development CA (this machine only)';
  const cert = certificate({
    subject,
    issuer: subject,
    publicKey,
    signer: privateKey,
    issuerKeyId: keyId(publicKey),
    until: new Date(Date.now() + DEV_CA_DAYS * DAY_MS),
    extensions: [
      ext('2.5.29.19', true, seq(bool(true), integer(Buffer.from([0])))), // CA, path length 0
      ext('2.5.29.15', true, tlv(0x03, Buffer.from([1, 0x06]))), // keyCertSign, cRLSign
      ext(NAME_CONSTRAINTS_OID, true, loopbackOnly()),
    ],
  });
  writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  writeFileSync(certFile, cert, { mode: 0o644 });
  return { certFile, cert, key: privateKey, created: true };
}

/**
 * A fresh server certificate signed by the CA for the given names and addresses (valid
 * DEV_SERVER_CERT_DAYS, never past the CA). Names outside the CA's constraints may be written, but
 * no client that checks the chain accepts them.
 */
export function issueServerCertificate(ca: DevCa, hosts: string[]): { cert: string; key: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const san = hosts.map((h) => {
    if (isIP(h) === 4) return tlv(0x87, Buffer.from(h.split('.').map(Number)));
    if (isIP(h) === 6) return tlv(0x87, ipv6Bytes(h));
    return tlv(0x82, Buffer.from(h, 'ascii'));
  });
  const cert = certificate({
    subject: hosts[0] ?? 'localhost',
    issuer: 'Latchkey development CA (this machine only)',
    publicKey,
    signer: ca.key,
    issuerKeyId: keyId(createPublicKey(ca.key)),
    until: new Date(
      Math.min(Date.now() + DEV_SERVER_CERT_DAYS * DAY_MS, Date.parse(new X509Certificate(ca.cert).validTo)),
    ),
    extensions: [
      ext('2.5.29.19', true, seq()), // not a CA
      ext('2.5.29.15', true, tlv(0x03, Buffer.from([7, 0x80]))), // digitalSignature
      ext('2.5.29.37', false, seq(oid('1.3.6.1.5.5.7.3.1'))), // serverAuth
      ext('2.5.29.17', false, seq(...san)),
    ],
  });
  return { cert: `${cert}${ca.cert}`, key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string };
}

function ipv6Bytes(address: string): Buffer {
  const [head = '', tail = ''] = address.split('::');
  const groups = (s: string) => (s ? s.split(':') : []);
  const h = groups(head);
  const t = groups(address.includes('::') ? tail : '');
  const middle = Array(8 - h.length - t.length).fill('0');
  return Buffer.from(
    [...h, ...middle, ...t].flatMap((g) => {
      const n = Number.parseInt(g, 16);
      return [n >> 8, n & 0xff];
    }),
  );
}
