import type { AccessEventRow } from './queries.ts';

/** "…:30.123456Z" → "…:30.123Z": milliseconds, truncated, as Date#toISOString prints them. */
const millis = (us: string) => `${us.slice(0, 23)}Z`;

/** An access-log item, as the list and the live stream show it. */
export function presentAccessEvent(r: AccessEventRow) {
  return {
    id: r.id,
    action: r.action as 'locked' | 'unlocked',
    created: millis(r.created_text),
    keyId: r.key_id,
    lockId: r.lock_id,
    lockName: r.lock_name,
    appUserId: r.app_user_id,
    userName: r.user_name,
    received: millis(r.received_text),
    origin: r.origin as 'integrator' | 'shared',
  };
}
