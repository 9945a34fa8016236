// Keys as the app sees them: the §3.6 key (keys/present.ts) plus its lock and project.
import type { StoredPin } from '../keys/pin.ts';
import { presentKey, type KeyRow as StoredKeyRow } from '../keys/present.ts';

/** A key as the app queries read it (joined with its lock, so columns are `k.`-qualified). */
export type KeyRow = Omit<StoredKeyRow, 'sharing_right_id'>;

export const KEY_COLUMNS =
  'k.id, k.project_id, k.lock_id, k.app_user_id, k.origin, k.shared_by, k.starts, k.ends, k.recurrence, k.metadata, k.created, k.revoked';

export { presentKey };

export interface AppKeyRow extends KeyRow {
  lock_name: string;
  timezone: string;
  can_share: boolean;
}

export function presentAppKey(k: AppKeyRow, now = new Date(), pin?: StoredPin, showCode = false) {
  return {
    ...presentKey(k, now, pin, showCode),
    projectId: k.project_id,
    lockName: k.lock_name,
    lockTimezone: k.timezone,
    canShare: k.can_share,
  };
}
