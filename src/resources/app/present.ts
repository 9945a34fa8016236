// Keys as the API shows them (API.md §3.6), with `state` derived from the current time.
import type { Recurrence } from '../../time/recurrence.ts';

export interface KeyRow {
  id: string;
  project_id: string;
  lock_id: string;
  app_user_id: string;
  origin: 'integrator' | 'shared';
  shared_by: string | null;
  starts: Date;
  ends: Date | null;
  recurrence: Recurrence | null;
  metadata: Record<string, string>;
  created: Date;
  revoked: Date | null;
}

export const KEY_COLUMNS =
  'k.id, k.project_id, k.lock_id, k.app_user_id, k.origin, k.shared_by, k.starts, k.ends, k.recurrence, k.metadata, k.created, k.revoked';

export type KeyState = 'scheduled' | 'active' | 'expired' | 'revoked';

export function keyState(k: Pick<KeyRow, 'starts' | 'ends' | 'revoked'>, now = new Date()): KeyState {
  const t = now.getTime();
  if (k.revoked && k.revoked.getTime() <= t) return 'revoked';
  if (k.ends && k.ends.getTime() <= t) return 'expired';
  if (k.starts.getTime() > t) return 'scheduled';
  return 'active';
}

export function presentKey(k: KeyRow, now = new Date()) {
  return {
    id: k.id,
    lockId: k.lock_id,
    appUserId: k.app_user_id,
    start: k.starts.toISOString(),
    end: k.ends ? k.ends.toISOString() : null,
    recurrence: k.recurrence,
    state: keyState(k, now),
    origin: k.origin,
    ...(k.shared_by ? { sharedBy: k.shared_by } : {}),
    created: k.created.toISOString(),
    ...(k.revoked ? { revoked: k.revoked.toISOString() } : {}),
    metadata: k.metadata,
  };
}

export interface AppKeyRow extends KeyRow {
  lock_name: string;
  timezone: string;
  can_share: boolean;
}

export function presentAppKey(k: AppKeyRow, now = new Date()) {
  return {
    ...presentKey(k, now),
    projectId: k.project_id,
    lockName: k.lock_name,
    lockTimezone: k.timezone,
    canShare: k.can_share,
  };
}
