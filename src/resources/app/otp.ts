// App login codes: 6 digits from a CSPRNG, valid 5 minutes, 5 tries, stored only as an
// HMAC under the server pepper (a database dump does not reveal live codes). One pending code per
// phone: asking again replaces it (and resets the tries).
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';

export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_TRIES = 5;

function codeHash(ctx: AppContext, appUserId: string, code: string): Buffer {
  return createHmac('sha256', ctx.keyring.pepper).update(`app-otp:${appUserId}:${code}`).digest();
}

export function otpGenerate(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Is this phone one the service knows (it has or had keys, is a managed user, or has logged in)?
 * Codes are only sent to known phones, so the endpoint cannot be used to send SMS to arbitrary
 * numbers; the HTTP answer is the same either way.
 */
export async function appUserKnown(db: Queryable, appUserId: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM app_users WHERE app_user_id = $1
     UNION ALL SELECT 1 FROM managed_users WHERE app_user_id = $1
     UNION ALL (SELECT 1 FROM keys WHERE app_user_id = $1 LIMIT 1)
     LIMIT 1`,
    [appUserId],
  );
  return rows.length > 0;
}

/** Stores a fresh code for the phone (replacing any pending one) and returns it for sending. */
export async function otpIssue(ctx: AppContext, appUserId: string): Promise<string> {
  const code = otpGenerate();
  await ctx.db.query(
    `INSERT INTO app_login_codes (app_user_id, code_hash, expires, code_expires, attempts, created)
     VALUES ($1, $2, now() + make_interval(secs => $3), now() + make_interval(secs => $3), 0, now())
     ON CONFLICT (app_user_id) DO UPDATE
       SET code_hash = EXCLUDED.code_hash, expires = EXCLUDED.expires, code_expires = EXCLUDED.code_expires,
           attempts = 0, created = now()`,
    [appUserId, codeHash(ctx, appUserId, code), OTP_TTL_SECONDS],
  );
  return code;
}

/**
 * Checks a code. Every check counts a try, atomically (concurrent guesses cannot exceed 5), and a
 * code that matched is deleted in the same statement that proves it, so it works exactly once.
 */
export async function otpRedeem(ctx: AppContext, appUserId: string, code: string): Promise<boolean> {
  const { rows } = await ctx.db.query<{ code_hash: Buffer | Uint8Array }>(
    `UPDATE app_login_codes SET attempts = attempts + 1
      WHERE app_user_id = $1 AND expires > now() AND attempts < $2
      RETURNING code_hash`,
    [appUserId, OTP_MAX_TRIES],
  );
  const stored = rows[0] && Buffer.from(rows[0].code_hash);
  const given = codeHash(ctx, appUserId, code);
  if (!stored || stored.length !== given.length || !timingSafeEqual(stored, given)) return false;
  const del = await ctx.db.query('DELETE FROM app_login_codes WHERE app_user_id = $1 AND code_hash = $2', [
    appUserId,
    stored,
  ]);
  return del.rowCount === 1;
}
