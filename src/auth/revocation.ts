// Tokens are stateless JWTs, but a deleted client, a rotated secret or a removed grant must stop
// working within seconds, not at expiry. This cache holds, per (client, resource), the client's
// current secret hash and generation and its grant on the resource, for at most
// LATCHKEY_REVOCATION_CACHE_SECONDS (default 2 s). Both the token endpoint (to authenticate and
// authorize a grant) and the bearer hook (to re-check a token) read it, so in steady state neither
// touches the store more than once per client and resource every 2 s per process, whatever the
// request rate. Changes made through this process clear it at once; changes made by another
// process are seen within the TTL.
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

export class ClientStatusCache {
  private readonly entries = new Map<string, Entry>();

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
    const { rows } = await this.db.query<{
      organization_id: string;
      generation: number;
      secret_hash: Buffer;
      scope: string | null;
      project_org: string | null;
    }>(
      `SELECT c.organization_id, c.generation, c.secret_hash, g.scope, p.organization_id AS project_org
         FROM api_clients c
         LEFT JOIN grants g ON g.client_id = c.id AND g.resource_id = $2
         LEFT JOIN projects p ON p.id = $2
        WHERE c.id = $1`,
      [clientId, resourceId],
    );
    const r = rows[0];
    const entry: Entry = {
      at: now,
      organizationId: r?.organization_id ?? null,
      generation: r?.generation ?? null,
      secretHash: r ? Buffer.from(r.secret_hash) : null,
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

  /** Forget cached answers (called after every change this process makes to clients or grants). */
  clear(): void {
    this.entries.clear();
  }
}
