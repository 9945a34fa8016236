// Lock connections. Tenancy: the lock is the project's (live), and the bridge the project's
// organization's own or the service's local one.
import type { Queryable, Tx } from '../../db/db.ts';

export interface ConnectionRow {
  lock_id: string;
  project_id: string;
  bridge_id: string;
  status: 'commissioning' | 'online' | 'unreachable' | 'failed';
}

/** The live lock of the project, locked for the change, with its connection if any. */
export async function lockForConnection(tx: Tx, projectId: string, lockId: string) {
  const { rows } = await tx.query<{ organization_id: string; connection: ConnectionRow | null }>(
    `SELECT p.organization_id,
            (SELECT to_jsonb(c) FROM lock_connections c WHERE c.lock_id = l.id) AS connection
       FROM locks l JOIN projects p ON p.id = l.project_id
      WHERE l.id = $1 AND l.project_id = $2 AND l.deleted IS NULL
      FOR UPDATE OF l`,
    [lockId, projectId],
  );
  return rows[0];
}

export async function connectionFind(db: Queryable, projectId: string, lockId: string) {
  const { rows } = await db.query<ConnectionRow>(
    `SELECT c.lock_id, c.project_id, c.bridge_id, c.status FROM lock_connections c
       JOIN locks l ON l.id = c.lock_id AND l.deleted IS NULL
      WHERE c.lock_id = $1 AND c.project_id = $2`,
    [lockId, projectId],
  );
  return rows[0];
}

/** A new connection (or a failed one replaced), commissioning. */
export async function connectionStart(tx: Tx, projectId: string, lockId: string, bridgeId: string) {
  await tx.query(
    `INSERT INTO lock_connections (lock_id, project_id, bridge_id, status) VALUES ($1, $2, $3, 'commissioning')
     ON CONFLICT (lock_id) DO UPDATE SET bridge_id = $3, status = 'commissioning', lock_state = 'unknown',
       battery_percent = NULL, battery_level = NULL, keypad = NULL, capacity = NULL, vendor = NULL,
       product = NULL, last_seen = NULL, error = NULL, event_watermark = NULL, created = now()`,
    [lockId, projectId, bridgeId],
  );
}

export async function connectionDelete(db: Queryable, projectId: string, lockId: string) {
  await db.query('DELETE FROM lock_connections WHERE lock_id = $1 AND project_id = $2', [lockId, projectId]);
}

/** Commissioning that no bridge finished in time fails, saying why. */
export async function connectionsCommissioningExpire(db: Queryable, olderThanMs: number) {
  await db.query(
    `UPDATE lock_connections SET status = 'failed', error = $2
      WHERE status = 'commissioning' AND created < now() - $1 * interval '1 millisecond'`,
    [
      olderThanMs,
      JSON.stringify({
        title: 'The bridge did not connect the lock',
        detail:
          'The bridge did not take up or finish commissioning in time: check that it is running, then connect the lock again',
      }),
    ],
  );
}

/** How many locks are connected through the bridge. */
export async function connectionsOfBridge(db: Queryable, bridgeId: string) {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM lock_connections WHERE bridge_id = $1',
    [bridgeId],
  );
  return rows[0]!.n;
}
