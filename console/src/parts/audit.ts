// The audit trail as the console reads it: a project's records, and a key's history in words
// ("created by client … at …, revoked by …"), from the project's audit list.
import { collect, fmtTime, type LatchkeyClient, type Schemas } from '../client.ts';

export type AuditRecord = Schemas['AuditRecord'];

/** Who made a change, in words. */
export function actorText(a: AuditRecord['actor']): string {
  switch (a.type) {
    case 'admin':
      return 'the operator';
    case 'client':
      return `client ${a.id}`;
    case 'appUser':
      return `app user ${a.id}`;
    case 'bridge':
      return `bridge ${a.id}`;
    default:
      return `the service${a.id ? ` (${a.id})` : ''}`;
  }
}

/** The project's records, up to `max`, optionally of one action. */
export function auditRecords(
  api: LatchkeyClient,
  projectId: string,
  query: { action?: string } = {},
  max = 2000,
) {
  return collect<AuditRecord>(
    api.paginate('/v2/projects/{projectId}/audit', { path: { projectId }, query: { limit: 1000, ...query } }),
    max,
  );
}

const KEY_EVENTS: Record<string, string> = {
  'key.created': 'created',
  'key.shared': 'shared',
  'key.revoked': 'revoked',
};

/** Each key's history in words, by key id, from the project's key records. */
export async function keyHistories(api: LatchkeyClient, projectId: string): Promise<Map<string, string>> {
  const lists = await Promise.all(
    Object.keys(KEY_EVENTS).map((action) => auditRecords(api, projectId, { action })),
  );
  const byKey = new Map<string, AuditRecord[]>();
  for (const r of lists.flat()) {
    if (!r.resource.id) continue;
    byKey.set(r.resource.id, [...(byKey.get(r.resource.id) ?? []), r]);
  }
  const out = new Map<string, string>();
  for (const [id, rs] of byKey) {
    rs.sort((a, b) => (a.id < b.id ? -1 : 1));
    out.set(
      id,
      rs.map((r) => `${KEY_EVENTS[r.action]} by ${actorText(r.actor)} at ${fmtTime(r.at)}`).join(', '),
    );
  }
  return out;
}
