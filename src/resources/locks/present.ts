export interface LockRow {
  id: string;
  project_id: string;
  name: string;
  timezone: string;
  address: string | null;
  metadata: Record<string, string>;
  created: Date;
}

export const LOCK_COLUMNS = 'id, project_id, name, timezone, address, metadata, created';

export function presentLock(r: LockRow) {
  return {
    id: r.id,
    name: r.name,
    timezone: r.timezone,
    ...(r.address === null ? {} : { address: r.address }),
    created: r.created.toISOString(),
    metadata: r.metadata,
  };
}
