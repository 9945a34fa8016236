// POST /v2/app/keys/{keyId}/share. The shared key can never do more than the sharer's key:
//   - its window lies within the sharer's: start defaults to max(now, sharer's start) and may not be
//     earlier than the sharer's start; end defaults to the sharer's end (null when the sharer's key
//     never expires) and may not be later than it; end must be after start and in the future;
//   - it inherits the sharer's recurrence windows;
//   - it hangs on the sharer's sharing right (sharing_right_id): revoking the right revokes it.

import type { AppContext } from '../../context.ts';
import { enqueueKeyChanged } from '../../delivery/envelopes.ts';
import { badRequest, forbidden, found, type InvalidParam, tooManyRequests } from '../../http/errors.ts';
import { appKeyFindLive, sharedKeyInsert, shareRetryAfter, sharingRightActive } from './key-queries.ts';
import type { KeyRow } from './present.ts';

export interface ShareInput {
  appUserId: string;
  start?: string;
  end?: string;
}

export async function keyShare(
  ctx: AppContext,
  sharer: string,
  keyId: string,
  input: ShareInput,
  now = new Date(),
): Promise<KeyRow> {
  if (input.appUserId === sharer)
    throw badRequest('Cannot share a key with yourself', [
      { name: 'appUserId', reason: 'must be another app user' },
    ]);
  return ctx.db.transaction(async (tx) => {
    // Every share creates a managed user who can ask for login codes: an app user shares at most
    // LATCHKEY_APP_SHARE_RATE_PER_HOUR keys in any hour, counted in the store (all processes).
    const perHour = ctx.config.appShareRatePerHour;
    const wait = perHour > 0 ? await shareRetryAfter(tx, sharer, perHour) : undefined;
    if (wait !== undefined) {
      throw tooManyRequests(`At most ${perHour} shares per hour, one at a time; retry in ${wait} s`, wait);
    }
    const key = await found('key', appKeyFindLive(tx, sharer, keyId));
    const rightId = await sharingRightActive(tx, key.project_id, key.lock_id, sharer);
    if (!rightId) throw forbidden('You have no sharing right on this lock');

    const bad: InvalidParam[] = [];
    const starts = input.start
      ? new Date(input.start)
      : new Date(Math.max(now.getTime(), key.starts.getTime()));
    const ends = input.end ? new Date(input.end) : key.ends;
    if (Number.isNaN(starts.getTime())) bad.push({ name: 'start', reason: 'must be a valid date-time' });
    else if (starts < key.starts)
      bad.push({
        name: 'start',
        reason: `must not be before the shared key's start ${key.starts.toISOString()}`,
      });
    if (ends && Number.isNaN(ends.getTime())) bad.push({ name: 'end', reason: 'must be a valid date-time' });
    else if (ends && key.ends && ends > key.ends)
      bad.push({ name: 'end', reason: `must not be after the shared key's end ${key.ends.toISOString()}` });
    else if (ends && ends <= starts) bad.push({ name: 'end', reason: 'must be after start' });
    else if (ends && ends <= now) bad.push({ name: 'end', reason: 'must be in the future' });
    if (bad.length) throw badRequest('The shared key must lie within your own key', bad);

    const shared = await sharedKeyInsert(tx, {
      projectId: key.project_id,
      lockId: key.lock_id,
      appUserId: input.appUserId,
      sharedBy: sharer,
      sharingRightId: rightId,
      starts,
      ends,
      recurrence: key.recurrence,
    });
    await enqueueKeyChanged(tx, 'key.shared', [shared], now);
    return shared;
  });
}
