// Is an uploaded access event acceptable? Pure: judged at the event's own `created` time (the app
// may upload hours late, after the key has expired or been revoked), against the service clock
// only for the two plausibility bounds.
import { DAY_MS } from '../../time/durations.ts';
import { isKeyUsableAt, type KeyTimes } from '../../time/recurrence.ts';
import type { RejectReason } from './schema.ts';

/** App clocks drift; an event more than this far ahead of the service clock is not believed. */
export const MAX_FUTURE_MS = 5 * 60 * 1000;

export interface KeyForEvent extends KeyTimes {
  timezone: string;
}

export function eventRejectReason(
  key: KeyForEvent | undefined,
  created: Date,
  now: Date,
  retentionDays: number,
): RejectReason | undefined {
  if (!key) return 'key_not_found';
  const t = created.getTime();
  if (t > now.getTime() + MAX_FUTURE_MS) return 'created_in_future';
  if (t < now.getTime() - retentionDays * DAY_MS) return 'created_too_old';
  if (isKeyUsableAt(key, key, created)) return undefined;
  // Not usable: name the first rule it breaks, in the order isKeyUsableAt checks them.
  if (key.revoked && key.revoked.getTime() <= t) return 'key_revoked';
  if (t < key.starts.getTime()) return 'before_start';
  if (key.ends && t >= key.ends.getTime()) return 'after_end';
  return 'outside_recurrence';
}
