export interface ManagedUserRow {
  id: string;
  project_id: string;
  app_user_id: string;
  first_name: string | null;
  last_name: string | null;
  metadata: Record<string, string>;
  created: Date;
}

export const MANAGED_USER_COLUMNS = 'id, project_id, app_user_id, first_name, last_name, metadata, created';

export function presentManagedUser(r: ManagedUserRow) {
  return {
    id: r.id,
    appUserId: r.app_user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    created: r.created.toISOString(),
    metadata: r.metadata,
  };
}
