// Idempotency-Key on the POSTs that create (Stripe's convention). The first request with a key
// reserves (owner, key) in the store; its answer (status, body, Location) is kept for 24 hours.
// The same key from the same caller with the same request replays that answer with
// `Idempotent-Replayed: true`; with another request it is 422; while the first is still running it
// is 409. Kept in the store, not in memory, so it holds across API processes. A 5xx answer is not
// kept (the key is released so the client may retry). A reservation left without an answer for
// longer than IDEMPOTENCY_LEASE_MS (its request died with its process) is taken over by a retry of
// the same request. Without the header nothing changes.
//
// What is kept is sealed with the master key, every answer alike: the answers that create clients
// and webhooks carry their secrets, others carry phone numbers and names (in the body, and in a
// managed user's Location), and sealing all of them leaves no list of "answers with a secret" to
// keep up to date as operations are added. The sealed text is bound to its (owner, key): moved to
// another caller's row it does not open. The request's fingerprint is an HMAC under a key derived
// from the master key, not a bare hash: a body's secrets (a webhook URL's password) or phone
// number could otherwise be guessed from it offline. Rows written before sealing (plain answers,
// SHA-256 fingerprints) are still answered during their last 24 hours, and the expiry job seals
// their answers in place (idempotencyAnswersSeal).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hmacSha256 } from '../crypto/hmac.ts';
import { isSealed, type Keyring } from '../crypto/master-key.ts';
import type { Db, Tx } from '../db/db.ts';
import { DAY_MS } from '../time/durations.ts';
import { invalidParam, problem } from './errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_TTL_MS = DAY_MS;
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

/** What idempotency needs of the application context. */
export interface IdempotencyStore {
  db: Db;
  keyring: Keyring;
}

/** Marks a keyed fingerprint; a row without it has the bare SHA-256 of the code before sealing. */
const KEYED = 'h1.';

/** The request as the key binds it: operation, path and body (canonical JSON of the parsed body). */
function requestText(operationId: string, request: FastifyRequest): string {
  return `${operationId}\0${request.url.split('?')[0]!}\0${JSON.stringify(request.body ?? null)}`;
}

function fingerprint(keyring: Keyring, text: string): string {
  return `${KEYED}${hmacSha256(keyring.fingerprint).update(text).digest('base64url')}`;
}

/** Whether a kept fingerprint is of this request (either form; see the top of the file). */
function sameRequest(kept: string, keyed: string, text: string): boolean {
  if (kept.startsWith(KEYED)) return kept === keyed;
  return kept === createHash('sha256').update(text).digest('base64url');
}

/** The sealed text opens only in the row of this owner and key (the master-key rotation re-seals with it). */
export const sealContext = (owner: string, key: string) => `idempotency\0${owner}\0${key}`;

interface Answer {
  headers: Record<string, string>;
  body: string;
}

function answerSeal(keyring: Keyring, owner: string, key: string, answer: Answer): string {
  return keyring.encrypt(JSON.stringify(answer), sealContext(owner, key));
}

/** The kept answer of a row: sealed, or (written before sealing) plain body and headers. */
function answerOpen(keyring: Keyring, owner: string, key: string, row: KeptRow): Answer {
  if (row.body !== null && isSealed(row.body))
    return JSON.parse(keyring.decrypt(row.body, sealContext(owner, key))) as Answer;
  return { headers: row.headers ?? {}, body: row.body ?? '' };
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
  { db, keyring }: IdempotencyStore,
  operationId: string,
  owner: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return false;
  const text = requestText(operationId, request);
  const hash = fingerprint(keyring, text);
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
    const same = sameRequest(kept.request_hash, hash, text);
    if (kept.abandoned && same) {
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
    if (!same && (kept.status !== null || kept.abandoned))
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
    const answer = answerOpen(keyring, owner, key, kept);
    reply.code(kept.status).headers({ ...answer.headers, [REPLAYED_HEADER]: 'true' });
    await reply.send(answer.body);
    return true;
  }
  throw problem('idempotency-key-in-use', 'The Idempotency-Key changed hands meanwhile; retry shortly', {
    headers: { 'retry-after': '1' },
  });
}

/** After the answer is serialized: keep it, or release the key on a 5xx. */
export async function idempotencyEnd(
  { db, keyring }: IdempotencyStore,
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
    'UPDATE idempotency_keys SET status = $3, body = $4, headers = NULL WHERE owner = $1 AND key = $2',
    [r.owner, r.key, reply.statusCode, answerSeal(keyring, r.owner, r.key, { headers, body: payload })],
  );
}

/**
 * Seals the answers kept in plain text by a version before sealing (a process of it may still run
 * during an upgrade); returns how many. Those rows are the answered ones with `headers` (sealed
 * rows keep their headers inside the sealed text). Each row is rewritten only if it still holds
 * what was read.
 */
export async function idempotencyAnswersSeal({ db, keyring }: IdempotencyStore): Promise<number> {
  const { rows } = await db.query<KeptRow & { owner: string; key: string }>(
    `SELECT owner, key, request_hash, status, body, headers FROM idempotency_keys
      WHERE status IS NOT NULL AND headers IS NOT NULL`,
  );
  let sealed = 0;
  for (const row of rows) {
    const answer = answerOpen(keyring, row.owner, row.key, row);
    const r = await db.query(
      `UPDATE idempotency_keys SET body = $3, headers = NULL
        WHERE owner = $1 AND key = $2 AND body IS NOT DISTINCT FROM $4`,
      [row.owner, row.key, answerSeal(keyring, row.owner, row.key, answer), row.body],
    );
    sealed += r.rowCount;
  }
  return sealed;
}

/** Whether a kept answer contains any of the strings; one that does not open counts as carrying them. */
function answerCarries(keyring: Keyring, row: KeptRow & { owner: string; key: string }, needles: string[]) {
  let a: Answer;
  try {
    a = answerOpen(keyring, row.owner, row.key, row);
  } catch {
    return true; // sealed under another key or moved from another row: it can never be replayed
  }
  const text = `${a.body}\n${Object.values(a.headers).join('\n')}`;
  return needles.some((n) => text.includes(n));
}

/**
 * Deletes the kept answers that name a person (an erasure): those the person asked for (owner
 * app:<phone>) and those whose answer carries the number, found by opening each (they are sealed,
 * so the store cannot search them). At most a day of answers, read in batches.
 */
export async function idempotencyAnswersErase(tx: Tx, keyring: Keyring, appUserId: string): Promise<number> {
  const needles = [appUserId, encodeURIComponent(appUserId)];
  let erased = (await tx.query(`DELETE FROM idempotency_keys WHERE owner = 'app:' || $1`, [appUserId]))
    .rowCount;
  let after = { owner: '', key: '' };
  for (;;) {
    const { rows } = await tx.query<KeptRow & { owner: string; key: string }>(
      `SELECT owner, key, request_hash, status, body, headers FROM idempotency_keys
        WHERE status IS NOT NULL AND (owner, key) > ($1, $2) ORDER BY owner, key LIMIT 500`,
      [after.owner, after.key],
    );
    if (rows.length === 0) return erased;
    for (const row of rows) {
      if (answerCarries(keyring, row, needles))
        erased += (
          await tx.query('DELETE FROM idempotency_keys WHERE owner = $1 AND key = $2', [row.owner, row.key])
        ).rowCount;
    }
    after = rows.at(-1)!;
  }
}

/** Deletes keys older than 24 hours; returns how many. */
export async function idempotencyKeysExpire(db: Db): Promise<number> {
  const r = await db.query(
    `DELETE FROM idempotency_keys WHERE created < now() - $1 * interval '1 millisecond'`,
    [IDEMPOTENCY_TTL_MS],
  );
  return r.rowCount;
}
