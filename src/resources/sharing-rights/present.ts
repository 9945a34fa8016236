export interface SharingRightRow {
  id: string;
  project_id: string;
  lock_id: string;
  app_user_id: string;
  created: Date;
  revoked: Date | null;
}

export const SHARING_RIGHT_COLUMNS = 'id, project_id, lock_id, app_user_id, created, revoked';

export function presentSharingRight(r: SharingRightRow) {
  return {
    id: r.id,
    lockId: r.lock_id,
    appUserId: r.app_user_id,
    created: r.created.toISOString(),
    ...(r.revoked === null ? {} : { revoked: r.revoked.toISOString() }),
  };
}
