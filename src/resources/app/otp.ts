// App login codes: 6 digits from a CSPRNG, valid 5 minutes, 5 tries, checked against an HMAC under
// the server pepper. One live code per phone: asking again while it lives sends the same code again
// (kept encrypted under the master key for that; a database dump reveals no live code) instead of
// minting more, and at most OTP_TEXTS_PER_WINDOW texts go to a phone per OTP_TEXT_WINDOW_SECONDS,
// counted in the store (every process). The rules are in docs/app.md.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';

export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_TRIES = 5;
/** Texts (new or repeated codes) one phone receives at most per window. */
export const OTP_TEXTS_PER_WINDOW = 3;
export const OTP_TEXT_WINDOW_SECONDS = 15 * 60;

function codeHash(ctx: AppContext, appUserId: string, code: string): Buffer {
  return createHmac('sha256', ctx.keyring.pepper).update(`app-otp:${appUserId}:${code}`).digest();
}

export function otpGenerate(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Is this phone one the service knows (it has logged in, is a managed user, or holds a live key)?
 * Codes are only sent to known phones, so the endpoint cannot be used to send SMS to arbitrary
 * numbers. Three index lookups (app_users' key, managed_users_app_user, the live-key index
 * keys_app_user), never a scan. The HTTP answer does not wait for it.
 */
export async function appUserKnown(db: Queryable, appUserId: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT EXISTS (SELECT 1 FROM app_users WHERE app_user_id = $1)
         OR EXISTS (SELECT 1 FROM managed_users WHERE app_user_id = $1)
         OR EXISTS (SELECT 1 FROM keys WHERE app_user_id = $1 AND revoked IS NULL) AS known`,
    [appUserId],
  );
  return (rows[0] as { known: boolean }).known;
}

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

interface CodeRow {
  code_enc: string | null;
  live: boolean;
  sent: Date[];
}

/**
 * The code to text the phone now, or undefined when the phone had its texts for the window. The live
 * code when there is one (same code, same expiry, same tries), else a fresh one. Serialized per phone
 * by a transaction-scoped lock, so concurrent requests on any process count every text.
 */
export async function otpIssue(
  ctx: AppContext,
  appUserId: string,
  now = new Date(),
): Promise<string | undefined> {
  return ctx.db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('app-otp:' || $1, 0))", [appUserId]);
    const { rows } = await tx.query<CodeRow>(
      `SELECT code_enc, (code_expires > $2::timestamptz AND attempts < $3) AS live, sent
         FROM app_login_codes WHERE app_user_id = $1`,
      [appUserId, now.toISOString(), OTP_MAX_TRIES],
    );
    const row = rows[0];
    const windowStart = now.getTime() - OTP_TEXT_WINDOW_SECONDS * 1000;
    const sent = (row?.sent ?? []).map((d) => new Date(d)).filter((d) => d.getTime() > windowStart);
    if (sent.length >= OTP_TEXTS_PER_WINDOW) return undefined;
    sent.push(now);
    // The row is kept until its code is dead and its texts have left the window (`expires`).
    const forgetAt = new Date(Math.max(sent[0]!.getTime() + OTP_TEXT_WINDOW_SECONDS * 1000, now.getTime()));
    if (row?.live && row.code_enc) {
      await tx.query(
        `UPDATE app_login_codes SET sent = $2::timestamptz[], expires = greatest(code_expires, $3::timestamptz)
          WHERE app_user_id = $1`,
        [appUserId, iso(sent), forgetAt.toISOString()],
      );
      return ctx.keyring.decrypt(row.code_enc);
    }
    const code = otpGenerate();
    const codeExpires = new Date(now.getTime() + OTP_TTL_SECONDS * 1000);
    await tx.query(
      `INSERT INTO app_login_codes (app_user_id, code_hash, code_enc, code_expires, expires, attempts, sent, created)
       VALUES ($1, $2, $3, $4::timestamptz, greatest($4::timestamptz, $5::timestamptz), 0, $6::timestamptz[],
               $7::timestamptz)
       ON CONFLICT (app_user_id) DO UPDATE
         SET code_hash = EXCLUDED.code_hash, code_enc = EXCLUDED.code_enc, code_expires = EXCLUDED.code_expires,
             expires = EXCLUDED.expires, attempts = 0, sent = EXCLUDED.sent, created = EXCLUDED.created`,
      [
        appUserId,
        codeHash(ctx, appUserId, code),
        ctx.keyring.encrypt(code),
        codeExpires.toISOString(),
        forgetAt.toISOString(),
        iso(sent),
        now.toISOString(),
      ],
    );
    return code;
  });
}

/**
 * Checks a code. Every check counts a try, atomically (concurrent guesses cannot exceed 5), and a
 * code that matched is deleted in the same statement that proves it, so it works exactly once.
 */
export async function otpRedeem(ctx: AppContext, appUserId: string, code: string): Promise<boolean> {
  const { rows } = await ctx.db.query<{ code_hash: Buffer | Uint8Array }>(
    `UPDATE app_login_codes SET attempts = attempts + 1
      WHERE app_user_id = $1 AND code_expires > now() AND attempts < $2
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
