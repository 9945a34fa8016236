// App tokens: scope `app.user`, `sub` = the app user's phone number. Issued after an OTP login
// (then in a session, named by `sid`: sessions.ts) or minted by an operator for testing and
// support (no session: it lives until it expires).
import { type IssuedToken, issueAccessToken } from '../../auth/issue-token.ts';
import type { AppContext } from '../../context.ts';

export const APP_SCOPE = 'app.user';

export async function appTokenMint(
  ctx: AppContext,
  appUserId: string,
  sessionId?: string,
): Promise<IssuedToken> {
  await ctx.db.query('INSERT INTO app_users (app_user_id) VALUES ($1) ON CONFLICT DO NOTHING', [appUserId]);
  return issueAccessToken(
    ctx,
    appUserId,
    APP_SCOPE,
    sessionId ? { app_user_id: appUserId, sid: sessionId } : { app_user_id: appUserId },
  );
}
