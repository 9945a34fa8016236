// Tokens are stateless JWTs, but a deleted client, a rotated secret or a removed grant must stop
// working within seconds, not at expiry. This cache holds, per (client, resource), the client's
// current secret hash and generation and its grant on the resource, for at most
// LATCHKEY_REVOCATION_CACHE_SECONDS (default 2 s). Both the token endpoint (to authenticate and
// authorize a grant) and the bearer hook (to re-check a token) read it, so in steady state neither
// touches the store more than once per client and resource every 2 s per process, whatever the
// request rate. Changes made through this process clear it at once; changes made by another
// process are seen within the TTL. Open live streams are checked in batches (stillValidMany), which
// read the store every time and leave what they read here for the requests that follow.
import type { Queryable } from '../db/db.ts';

export interface ClientGrantRow {
  /** null: no such client. */
  organizationId: string | null;
  generation: number | null;
  secretHash: Buffer | null;
  /** The client's scope on the resource, null: none. */
  grantScope: string | null;
  /** When the resource is a project: its organization (null: no such project). */
  projectOrganizationId: string | null;
}

interface Entry extends ClientGrantRow {
  at: number;
}

const MAX_ENTRIES = 100_000;

/** Does a grant of `granted` cover a token of `requested`? project.admin includes project.installer. */
export function grantCovers(granted: string | null, requested: string): boolean {
  if (!granted) return false;
  return granted === requested || (granted === 'project.admin' && requested === 'project.installer');
}

/** A token to re-check: its client, the secret generation it was issued under, and the grant it needs. */
export interface TokenGrant {
  clientId: string;
  generation: number;
  resourceId: string;
  scope: string;
}

interface StatusRow {
  organization_id: string;
  generation: number;
  secret_hash: Buffer;
  scope: string | null;
  project_org: string | null;
}

/** A status row of a LEFT JOIN from the pairs asked about: every column null when there is no client. */
type NullableRow = { [K in keyof StatusRow]: StatusRow[K] | null };

export class ClientStatusCache {
  private readonly entries = new Map<string, Entry>();
  private readonly clearListeners = new Set<() => void>();

  constructor(
    private readonly db: Queryable,
    private readonly ttlMs: number,
  ) {}

  /** The client and its grant on `resourceId` (one indexed query on a miss). `clientId` must be a UUID. */
  async lookup(clientId: string, resourceId: string | null): Promise<ClientGrantRow> {
    const key = `${clientId}|${resourceId ?? ''}`;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit;
    const { rows } = await this.db.query<StatusRow>(
      `SELECT c.organization_id, c.generation, c.secret_hash, g.scope, p.organization_id AS project_org
         FROM api_clients c
         LEFT JOIN grants g ON g.client_id = c.id AND g.resource_id = $2
         LEFT JOIN projects p ON p.id = $2
        WHERE c.id = $1`,
      [clientId, resourceId],
    );
    return this.remember(key, rows[0], now);
  }

  private remember(key: string, r: StatusRow | undefined, at: number): Entry {
    const entry: Entry = {
      at,
      organizationId: r?.organization_id ?? null,
      generation: r?.generation ?? null,
      secretHash: r?.secret_hash ? Buffer.from(r.secret_hash) : null,
      grantScope: r?.scope ?? null,
      projectOrganizationId: r?.project_org ?? null,
    };
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, entry);
    return entry;
  }

  /** The client still exists with the token's secret generation, and (when given) still holds the grant. */
  async stillValid(clientId: string, generation: number, grant?: { resourceId: string; scope: string }) {
    const e = await this.lookup(clientId, grant?.resourceId ?? null);
    if (e.generation === null || e.generation !== generation) return false;
    return grant ? grantCovers(e.grantScope, grant.scope) : true;
  }

  /**
   * stillValid() for many tokens at once, from the store now (not from the cache): one query per
   * 1,000 distinct (client, resource) pairs, however many tokens share them. The answers replace
   * the cached ones. Used for open live streams, which no request re-checks.
   */
  async stillValidMany(tokens: readonly TokenGrant[]): Promise<boolean[]> {
    const pairs = new Map<string, { clientId: string; resourceId: string }>();
    for (const t of tokens) pairs.set(`${t.clientId}|${t.resourceId}`, t);
    const found = new Map<string, Entry>();
    const list = [...pairs];
    for (let i = 0; i < list.length; i += 1000) {
      const chunk = list.slice(i, i + 1000);
      const now = Date.now();
      const { rows } = await this.db.query<NullableRow & { client_id: string; resource_id: string }>(
        `SELECT w.client_id, w.resource_id, c.organization_id, c.generation, c.secret_hash, g.scope,
                p.organization_id AS project_org
           FROM unnest($1::uuid[], $2::uuid[]) AS w(client_id, resource_id)
           LEFT JOIN api_clients c ON c.id = w.client_id
           LEFT JOIN grants g ON g.client_id = w.client_id AND g.resource_id = w.resource_id
           LEFT JOIN projects p ON p.id = w.resource_id`,
        [chunk.map(([, p]) => p.clientId), chunk.map(([, p]) => p.resourceId)],
      );
      for (const r of rows) {
        const key = `${r.client_id}|${r.resource_id}`;
        found.set(key, this.remember(key, r.generation === null ? undefined : (r as StatusRow), now));
      }
    }
    return tokens.map((t) => {
      const e = found.get(`${t.clientId}|${t.resourceId}`);
      return !!e && e.generation === t.generation && grantCovers(e.grantScope, t.scope);
    });
  }

  /** Calls `fn` after every clear() (a change made through this process); returns the unsubscribe. */
  onClear(fn: () => void): () => void {
    this.clearListeners.add(fn);
    return () => this.clearListeners.delete(fn);
  }

  /** Forget cached answers (called after every change this process makes to clients or grants). */
  clear(): void {
    this.entries.clear();
    for (const fn of this.clearListeners) fn();
  }
}
