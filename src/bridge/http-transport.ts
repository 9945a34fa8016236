// `latchkey bridge`'s side of the channel: HTTPS requests OUT to the service, with the bridge token.
// A long poll (the service holds the request until a command is queued for this bridge) rather
// than a WebSocket or a server-sent-events stream: each command travels in an ordinary answer, so
// it passes every proxy and load balancer that passes the API, needs no extra dependency, and the
// service's processes stay stateless (whichever process holds the poll claims the command from the
// store). A queued command reaches a waiting bridge as fast as a NOTIFY and one answer.
import type { BridgeTransport } from './agent.ts';
import type { PollAnswer, ReportAnswer } from './protocol.ts';

export class TransportError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export function httpTransport(baseUrl: string, token: string): BridgeTransport {
  const base = baseUrl.replace(/\/$/, '');
  const call = async <T>(
    method: string,
    path: string,
    body: unknown,
    signal?: AbortSignal,
    timeoutMs = 15_000,
  ) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const r = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const text = await r.text();
    if (!r.ok) {
      let detail = text;
      try {
        detail = (JSON.parse(text) as { detail?: string }).detail ?? text;
      } catch {
        // not JSON
      }
      throw new TransportError(`${method} ${path}: ${r.status} ${detail}`, r.status);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    poll: (req, signal) => call<PollAnswer>('POST', '/v2/bridge/poll', req, signal, req.waitMs + 15_000),
    report: (body) => call<ReportAnswer>('POST', '/v2/bridge/report', body),
    async loadState() {
      const a = await call<{ state: string | null }>('GET', '/v2/bridge/state', undefined);
      return a.state ?? undefined;
    },
    async saveState(instanceId, state) {
      await call('PUT', '/v2/bridge/state', { instanceId, state });
    },
  };
}
