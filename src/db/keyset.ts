// Keyset paging (never OFFSET; src/http/paging.ts makes the page): the rows after the last id of the
// previous page, in id order, one more than the page holds, so that the caller knows whether
// another page follows. Ids are UUIDv7, so id order is creation order.
import type { Queryable } from './db.ts';

export interface KeysetQuery {
  /** `SELECT … FROM …`, without WHERE. */
  select: string;
  /** The conditions (tenancy among them) on `params` ($1, $2, …); none: every row. */
  where?: string;
  params?: readonly unknown[];
  /** The column the rows are paged by. */
  id?: string;
}

/** Up to `limit` + 1 rows of the query whose id comes after `startAfterId` (from the first without one), by id. */
export async function keysetRows<R>(
  db: Queryable,
  q: KeysetQuery,
  limit: number,
  startAfterId: string | undefined,
): Promise<R[]> {
  const params = q.params ?? [];
  const id = q.id ?? 'id';
  const n = params.length + 1;
  const after = `($${n}::uuid IS NULL OR ${id} > $${n})`;
  const { rows } = await db.query<R>(
    `${q.select}
      WHERE ${q.where ? `${q.where} AND ` : ''}${after}
      ORDER BY ${id} LIMIT $${n + 1}`,
    [...params, startAfterId ?? null, limit + 1],
  );
  return rows;
}

/**
 * The keyset-paged list of one owner's rows (a project's, an organization's, an app user's): `where`
 * names the owner as $1, so that no row of another owner can be listed.
 */
export function keysetListOf<R>(q: Omit<KeysetQuery, 'params'>) {
  return (db: Queryable, ownerId: string, limit: number, startAfterId?: string): Promise<R[]> =>
    keysetRows<R>(db, { ...q, params: [ownerId] }, limit, startAfterId);
}
