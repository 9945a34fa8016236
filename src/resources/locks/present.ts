import { type ConnectionJson, presentConnection } from '../lock-connections/present.ts';

export interface LockRow {
  id: string;
  project_id: string;
  name: string;
  timezone: string;
  address: string | null;
  metadata: Record<string, string>;
  created: Date;
  /** The lock's connection row (lock_connections, as JSON), or null. */
  connection?: ConnectionJson | null;
}

// The connection comes with every lock read (one primary-key lookup in a subquery), so that every
// operation answering a lock shows it.
export const LOCK_COLUMNS =
  'id, project_id, name, timezone, address, metadata, created, ' +
  '(SELECT to_jsonb(c) FROM lock_connections c WHERE c.lock_id = locks.id) AS connection';

export function presentLock(r: LockRow) {
  return {
    connection: r.connection ? presentConnection(r.connection) : null,
    id: r.id,
    name: r.name,
    timezone: r.timezone,
    ...(r.address === null ? {} : { address: r.address }),
    created: r.created.toISOString(),
    metadata: r.metadata,
  };
}
