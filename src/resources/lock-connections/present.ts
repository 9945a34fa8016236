/** A lock_connections row as to_jsonb gives it (timestamps as text). */
export interface ConnectionJson {
  lock_id: string;
  bridge_id: string;
  type: 'matter';
  status: 'commissioning' | 'online' | 'unreachable' | 'failed';
  lock_state: 'locked' | 'unlocked' | 'jammed' | 'unknown';
  battery_percent: number | null;
  keypad: boolean | null;
  capacity: {
    users: number;
    pinCodes: number;
    weekDaySchedulesPerUser: number;
    yearDaySchedulesPerUser: number;
  } | null;
  vendor: string | null;
  product: string | null;
  last_seen: string | null;
  error: { title: string; detail: string } | null;
}

export function presentConnection(c: ConnectionJson) {
  return {
    type: c.type,
    bridgeId: c.bridge_id,
    status: c.status,
    lockState: c.lock_state,
    batteryPercent: c.battery_percent,
    keypad: c.keypad,
    capacity: c.capacity,
    vendor: c.vendor,
    product: c.product,
    lastSeen: c.last_seen === null ? null : new Date(c.last_seen).toISOString(),
    error: c.error,
  };
}
