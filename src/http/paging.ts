// Keyset paging (never OFFSET): fetch limit + 1 rows ordered by id (the SQL: src/db/keyset.ts); when
// the extra row exists, another page may follow and `startAfterId` is the id of the last row returned.

export interface PageQuery {
  limit?: number;
  startAfterId?: string;
}

export function pageLimit(q: PageQuery): number {
  return q.limit ?? 100;
}

export function page<T extends { id: string }>(
  rows: T[],
  limit: number,
): { items: T[]; startAfterId?: string } {
  if (rows.length <= limit) return { items: rows };
  const items = rows.slice(0, limit);
  return { items, startAfterId: items[items.length - 1]!.id };
}

/**
 * A list operation's answer: one page of what `fetch` returns for the request's paging (it is asked
 * for limit + 1 rows after `startAfterId`), presented, under `key`, with the next `startAfterId`.
 */
export async function listPage<R extends { id: string }, T>(
  query: PageQuery,
  key: string,
  fetch: (limit: number, startAfterId: string | undefined) => Promise<R[]>,
  present: (row: R) => T,
): Promise<Record<string, T[] | string | undefined>> {
  const limit = pageLimit(query);
  const p = page(await fetch(limit, query.startAfterId), limit);
  return { [key]: p.items.map(present), startAfterId: p.startAfterId };
}
