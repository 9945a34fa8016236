// Tokens are stateless JWTs, but a deleted client, a rotated secret or a removed grant must stop
// its tokens within seconds (API.md 2.4). Each request's (client, resource) pair is re-checked
// against the store at most once per LATCHKEY_REVOCATION_CACHE_SECONDS (default 2 s): one indexed
// query per client and resource every 2 s per process, whatever the request rate.
import type { Queryable } from '../db/db.ts';

interface Entry {
  at: number;
  generation: number | null; // null: client gone
  scope: string | null; // grant on the resource, null: none
}

const MAX_ENTRIES = 100_000;

/** Does a grant of `granted` cover a token of `requested`? project.admin includes project.installer. */
export function grantCovers(granted: string | null, requested: string): boolean {
  if (!granted) return false;
  return granted === requested || (granted === 'project.admin' && requested === 'project.installer');
}

export class ClientStatusCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Queryable,
    private readonly ttlMs: number,
  ) {}

  private async lookup(clientId: string, resourceId: string | null): Promise<Entry> {
    const key = `${clientId}|${resourceId ?? ''}`;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit;
    const { rows } = await this.db.query<{ generation: number; scope: string | null }>(
      `SELECT c.generation, g.scope FROM api_clients c
         LEFT JOIN grants g ON g.client_id = c.id AND g.resource_id = $2
        WHERE c.id = $1`,
      [clientId, resourceId],
    );
    const entry: Entry = { at: now, generation: rows[0]?.generation ?? null, scope: rows[0]?.scope ?? null };
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, entry);
    return entry;
  }

  /** The client still exists with the token's secret generation, and (when given) still holds the grant. */
  async stillValid(clientId: string, generation: number, grant?: { resourceId: string; scope: string }) {
    const e = await this.lookup(clientId, grant?.resourceId ?? null);
    if (e.generation === null || e.generation !== generation) return false;
    return grant ? grantCovers(e.scope, grant.scope) : true;
  }

  /** Forget cached answers (the admin API calls this after a change made by this process). */
  clear(): void {
    this.entries.clear();
  }
}
