import type { Queryable } from '../../db/db.ts';

/** Sets (or clears, with null) the app user's display name; creates the app user if needed. */
export async function appUserSetName(db: Queryable, appUserId: string, name: string | null) {
  const { rows } = await db.query<{ app_user_id: string; name: string | null }>(
    `INSERT INTO app_users (app_user_id, name) VALUES ($1, $2)
     ON CONFLICT (app_user_id) DO UPDATE SET name = EXCLUDED.name RETURNING app_user_id, name`,
    [appUserId, name],
  );
  return { appUserId: rows[0]!.app_user_id, name: rows[0]!.name };
}
