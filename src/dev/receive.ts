// `latchkey receive`: an HTTPS webhook receiver for development, on loopback only. Its certificate
// is signed by the data directory's development CA, which `latchkey dev` makes the server trust, so
// a webhook at https://localhost:<port>/... works with no tunnel, openssl or other tool. It registers
// nothing: it prints each delivery and whether its Standard Webhooks signature verifies with the
// webhook's secret, and answers 204 when it does (401 when it does not, so the delivery shows it).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { devCa, issueServerCertificate } from './certificates.ts';

/** Signatures older or newer than this are refused (Standard Webhooks' replay window). */
const TOLERANCE_SECONDS = 5 * 60;
const MAX_BODY = 1024 * 1024;

export interface ReceiveOptions {
  port: number;
  dataDir: string;
  /** `whsec_...` secrets of the webhook (two during a rotation); none: signatures are not checked. */
  secrets: string[];
  /** Stop after this many deliveries whose signature verified (0: run until stopped). */
  count: number;
  write(line: string): void;
}

export type Verdict = 'verified' | 'unchecked' | { failed: string };

/** Checks Standard Webhooks headers against the secrets: `v1,<base64 HMAC-SHA256 of id.timestamp.body>`. */
export function verifySignature(
  secrets: string[],
  headers: IncomingMessage['headers'],
  body: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): Verdict {
  if (secrets.length === 0) return 'unchecked';
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string')
    return { failed: 'webhook-id, webhook-timestamp or webhook-signature header missing' };
  const ts = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - ts) > TOLERANCE_SECONDS)
    return { failed: `webhook-timestamp ${timestamp} is more than 5 minutes from this machine's clock` };
  const signed = Buffer.concat([Buffer.from(`${id}.${timestamp}.`), body]);
  const offered = signatures
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3), 'base64'));
  for (const secret of secrets) {
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const expected = createHmac('sha256', key).update(signed).digest();
    if (offered.some((o) => o.length === expected.length && timingSafeEqual(o, expected))) return 'verified';
  }
  return { failed: "no v1 signature matches the secret (is it this webhook's secret?)" };
}

function describe(body: Buffer): string {
  try {
    const e = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    if (typeof e.action === 'string' && typeof e.lockName === 'string')
      return `${e.action} "${e.lockName}" by ${e.userName || e.appUserId} at ${e.created}`;
  } catch {
    // not JSON: shown raw below
  }
  return `${body.length} bytes`;
}

/** Starts the receiver on 127.0.0.1 and ::1 (where available); resolves once it listens. */
export async function startReceiver(o: ReceiveOptions): Promise<{
  url: string;
  port: number;
  caFile: string;
  stopped: Promise<void>;
  stop(): Promise<void>;
}> {
  const ca = devCa(o.dataDir);
  const tls = issueServerCertificate(ca, ['localhost', '127.0.0.1', '::1']);
  let verified = 0;
  let resolveStopped!: () => void;
  const stopped = new Promise<void>((r) => {
    resolveStopped = r;
  });
  const servers: Server[] = [];
  const stop = async () => {
    await Promise.all(
      servers.map(
        (s) =>
          new Promise<void>((r) => {
            s.close(() => r());
            s.closeAllConnections();
          }),
      ),
    );
    resolveStopped();
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const verdict = verifySignature(o.secrets, req.headers, body);
      const auth = req.headers.authorization?.startsWith('Basic ')
        ? ` basic-auth user "${Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':')[0]}"`
        : '';
      const status =
        verdict === 'verified'
          ? 'signature verified'
          : verdict === 'unchecked'
            ? 'signature not checked (start with --secret whsec_...)'
            : `SIGNATURE NOT VERIFIED: ${verdict.failed}`;
      o.write(
        `${new Date().toISOString()} ${req.method} ${req.url} webhook-id ${req.headers['webhook-id'] ?? '-'}${auth}: ${describe(body)}; ${status}`,
      );
      o.write(`  ${body.toString('utf8')}`);
      res.statusCode = typeof verdict === 'object' ? 401 : 204;
      res.end();
      if (verdict === 'verified' && o.count > 0 && ++verified >= o.count) void stop();
    });
  };

  let port = o.port;
  for (const host of ['127.0.0.1', '::1']) {
    const server = createServer({ cert: tls.cert, key: tls.key }, handle);
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      servers.push(server);
      // --port 0: the IPv6 side takes the port the system gave the IPv4 side.
      port = (server.address() as { port: number }).port;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // No IPv6 loopback on this machine: IPv4 alone is enough.
      if (host === '::1' && (code === 'EADDRNOTAVAIL' || code === 'EAFNOSUPPORT')) continue;
      await stop();
      if (code === 'EADDRINUSE') throw new Error(`port ${port} is in use: choose another with --port`);
      throw e;
    }
  }
  return { url: `https://localhost:${port}/`, port, caFile: ca.certFile, stopped, stop };
}
