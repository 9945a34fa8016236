// Keyset paging (never OFFSET): fetch limit + 1 rows ordered by id; when the extra row exists,
// another page may follow and `startAfterId` is the id of the last row returned.

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
