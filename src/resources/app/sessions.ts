// App sessions: a login with a one-time code starts one, so that a phone keeps getting access tokens
// (each for LATCHKEY_TOKEN_TTL_SECONDS) without a new text message every hour.
//
// - The login answer carries a refresh token; POST /v2/app/auth/refresh trades it for a new access
//   token and a new refresh token. Each refresh token works once (rotation). A used one coming back
//   means two parties hold the session's tokens, and the service cannot tell which is the phone, so
//   the whole session ends (reuse detection, RFC 9700 §4.14; RFC 6749 §10.4).
// - A session ends after LATCHKEY_APP_SESSION_IDLE_DAYS without a refresh, on logout, when its
//   device is deleted and when the person is erased. An ended session is deleted with its token
//   hashes; the access tokens it issued name it (`sid`) and are refused from then on (bearer.ts).
// - Once a device is registered in the session (bindSessionToDevice), a refresh needs a DPoP proof
//   (RFC 9449) signed by that device's key: a copied refresh token is useless without the phone.
//
// A refresh token is `lk_refresh_<session id>.<generation>.<32 random bytes, base64url>`. The store
// keeps only its HMAC-SHA-256 under the server pepper, per generation, compared in constant time;
// the session id and generation in the token only say which hash to compare with. A token of the
// right shape with a wrong secret changes nothing (so nobody can end a session they do not hold).
// Hashes of used generations are kept until they are older than the idle limit, to recognise reuse.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type DpopProof, DpopRejected } from '../../auth/dpop.ts';
import type { IssuedToken } from '../../auth/issue-token.ts';
import type { AppContext } from '../../context.ts';
import { hashSecret, secretMatches } from '../../crypto/secrets.ts';
import type { Queryable, Tx } from '../../db/db.ts';
import { type ApiError, problem } from '../../http/errors.ts';
import { uuidv7 } from '../../ids.ts';
import { appTokenMint } from './app-token.ts';

export const REFRESH_TOKEN_PREFIX = 'lk_refresh_';
/** The longest refresh token the endpoint reads (an issued one is about 100 characters). */
export const REFRESH_TOKEN_MAX_LENGTH = 200;
const REFRESH_TOKEN =
  /^lk_refresh_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(0|[1-9][0-9]{0,8})\.([A-Za-z0-9_-]{43})$/;

export interface SessionTokens extends IssuedToken {
  refreshToken: string;
  sessionId: string;
}

function refreshTokenFor(sessionId: string, gen: number): string {
  return `${REFRESH_TOKEN_PREFIX}${sessionId}.${gen}.${randomBytes(32).toString('base64url')}`;
}

/** The RFC 6749 §5.1 answer of a login or a refresh. */
export const sessionAnswer = (t: SessionTokens) => ({
  access_token: t.accessToken,
  token_type: 'bearer' as const,
  expires_in: t.expiresIn,
  refresh_token: t.refreshToken,
});

/** Starts a session for a phone that just proved itself with a one-time code. */
export async function sessionStart(ctx: AppContext, appUserId: string): Promise<SessionTokens> {
  const sessionId = uuidv7();
  const refreshToken = refreshTokenFor(sessionId, 0);
  await ctx.db.transaction(async (tx) => {
    await tx.query('INSERT INTO app_users (app_user_id) VALUES ($1) ON CONFLICT DO NOTHING', [appUserId]);
    await tx.query('INSERT INTO app_sessions (id, app_user_id) VALUES ($1, $2)', [sessionId, appUserId]);
    await tx.query('INSERT INTO app_refresh_tokens (session_id, gen, token_hash) VALUES ($1, 0, $2)', [
      sessionId,
      hashSecret(ctx.keyring.pepper, refreshToken),
    ]);
  });
  const t = await appTokenMint(ctx, appUserId, sessionId);
  return { accessToken: t.accessToken, expiresIn: t.expiresIn, refreshToken, sessionId };
}

const invalidRefreshToken = (detail: string) =>
  problem('invalid-refresh-token', detail, { invalidParams: [{ name: 'refresh_token', reason: detail }] });

const invalidDpop = (reason: string) =>
  problem('invalid-dpop-proof', `DPoP proof not accepted: ${reason}`, {
    invalidParams: [{ name: 'DPoP', reason }],
  });

/** What the refresh found, decided inside its transaction; thrown or answered after the commit. */
type Outcome =
  | { kind: 'rotated'; appUserId: string; sessionId: string; refreshToken: string }
  | { kind: 'refused'; error: ApiError }
  | { kind: 'ended'; appUserId: string; sessionId: string; why: 'reuse' | 'idle'; error: ApiError };

interface SessionRow {
  app_user_id: string;
  refresh_gen: number;
  idle: boolean;
  device_jkt: string | null;
  token_hash: Uint8Array | null;
}

/** The DPoP proof of the request: checked, or the reason it is not acceptable (or absent). */
export type PresentedProof = { proof: DpopProof } | { rejected: string };

/**
 * Trades a refresh token for a new access token and refresh token. `proof` is the request's DPoP
 * proof, checked by the caller (dpop.ts); it matters only when the session is bound to a device.
 */
export async function sessionRefresh(
  ctx: AppContext,
  presented: string,
  proof: PresentedProof,
  log: FastifyBaseLogger,
): Promise<SessionTokens> {
  const m = REFRESH_TOKEN.exec(presented);
  if (!m) throw invalidRefreshToken('is not a refresh token this service issued');
  const sessionId = m[1]!;
  const gen = Number(m[2]);
  const idleDays = ctx.config.appSessionIdleDays;
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const { rows } = await tx.query<SessionRow>(
      `SELECT s.app_user_id, s.refresh_gen, s.device_jkt, t.token_hash,
              s.last_used < now() - make_interval(days => $3) AS idle
         FROM app_sessions s
         LEFT JOIN app_refresh_tokens t ON t.session_id = s.id AND t.gen = $2
        WHERE s.id = $1
          FOR UPDATE OF s`,
      [sessionId, gen, idleDays],
    );
    const s = rows[0];
    // Unknown session, unknown generation or wrong secret: nothing to act on, nothing changes.
    if (!s?.token_hash || !secretMatches(ctx.keyring.pepper, presented, Buffer.from(s.token_hash)))
      return {
        kind: 'refused',
        error: invalidRefreshToken('is not valid (unknown, or its session has ended): log in again'),
      };
    if (s.idle) {
      await sessionDelete(tx, sessionId);
      return {
        kind: 'ended',
        appUserId: s.app_user_id,
        sessionId,
        why: 'idle',
        error: invalidRefreshToken(`its session ended after ${idleDays} days without use: log in again`),
      };
    }
    if (gen < s.refresh_gen) {
      await sessionDelete(tx, sessionId);
      return {
        kind: 'ended',
        appUserId: s.app_user_id,
        sessionId,
        why: 'reuse',
        error: invalidRefreshToken(
          'was already used, so its session has ended (a used refresh token must never come back): log in again',
        ),
      };
    }
    if (s.device_jkt !== null) {
      if ('rejected' in proof) return { kind: 'refused', error: invalidDpop(proof.rejected) };
      if (proof.proof.jkt !== s.device_jkt)
        return {
          kind: 'refused',
          error: invalidDpop('it is not signed by the key of the device this session belongs to'),
        };
      try {
        ctx.dpopReplay.remember(proof.proof, ctx.config.dpopSkewSeconds, Math.floor(Date.now() / 1000));
      } catch (e) {
        if (e instanceof DpopRejected) return { kind: 'refused', error: invalidDpop(e.message) };
        throw e;
      }
    }
    const next = gen + 1;
    const refreshToken = refreshTokenFor(sessionId, next);
    await tx.query('UPDATE app_sessions SET refresh_gen = $2, last_used = now() WHERE id = $1', [
      sessionId,
      next,
    ]);
    await tx.query('INSERT INTO app_refresh_tokens (session_id, gen, token_hash) VALUES ($1, $2, $3)', [
      sessionId,
      next,
      hashSecret(ctx.keyring.pepper, refreshToken),
    ]);
    // A used token older than the idle limit could not be used anyway: its hash is forgotten.
    await tx.query(
      `DELETE FROM app_refresh_tokens
        WHERE session_id = $1 AND gen < $2 AND created < now() - make_interval(days => $3)`,
      [sessionId, gen, idleDays],
    );
    return { kind: 'rotated', appUserId: s.app_user_id, sessionId, refreshToken };
  });
  if (outcome.kind === 'refused') throw outcome.error;
  if (outcome.kind === 'ended') {
    ctx.appSessions.clear();
    if (outcome.why === 'reuse')
      log.warn(
        { appUserId: outcome.appUserId, sessionId: outcome.sessionId },
        'app session ended: a refresh token was used twice (stolen, or a client that retried a refresh)',
      );
    throw outcome.error;
  }
  const t = await appTokenMint(ctx, outcome.appUserId, outcome.sessionId);
  return {
    accessToken: t.accessToken,
    expiresIn: t.expiresIn,
    refreshToken: outcome.refreshToken,
    sessionId: outcome.sessionId,
  };
}

async function sessionDelete(db: Queryable, sessionId: string): Promise<boolean> {
  const r = await db.query('DELETE FROM app_sessions WHERE id = $1', [sessionId]);
  return r.rowCount > 0;
}

/** Logout: ends the session of an app token. False when there was no such session (already ended). */
export async function sessionEnd(ctx: AppContext, sessionId: string): Promise<boolean> {
  const ended = await sessionDelete(ctx.db, sessionId);
  ctx.appSessions.clear();
  return ended;
}

/**
 * Binds a session to a registered device key: from now on a refresh needs a DPoP proof signed by
 * that key. Called when the app registers a device with an access token of the session (its `sid`).
 * The first device bound stays: binding another one is refused (false), so that a stolen access
 * token cannot move the session to the thief's key; binding the same device again is true. False
 * also when the session has ended.
 */
export async function bindSessionToDevice(
  db: Queryable,
  o: { sessionId: string; deviceId: string; thumbprint: string },
): Promise<boolean> {
  const r = await db.query(
    `UPDATE app_sessions SET device_id = $2, device_jkt = $3
      WHERE id = $1 AND (device_id IS NULL OR (device_id = $2 AND device_jkt = $3))`,
    [o.sessionId, o.deviceId, o.thumbprint],
  );
  return r.rowCount > 0;
}

/**
 * Ends every session bound to a device (the device was deleted): their refresh tokens stop working,
 * and so do their access tokens (within LATCHKEY_REVOCATION_CACHE_SECONDS on other processes; call
 * ctx.appSessions.clear() for this one). Returns how many ended.
 */
export async function endSessionsOfDevice(db: Queryable, deviceId: string): Promise<number> {
  const r = await db.query('DELETE FROM app_sessions WHERE device_id = $1', [deviceId]);
  return r.rowCount;
}

/** Ends every session of a person (erasure), in the caller's transaction. */
export async function endSessionsOfAppUser(tx: Tx, appUserId: string): Promise<number> {
  const r = await tx.query('DELETE FROM app_sessions WHERE app_user_id = $1', [appUserId]);
  return r.rowCount;
}

/** Deletes sessions idle past the limit (a refresh would refuse them anyway); returns how many. */
export async function sessionsExpire(db: Queryable, idleDays: number): Promise<number> {
  const r = await db.query('DELETE FROM app_sessions WHERE last_used < now() - make_interval(days => $1)', [
    idleDays,
  ]);
  return r.rowCount;
}
