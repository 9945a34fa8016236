// One HTTP POST of a delivery, on a shared keep-alive undici Agent whose connector checks the
// address actually dialled against the address policy: a name re-resolving to an internal address
// after registration (DNS rebinding) is refused before any byte is sent. Redirects are never
// followed (the dispatcher does not follow them; a 3xx is a failure) and at most 64 KiB of the
// response body is read: past that the connection is dropped.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { createSecureContext } from 'node:tls';
import { Agent, buildConnector } from 'undici';
import { memoized } from '../memo.ts';
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
    // One TLS context for every connection the agent opens: without it each new connection builds
    // its own (the trusted roots loaded into a new store), ~300 of the ~1,500 µs of CPU a new TLS
    // connection cost the sender in the receivers bench (docs/performance.md, "Real-world
    // receivers"). Same trust as before: the system store and NODE_EXTRA_CA_CERTS, or `ca` alone.
    secureContext: createSecureContext(o.ca ? { ca: o.ca } : {}),
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

/**
 * An agent made on first use and closed with its owner: the test deliveries of a process (most
 * processes send none). They use an agent of their own, since the worker may run in another
 * process, built the same way: the address policy is checked on the address actually dialled.
 */
export class LazyDeliveryAgent {
  private agent: Agent | undefined;

  constructor(private readonly o: AgentOptions) {}

  get(): Agent {
    this.agent ??= createDeliveryAgent(this.o);
    return this.agent;
  }

  async close(): Promise<void> {
    const a = this.agent;
    this.agent = undefined;
    await a?.close();
  }
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

/** Why a request was cut off: past its deadline, or answering more than RESPONSE_BODY_CAP. */
class Cutoff extends Error {}

/** Origin and path of each webhook URL sent to lately (a URL is parsed once, not per attempt). */
const targetOf = memoized(10_000, (url): { origin: string; path: string } => {
  const u = new URL(url);
  return { origin: u.origin, path: `${u.pathname}${u.search}` };
});

/**
 * One POST on the agent's dispatcher API, the answer read as it streams past (status, Retry-After,
 * at most RESPONSE_BODY_CAP bytes counted and dropped). The deadline is one timer that aborts the
 * request: undici.request with AbortSignal.timeout() costs a signal, a weakly held timer and event
 * listeners per delivery, and request()'s readable body stream more (docs/performance.md).
 */
export function deliverySend(agent: Agent, input: SendInput): Promise<SendResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    let status: number | undefined;
    let retryAfter: string | undefined;
    let received = 0;
    let controller: { abort(reason: Error): void } | undefined;
    let timedOut = false;
    const finish = (r: { status?: number; error?: string }) => {
      if (!timer) return;
      clearTimeout(timer);
      timer = undefined;
      const result: SendResult = {
        status: r.status,
        error: r.error,
        durationMs: Math.round(performance.now() - started),
      };
      if (r.status !== undefined && r.status >= 300)
        result.error = r.status < 400 ? `redirect (${r.status}) not followed` : `HTTP ${r.status}`;
      if (retryAfter !== undefined) result.retryAfter = retryAfter;
      resolve(result);
    };
    let timer: NodeJS.Timeout | undefined = setTimeout(() => {
      timedOut = true;
      controller?.abort(new Cutoff('timeout'));
      // Answered in time but still sending its body: the answer is its status.
      finish(status !== undefined ? { status } : { error: 'timeout' });
    }, input.timeoutMs);
    let target: { origin: string; path: string };
    try {
      target = targetOf(input.url);
    } catch (e) {
      finish({ error: describeError(e, false) });
      return;
    }
    agent.dispatch(
      { origin: target.origin, path: target.path, method: 'POST', headers: input.headers, body: input.body },
      {
        onRequestStart(c) {
          controller = c;
          if (timedOut) c.abort(new Cutoff('timeout'));
        },
        onResponseStart(_c, statusCode, headers) {
          status = statusCode;
          const ra = headers['retry-after'];
          if (ra !== undefined) retryAfter = Array.isArray(ra) ? ra[0] : ra;
        },
        onResponseData(c, chunk) {
          received += chunk.length;
          // Enough read: the status decides; the rest is not worth the connection.
          if (received > RESPONSE_BODY_CAP) {
            c.abort(new Cutoff('response body over the cap'));
            finish({ status });
          }
        },
        onResponseEnd() {
          finish({ status });
        },
        onResponseError(_c, err) {
          // After the answer's status, a body cut short still counts as that answer.
          finish(status !== undefined ? { status } : { error: describeError(err, timedOut) });
        },
      },
    );
  });
}

/**
 * Transport failures in words, as the integrator reads them in the delivery history and in a test
 * delivery's answer. Node's own messages name the address dialled (`connect ECONNREFUSED
 * 127.0.0.1:9`): the address a name resolved to is not the integrator's to learn (it would map
 * internal DNS), so the common failures are said in words and any other message loses its
 * addresses.
 */
const TRANSPORT_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the receiver',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connect timeout',
  UND_ERR_CONNECT_TIMEOUT: 'connect timeout',
  ENOTFOUND: 'host name cannot be resolved',
  EAI_AGAIN: 'host name cannot be resolved (temporary DNS failure)',
  UND_ERR_SOCKET: 'connection closed by the receiver',
  EPIPE: 'connection closed by the receiver',
};

/** IPv4 and IPv6 addresses (with a port, brackets, a zone) in an error message. */
const ADDRESS =
  /\b(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?\b|\[?(?:[0-9a-f]{0,4}:){2,7}[0-9a-f.]*(?:%\w+)?\]?(?::\d+)?/gi;

function describeError(e: unknown, timedOut: boolean): string {
  if (timedOut) return 'timeout';
  const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const inner = err.cause?.code ? err.cause : err;
  if (inner.code === BLOCKED_CODE) return inner.message ?? 'address blocked';
  const words = inner.code === undefined ? undefined : TRANSPORT_ERRORS[inner.code];
  if (words) return `${words} (${inner.code})`;
  // Messages of transport errors never include the URL's credentials (they are not in the URL).
  const message = inner.message?.replace(ADDRESS, '(address)');
  return [inner.code, message].filter(Boolean).join(': ').slice(0, 300) || 'request failed';
}
