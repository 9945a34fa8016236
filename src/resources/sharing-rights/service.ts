// Batch creation of sharing rights: all or nothing, every problem named at once.
import type { Db } from '../../db/db.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, type InvalidParam } from '../../http/errors.ts';
import { batchLockProblems } from '../locks/queries.ts';
import { managedUsersEnsure } from '../managed-users/queries.ts';
import { sharingRightInsertMany, sharingRightsActive } from './queries.ts';

const itemIndex = (name: string) => Number(/^sharingRights\.(\d+)/.exec(name)?.[1] ?? -1);

/**
 * `schemaProblems` are structural errors of some items (from the route's schema); those items are
 * not checked further. Unknown locks and repeats are 400, an existing active right is 409.
 */
export async function sharingRightsCreate(
  db: Db,
  projectId: string,
  items: { lockId: string; appUserId: string }[],
  schemaProblems: InvalidParam[] = [],
) {
  const problems: InvalidParam[] = [...schemaProblems];
  const malformed = new Set(schemaProblems.map((p) => itemIndex(p.name)));
  const seen = new Map<string, number>();
  items.forEach((s, i) => {
    if (malformed.has(i)) return;
    const k = `${s.lockId}|${s.appUserId}`;
    const first = seen.get(k);
    if (first !== undefined)
      problems.push({ name: `sharingRights.${i}`, reason: `repeats sharingRights.${first}` });
    else seen.set(k, i);
  });
  try {
    return await db.transaction(async (tx) => {
      problems.push(...(await batchLockProblems(tx, projectId, 'sharingRights', items, malformed)));
      if (problems.length) {
        problems.sort((a, b) => itemIndex(a.name) - itemIndex(b.name));
        throw badRequest('Invalid sharing rights; nothing was created', problems);
      }
      const active = await sharingRightsActive(tx, projectId, items);
      const existing = items.flatMap((s, i) =>
        active.has(`${s.lockId}|${s.appUserId}`)
          ? [{ name: `sharingRights.${i}`, reason: 'an active sharing right already exists' }]
          : [],
      );
      if (existing.length) throw conflict('A sharing right already exists; nothing was created', existing);
      await managedUsersEnsure(
        tx,
        projectId,
        items.map((s) => s.appUserId),
      );
      return sharingRightInsertMany(tx, projectId, items);
    });
  } catch (e) {
    // Two concurrent calls creating the same right: the unique index decides.
    if (isUniqueViolation(e)) throw conflict('A sharing right already exists; nothing was created');
    throw e;
  }
}
