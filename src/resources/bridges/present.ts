export interface BridgeRow {
  id: string;
  organization_id: string | null;
  name: string;
  lease_until: Date | null;
  last_seen: Date | null;
  created: Date;
}

export const BRIDGE_COLUMNS = 'id, organization_id, name, lease_until, last_seen, created';

/** A bridge is online while a process of it holds its lease (renewed by every poll). */
export function bridgeOnline(r: Pick<BridgeRow, 'lease_until'>, now = new Date()): boolean {
  return r.lease_until !== null && r.lease_until.getTime() > now.getTime();
}

export function presentBridge(r: BridgeRow, now = new Date()) {
  return {
    id: r.id,
    name: r.name,
    status: bridgeOnline(r, now) ? ('online' as const) : ('offline' as const),
    lastSeen: r.last_seen?.toISOString() ?? null,
    local: r.organization_id === null,
    created: r.created.toISOString(),
  };
}
