// Limits of the HTTP server: the request body (the API, JSON and form bodies alike), and the
// request timeout shared by the API and `latchkey worker`'s monitoring port.
import type { ServerOptions } from 'node:http';

/** The largest request body read, JSON or form (413 beyond), unless an operation sets its own. */
export const BODY_LIMIT = 1024 * 1024;
/**
 * The batch operations' limit: 10,000 keys with an end date and a weekly window are ~2.3 MB of
 * JSON. Parsing 4 MiB holds ~40 MB for a moment, so it is kept to those operations.
 */
export const BATCH_BODY_LIMIT = 4 * 1024 * 1024;

/** A body limit in words, for error messages ("1 MiB"). */
export function bodyLimitWords(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
}

/**
 * A request whose headers and body have not all arrived within `ms` is answered 408 and its
 * connection closed (Node's `requestTimeout`), so a client trickling a body byte by byte cannot
 * hold a connection and its parser open indefinitely. Node checks for overdue requests every
 * `connectionsCheckingInterval` (30 s by default, which would let a 30 s limit run to a minute):
 * here at least every second. The limit is given to Node when the server is created: set only
 * afterwards, as Fastify does with its own option, it did not cut a trickled body off on Node 20.
 * 0 turns the limit off.
 */
export function requestTimeoutOptions(ms: number): { requestTimeout: number; http?: ServerOptions } {
  if (ms === 0) return { requestTimeout: 0 };
  return {
    requestTimeout: ms,
    http: { requestTimeout: ms, connectionsCheckingInterval: Math.min(1000, ms) },
  };
}
