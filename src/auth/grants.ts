// Every write to `grants` (which client holds which scope on which organization or project) is
// here, and every one runs through grantsChange(), which clears this process's client + grant
// cache once the transaction has ended, so a change made here is seen by the next request at once
// (other processes see it within LATCHKEY_REVOCATION_CACHE_SECONDS).

import { onCommit } from '../audit/run.ts';
import type { Db, Queryable, Tx } from '../db/db.ts';
import type { ClientStatusCache } from './revocation.ts';

export type GrantResourceType = 'organization' | 'project';

/** Runs `fn` in one transaction, then forgets the cached client and grant answers. */
export async function grantsChange<T>(
  ctx: { db: Db; clientStatus: ClientStatusCache },
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction(fn);
  } finally {
    ctx.clientStatus.clear();
    // Inside a request's audited transaction the change is only seen once that commits: forget
    // again then, or a request in between could cache what is about to change.
    onCommit(ctx.db, () => ctx.clientStatus.clear());
  }
}

/** Gives the client `scope` on the resource (replacing the scope it held there); returns `created`. */
export async function grantUpsert(
  tx: Tx,
  clientId: string,
  resourceType: GrantResourceType,
  resourceId: string,
  scope: string,
): Promise<Date> {
  const { rows } = await tx.query<{ created: Date }>(
    `INSERT INTO grants (client_id, resource_type, resource_id, scope) VALUES ($1, $2, $3, $4)
     ON CONFLICT (client_id, resource_id) DO UPDATE SET scope = EXCLUDED.scope, resource_type = EXCLUDED.resource_type
     RETURNING created`,
    [clientId, resourceType, resourceId, scope],
  );
  return rows[0]!.created;
}

/** Removes the client's grant on the resource; false when there was none. */
export async function grantRemove(tx: Tx, clientId: string, resourceId: string): Promise<boolean> {
  const r = await tx.query('DELETE FROM grants WHERE client_id = $1 AND resource_id = $2', [
    clientId,
    resourceId,
  ]);
  return r.rowCount > 0;
}

/** The client's grants, organizations and projects alike (resource discovery). */
export async function grantsOfClient(db: Queryable, clientId: string) {
  const { rows } = await db.query<{ resource_type: string; resource_id: string; scope: string }>(
    `SELECT g.resource_type, g.resource_id, g.scope FROM grants g
      WHERE g.client_id = $1 ORDER BY g.resource_type, g.resource_id LIMIT 10000`,
    [clientId],
  );
  return rows;
}
