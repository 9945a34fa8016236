// One HTTP POST of a delivery, on a shared keep-alive undici Agent whose connector checks the
// address actually dialled against the address policy: a name re-resolving to an internal address
// after registration (DNS rebinding) is refused before any byte is sent. Redirects are never
// followed (undici.request does not follow them; a 3xx is a failure) and at most 64 KiB of the
// response body is read, then the rest is discarded.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { Agent, buildConnector, request } from 'undici';
import { type Cidr, isBlockedAddress } from './address-policy.ts';

export const RESPONSE_BODY_CAP = 64 * 1024;
export const BLOCKED_CODE = 'ERR_LATCHKEY_BLOCKED_ADDRESS';

export class BlockedAddressError extends Error {
  readonly code = BLOCKED_CODE;
  constructor(readonly address: string) {
    // The message is shown to the integrator in the delivery history: it never names the address.
    super("the receiver's address is blocked by the webhook address policy");
  }
}

export interface AgentOptions {
  allowed: readonly Cidr[];
  timeoutMs: number;
  /** Extra trusted CA certificates (tests). Production trusts the system store + NODE_EXTRA_CA_CERTS. */
  ca?: string | Buffer;
  /** Connections per origin (default 16; 0: no limit, the caller bounds how many requests it makes). */
  connectionsPerOrigin?: number;
}

/** A lookup that only ever hands allowed addresses to the socket. */
function policyLookup(allowed: readonly Cidr[]): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      const ok = list.filter((a) => !isBlockedAddress(a.address, allowed));
      if (ok.length === 0) {
        return callback(new BlockedAddressError(list[0]?.address ?? hostname), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, ok);
      callback(null, ok[0]!.address, ok[0]!.family);
    });
  };
}

export function createDeliveryAgent(o: AgentOptions): Agent {
  const base = buildConnector({
    timeout: o.timeoutMs,
    lookup: policyLookup(o.allowed),
    ...(o.ca ? { ca: o.ca } : {}),
  } as buildConnector.BuildOptions);
  const connect: buildConnector.connector = (opts, callback) => {
    // An IP literal never goes through `lookup`: check it here.
    if (isIP(opts.hostname) && isBlockedAddress(opts.hostname, o.allowed)) {
      callback(new BlockedAddressError(opts.hostname), null);
      return;
    }
    base(opts, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error('no socket'), null);
      // Belt and braces: the peer we are connected to must itself be allowed.
      const peer = (socket as Socket).remoteAddress;
      if (!peer || isBlockedAddress(peer, o.allowed)) {
        socket.destroy();
        return callback(new BlockedAddressError(peer ?? 'unknown'), null);
      }
      callback(null, socket);
    });
  };
  return new Agent({
    connect,
    connections: o.connectionsPerOrigin ?? 16,
    keepAliveTimeout: 30_000,
    headersTimeout: o.timeoutMs,
    bodyTimeout: o.timeoutMs,
  });
}

export interface SendInput {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

export interface SendResult {
  status?: number;
  /** Short, credential-free description of a transport failure or non-2xx answer. */
  error?: string;
  retryAfter?: string;
  durationMs: number;
}

export async function deliverySend(agent: Agent, input: SendInput): Promise<SendResult> {
  const started = performance.now();
  const signal = AbortSignal.timeout(input.timeoutMs);
  try {
    const res = await request(input.url, {
      method: 'POST',
      dispatcher: agent,
      headers: input.headers,
      body: input.body,
      signal,
      // keep the default: no redirect following
    });
    await res.body.dump({ limit: RESPONSE_BODY_CAP }).catch(() => {});
    const durationMs = Math.round(performance.now() - started);
    const status = res.statusCode;
    const ra = res.headers['retry-after'];
    const result: SendResult = { status, durationMs };
    if (status >= 300) result.error = status < 400 ? `redirect (${status}) not followed` : `HTTP ${status}`;
    if (ra !== undefined) result.retryAfter = Array.isArray(ra) ? ra[0] : ra;
    return result;
  } catch (e) {
    return { error: describeError(e, signal), durationMs: Math.round(performance.now() - started) };
  }
}

function describeError(e: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'timeout';
  const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const inner = err.cause?.code ? err.cause : err;
  if (inner.code === BLOCKED_CODE) return inner.message ?? 'address blocked';
  // Messages of transport errors never include the URL's credentials (they are not in the URL).
  return [inner.code, inner.message].filter(Boolean).join(': ').slice(0, 300) || 'request failed';
}
