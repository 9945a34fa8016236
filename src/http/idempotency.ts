// Idempotency-Key on the POSTs that create (Stripe's convention). The first request with a key
// reserves (owner, key) in the store; its answer (status, body, Location) is kept for 24 hours.
// The same key from the same caller with the same request replays that answer with
// `Idempotent-Replayed: true`; with another request it is 422; while the first is still running it
// is 409. Kept in the store, not in memory, so it holds across API processes. A 5xx answer is not
// kept (the key is released so the client may retry). A reservation left without an answer for
// longer than IDEMPOTENCY_LEASE_MS (its request died with its process) is taken over by a retry of
// the same request. Without the header nothing changes.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.ts';
import { invalidParam, problem } from './errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/**
 * How long a reservation without an answer holds off retries (409). Longer than any create runs:
 * each statement of a transaction is cut at 15 s and a create is one transaction. A reservation
 * older than this was left by a request that died with its process (an answer that was never
 * stored); a retry with the same request takes it over instead of waiting 24 hours.
 */
export const IDEMPOTENCY_LEASE_MS = 60_000;

/** Answer headers kept and replayed with the body. */
const KEPT_HEADERS = ['location', 'content-type'] as const;

interface Reservation {
  owner: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: Reservation;
  }
}

/** The request as the key binds it: operation, path and body (canonical JSON of the parsed body). */
function fingerprint(operationId: string, request: FastifyRequest): string {
  return createHash('sha256')
    .update(operationId)
    .update('\0')
    .update(request.url.split('?')[0]!)
    .update('\0')
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url');
}

/** The key of the request, or undefined; 400 when it is not 1..255 printable ASCII characters. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const v = request.headers[IDEMPOTENCY_HEADER];
  if (v === undefined) return undefined;
  const key = Array.isArray(v) ? v.join(',') : v;
  if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !/^[\x20-\x7e]+$/.test(key))
    throw invalidParam('Idempotency-Key', 'must be 1 to 255 printable ASCII characters');
  return key;
}

interface KeptRow {
  request_hash: string;
  status: number | null;
  body: string | null;
  headers: Record<string, string> | null;
}

/**
 * Before the handler: reserve the key, or answer from what it holds. Returns true when the reply
 * was sent here (a replay).
 */
export async function idempotencyBegin(
  db: Db,
  operationId: string,
  owner: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return false;
  const hash = fingerprint(operationId, request);
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await db.query(
      `INSERT INTO idempotency_keys (owner, key, request_hash) VALUES ($1, $2, $3)
       ON CONFLICT (owner, key) DO NOTHING`,
      [owner, key, hash],
    );
    if (inserted.rowCount === 1) {
      request.idempotency = { owner, key };
      return false;
    }
    const { rows } = await db.query<KeptRow & { expired: boolean; abandoned: boolean }>(
      `SELECT request_hash, status, body, headers, created < now() - $3 * interval '1 millisecond' AS expired,
              status IS NULL AND created < now() - $4 * interval '1 millisecond' AS abandoned
         FROM idempotency_keys WHERE owner = $1 AND key = $2`,
      [owner, key, IDEMPOTENCY_TTL_MS, IDEMPOTENCY_LEASE_MS],
    );
    const kept = rows[0];
    if (!kept || kept.expired) {
      // Gone meanwhile, or past its 24 hours and not yet deleted by the cleanup job: start afresh.
      await db.query(
        `DELETE FROM idempotency_keys WHERE owner = $1 AND key = $2
            AND created < now() - $3 * interval '1 millisecond'`,
        [owner, key, IDEMPOTENCY_TTL_MS],
      );
      continue;
    }
    if (kept.abandoned && kept.request_hash === hash) {
      // Take the abandoned reservation over; only one retry can (the row must still be abandoned).
      const taken = await db.query(
        `UPDATE idempotency_keys SET created = now()
          WHERE owner = $1 AND key = $2 AND status IS NULL AND created < now() - $3 * interval '1 millisecond'`,
        [owner, key, IDEMPOTENCY_LEASE_MS],
      );
      if (taken.rowCount === 1) {
        request.idempotency = { owner, key };
        return false;
      }
      continue;
    }
    if (kept.request_hash !== hash && (kept.status !== null || kept.abandoned))
      throw problem(
        'idempotency-key-reused',
        'This Idempotency-Key was used with another request (another body or path) in the last 24 hours; use a new key for a new request',
      );
    if (kept.status === null)
      throw problem(
        'idempotency-key-in-use',
        'The first request with this Idempotency-Key is still being processed; retry shortly',
        { headers: { 'retry-after': '1' } },
      );
    reply.code(kept.status).headers({ ...(kept.headers ?? {}), [REPLAYED_HEADER]: 'true' });
    await reply.send(kept.body ?? '');
    return true;
  }
  throw problem('idempotency-key-in-use', 'The Idempotency-Key changed hands meanwhile; retry shortly', {
    headers: { 'retry-after': '1' },
  });
}

/** After the answer is serialized: keep it, or release the key on a 5xx. */
export async function idempotencyEnd(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<void> {
  const r = request.idempotency;
  if (!r) return;
  request.idempotency = undefined;
  if (reply.statusCode >= 500 || typeof payload !== 'string') {
    await db.query('DELETE FROM idempotency_keys WHERE owner = $1 AND key = $2', [r.owner, r.key]);
    return;
  }
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const v = reply.getHeader(name);
    if (typeof v === 'string') headers[name] = v;
  }
  await db.query(
    'UPDATE idempotency_keys SET status = $3, body = $4, headers = $5 WHERE owner = $1 AND key = $2',
    [r.owner, r.key, reply.statusCode, payload, JSON.stringify(headers)],
  );
}

/** Deletes keys older than 24 hours; returns how many. */
export async function idempotencyKeysExpire(db: Db): Promise<number> {
  const r = await db.query(
    `DELETE FROM idempotency_keys WHERE created < now() - $1 * interval '1 millisecond'`,
    [IDEMPOTENCY_TTL_MS],
  );
  return r.rowCount;
}
