// Batch key creation: all-or-nothing. Every item is checked first and every problem is
// reported at once (`keys.17.lockId`); only a fully valid batch is written, in one transaction.

import type { Static } from '@sinclair/typebox';
import { reconcileAfterKeyChange } from '../../bridge/reconcile-queue.ts';
import type { Keyring } from '../../crypto/master-key.ts';
import type { Db, Tx } from '../../db/db.ts';
import { enqueueKeyChanged } from '../../delivery/envelopes.ts';
import type { InvalidParam } from '../../http/errors.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { metadataKeyProblems } from '../../http/metadata.ts';
import { uuidv7 } from '../../ids.ts';
import { type Recurrence, recurrenceProblems } from '../../time/recurrence.ts';
import { batchLockProblems } from '../locks/queries.ts';
import { managedUsersEnsure } from '../managed-users/queries.ts';
import type { StoredPin } from './pin.ts';
import { lockTakesPins, type PinItem, pinsInsert } from './pin-queries.ts';
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

/** What creating keys with PIN codes needs: the master key (codes are sealed) and the length of a generated one. */
export interface PinOptions {
  keyring: Keyring;
  length: number;
}

/** The items' PINs on locks that take none: 400 naming `keys.<i>.pin`. */
async function pinLockProblems(tx: Tx, items: Item[], skip: Set<number>): Promise<InvalidParam[]> {
  const asked = items.flatMap((item, i) => (!skip.has(i) && item.pin ? [{ item, i }] : []));
  const takes = new Map<string, boolean>();
  for (const lockId of new Set(asked.map((a) => a.item.lockId)))
    takes.set(lockId, await lockTakesPins(tx, lockId));
  return asked.flatMap(({ item, i }) =>
    takes.get(item.lockId)
      ? []
      : [
          {
            name: `keys.${i}.pin`,
            reason: 'the lock takes no PIN codes: it has no Matter connection with a keypad',
          },
        ],
  );
}

/**
 * Validates and creates the keys; returns them in the order given, with the PINs of those that
 * have one. `schemaProblems` are the structural errors of some items (from the route's schema):
 * those items are not checked further, every other item is, and all problems are reported together
 * in item order. A PIN already live on its lock is 409 (after every 400 check).
 */
export async function keysCreate(
  db: Db,
  projectId: string,
  items: Item[],
  schemaProblems: InvalidParam[] = [],
  pinOptions?: PinOptions,
): Promise<{ keys: KeyRow[]; pins: Map<string, StoredPin> }> {
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
    const lockProblems = await batchLockProblems(tx, projectId, 'keys', items, malformed);
    problems.push(...lockProblems);
    const noLock = new Set([...malformed, ...lockProblems.map((p) => itemIndex(p.name))]);
    problems.push(...(await pinLockProblems(tx, items, noLock)));
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
    // Every item is well-formed here (a malformed one made the call fail above).
    const pinItems: PinItem[] = items.flatMap((item, i) =>
      item.pin
        ? [
            {
              index: i,
              keyId: ids[i]!,
              lockId: item.lockId,
              code: typeof item.pin === 'string' ? item.pin : undefined,
            },
          ]
        : [],
    );
    if (pinItems.length === 0) return { keys, pins: new Map() };
    if (!pinOptions) throw new Error('keysCreate: PIN codes asked for without the keyring');
    const pins = await pinsInsert(tx, pinOptions.keyring, projectId, pinItems, pinOptions.length, now);
    if (Array.isArray(pins))
      throw conflict('A PIN asked for is live on its lock already; nothing was created', pins);
    // The new PINs go to their locks once this commits (the bridge is woken then).
    await reconcileAfterKeyChange(
      tx,
      pinItems.map((p) => p.keyId),
    );
    return { keys, pins };
  });
}
