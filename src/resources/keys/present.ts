// Key rows and their JSON. `state` is derived from the clock, never stored:
// revoked > expired > scheduled > active. Recurrence windows do not change the state (an active
// key outside its window is still active; isKeyUsableAt decides whether it opens the lock).
import type { Recurrence } from '../../time/recurrence.ts';
import { presentPin, type StoredPin } from './pin.ts';

export type KeyState = 'scheduled' | 'active' | 'expired' | 'revoked';
export const KEY_STATES: readonly KeyState[] = ['scheduled', 'active', 'expired', 'revoked'];

export interface KeyRow {
  id: string;
  project_id: string;
  lock_id: string;
  app_user_id: string;
  origin: 'integrator' | 'shared';
  shared_by: string | null;
  sharing_right_id: string | null;
  starts: Date;
  ends: Date | null;
  recurrence: Recurrence | null;
  metadata: Record<string, string>;
  created: Date;
  revoked: Date | null;
}

export const KEY_COLUMNS =
  'id, project_id, lock_id, app_user_id, origin, shared_by, sharing_right_id, starts, ends, recurrence, metadata, created, revoked';

export function keyState(k: Pick<KeyRow, 'starts' | 'ends' | 'revoked'>, now: Date = new Date()): KeyState {
  const t = now.getTime();
  if (k.revoked && k.revoked.getTime() <= t) return 'revoked';
  if (k.ends && k.ends.getTime() <= t) return 'expired';
  if (k.starts.getTime() > t) return 'scheduled';
  return 'active';
}

/**
 * The key as the API shows it. `pin` (the key's PIN, when it has one) shows its code only with
 * `showCode`: to project.admin and to the key's own app user, never elsewhere.
 */
export function presentKey(
  k: Omit<KeyRow, 'sharing_right_id'>,
  now: Date = new Date(),
  pin?: StoredPin,
  showCode = false,
) {
  return {
    id: k.id,
    lockId: k.lock_id,
    appUserId: k.app_user_id,
    start: k.starts.toISOString(),
    end: k.ends ? k.ends.toISOString() : null,
    recurrence: k.recurrence,
    state: keyState(k, now),
    origin: k.origin,
    ...(k.shared_by === null ? {} : { sharedBy: k.shared_by }),
    created: k.created.toISOString(),
    ...(k.revoked === null ? {} : { revoked: k.revoked.toISOString() }),
    metadata: k.metadata,
    ...(pin ? { pin: presentPin(pin, showCode) } : {}),
  };
}
