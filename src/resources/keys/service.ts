// Batch key creation: all-or-nothing. Every item is checked first and every problem is
// reported at once (`keys.17.lockId`); only a fully valid batch is written, in one transaction.

import type { Static } from '@sinclair/typebox';
import type { Db } from '../../db/db.ts';
import { enqueueKeyChanged } from '../../delivery/envelopes.ts';
import type { InvalidParam } from '../../http/errors.ts';
import { badRequest } from '../../http/errors.ts';
import { metadataKeyProblems } from '../../http/metadata.ts';
import { uuidv7 } from '../../ids.ts';
import { type Recurrence, recurrenceProblems } from '../../time/recurrence.ts';
import { batchLockProblems } from '../locks/queries.ts';
import { managedUsersEnsure } from '../managed-users/queries.ts';
import type { KeyRow } from './present.ts';
import { type KeyInsert, keyInsertMany } from './queries.ts';
import type { KeyCreateItem } from './schema.ts';

type Item = Static<typeof KeyCreateItem>;

/** Report at most this many problems: enough to fix a batch, small enough to read. */
const MAX_REPORTED = 1000;

/** The item's validity window, or the problems with it. */
export function keyTimes(
  item: Item,
  now: Date,
  path: string,
): { starts: Date; ends: Date | null } | InvalidParam[] {
  const problems: InvalidParam[] = [];
  const starts = item.start === undefined ? now : new Date(item.start);
  if (Number.isNaN(starts.getTime())) problems.push({ name: `${path}.start`, reason: 'is not a valid time' });
  let ends: Date | null = null;
  if (item.durationMinutes !== undefined && item.end !== undefined) {
    problems.push({ name: `${path}.durationMinutes`, reason: 'cannot be combined with end' });
  } else if (item.durationMinutes !== undefined) {
    ends = new Date(starts.getTime() + item.durationMinutes * 60_000);
  } else if (item.end != null) {
    ends = new Date(item.end);
    if (Number.isNaN(ends.getTime())) problems.push({ name: `${path}.end`, reason: 'is not a valid time' });
    else if (ends.getTime() <= starts.getTime())
      problems.push({
        name: `${path}.end`,
        reason: item.start === undefined ? 'must be after start (now)' : 'must be after start',
      });
  }
  return problems.length ? problems : { starts, ends };
}

const itemIndex = (name: string) => Number(/^keys\.(\d+)/.exec(name)?.[1] ?? -1);

/**
 * Validates and creates the keys; returns them in the order given. `schemaProblems` are the
 * structural errors of some items (from the route's schema): those items are not checked further,
 * every other item is, and all problems are reported together in item order.
 */
export async function keysCreate(
  db: Db,
  projectId: string,
  items: Item[],
  schemaProblems: InvalidParam[] = [],
): Promise<KeyRow[]> {
  const now = new Date();
  const problems: InvalidParam[] = [...schemaProblems];
  const malformed = new Set(schemaProblems.map((p) => itemIndex(p.name)));
  const inserts: KeyInsert[] = [];
  // Sorted UUIDv7s handed out in input order: listing by id returns the batch in the order it was sent.
  const ids = items.map(() => uuidv7(now.getTime())).sort();
  items.forEach((item, i) => {
    if (malformed.has(i)) return;
    const path = `keys.${i}`;
    const times = keyTimes(item, now, path);
    if (Array.isArray(times)) problems.push(...times);
    const recurrence = (item.recurrence ?? null) as Recurrence | null;
    if (recurrence) problems.push(...recurrenceProblems(recurrence, `${path}.recurrence`));
    problems.push(...metadataKeyProblems(item.metadata, `${path}.metadata`));
    if (!Array.isArray(times))
      inserts.push({
        id: ids[i]!,
        lockId: item.lockId,
        appUserId: item.appUserId,
        starts: times.starts,
        ends: times.ends,
        recurrence,
        metadata: item.metadata ?? {},
      });
  });
  return db.transaction(async (tx) => {
    problems.push(...(await batchLockProblems(tx, projectId, 'keys', items, malformed)));
    if (problems.length) {
      const n = problems.length;
      problems.sort((a, b) => itemIndex(a.name) - itemIndex(b.name)); // stable: keeps field order
      throw badRequest(
        n > MAX_REPORTED
          ? `${n} invalid fields in keys; the first ${MAX_REPORTED} are listed; nothing was created`
          : 'Invalid keys; nothing was created',
        problems.slice(0, MAX_REPORTED),
      );
    }
    await managedUsersEnsure(
      tx,
      projectId,
      items.map((k) => k.appUserId),
    );
    const keys = await keyInsertMany(tx, projectId, inserts, now);
    await enqueueKeyChanged(tx, 'key.created', keys, now);
    return keys;
  });
}
