// An app access token issued in a session carries the session's id (`sid`). A session that ends
// (logout, a used refresh token replayed, its device deleted, the person erased) is deleted, and
// its access tokens must stop working within seconds, not at expiry, the same promise as for a
// deleted client (revocation.ts). This cache holds, per session, whether it still exists, for at
// most LATCHKEY_REVOCATION_CACHE_SECONDS; ends made through this process clear it at once.
import type { Queryable } from '../db/db.ts';

const MAX_ENTRIES = 100_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class AppSessionStatusCache {
  private readonly entries = new Map<string, { at: number; live: boolean }>();

  constructor(
    private readonly db: Queryable,
    private readonly ttlMs: number,
  ) {}

  /** Does the session still exist? One primary-key lookup on a miss. */
  async live(sessionId: string): Promise<boolean> {
    if (!UUID.test(sessionId)) return false;
    const now = Date.now();
    const hit = this.entries.get(sessionId);
    if (hit && now - hit.at < this.ttlMs) return hit.live;
    const { rows } = await this.db.query('SELECT 1 FROM app_sessions WHERE id = $1', [sessionId]);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(sessionId, { at: now, live: rows.length > 0 });
    return rows.length > 0;
  }

  /** Forget cached answers (called after this process ends sessions). */
  clear(): void {
    this.entries.clear();
  }
}
