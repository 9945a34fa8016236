// The bridge's side of keys → PINs: make one lock's users match what the service wants, and
// nothing more. The service says what the lock must hold (DesiredLockState, computed by
// desiredLockState() in src/resources/keys/lock-pins.ts); reconcileLock() reads the lock's users,
// removes what does not belong, writes what is missing or changed, and reports which user slot
// holds which key (ReconcileReport, recorded by recordReconcileReport()). Both are plain JSON, so
// they can cross the bridge's channel to the service unchanged.
//
// Decisions, and why:
// - Every user on the lock that holds no wanted key is removed, whoever created it: a code added
//   at the keypad, in the vendor's app or by another Matter controller opens the door with no key
//   behind it, no window and no record. The risk: a lock shared with a home's own codes (or
//   another ecosystem's) loses them at the next pass. A lock connected to Latchkey is Latchkey's
//   to keep; docs/matter.md says so.
// - A user is ours and a key's when this fabric created it and its UniqueID is the key PIN's `ref`
//   (its name says the same, `lk-<ref in base 36>`, for people looking at the lock's app). A ref
//   is never reused on a lock, so a user left behind can never be mistaken for a later key.
// - The slot of a key already on the lock is kept (no rewrite, no gap in service); a new key takes
//   the lowest free slot, with its PIN in the credential slot of the same number.
// - Capacity: one plan per pass, deterministic. Keys whose time has come go before keys written
//   ahead of their start; within each, keys already on the lock first, then in the service's order
//   (earliest start). What does not fit is `failed`, naming the limit; a key written ahead of its
//   start is taken off again to make room for one whose time has come.
// - Removals go before writes, so a freed slot or PIN can be used in the same pass.
// - A transport failure (the lock asleep, gone, slow) stops the pass: what was done is reported,
//   the rest stays `pending`, and the next pass (the service retries) carries on. A refusal by the
//   lock fails that key alone.
// - Matter PINs cannot be read back, so a user of ours is checked by what can be read (its name,
//   status, type, PIN credential slot and schedules); a key's PIN never changes for its life, and
//   a new PIN for a key would come with a new ref, so a new user.
import type { LockCapabilities, LockUserRead, MatterController } from './controller.ts';
import { classify, MatterLockError } from './errors.ts';
import type { WeekDaySchedule, YearDaySchedule } from './schedules.ts';

/** One key the lock must hold: its PIN, and the schedules that bound it on the lock. */
export interface DesiredLockUser {
  keyId: string;
  /** The user's tag on the lock: its UniqueID (1..2^32-2), unique per lock and never reused. */
  ref: number;
  pin: string;
  /** Whether the key's time has started (else its PIN is written ahead, bounded by its year-day schedule). */
  active: boolean;
  weekDays: WeekDaySchedule[];
  yearDays: YearDaySchedule[];
}

export interface DesiredLockState {
  lockId: string;
  /** The instant the service computed it for (ISO 8601). */
  at: string;
  timeZone: string;
  /** In the service's order of preference when the lock cannot hold them all. */
  users: DesiredLockUser[];
}

export interface Problem {
  title: string;
  detail: string;
}

export interface ReconcileKeyResult {
  keyId: string;
  /** The lock's user slot holding the key's PIN (status `set`). */
  userIndex?: number;
  /** `pending`: not done in this pass (it stopped early); try again. */
  status: 'set' | 'failed' | 'pending';
  error?: Problem;
}

export interface ReconcileRemoved {
  userIndex: number;
  /** The ref of a user of ours (a key that is no longer wanted), else null. */
  ref: number | null;
  /** false: someone else created it (at the lock, another controller). */
  ours: boolean;
  name: string;
}

export interface ReconcileReport {
  lockId: string;
  /** `at` of the desired state this pass applied. */
  desiredAt: string;
  /** The lock now holds exactly the wanted keys (less those that failed). */
  complete: boolean;
  /** Why the pass stopped before the end (a transient failure: retry later). */
  error?: Problem & { transient: boolean };
  keys: ReconcileKeyResult[];
  removed: ReconcileRemoved[];
  /** Users written in this pass (new, or rewritten because they differed). */
  written: number;
}

/** The user name that tags a key's PIN on the lock (the cluster allows 10 bytes; this is at most 10). */
export const userName = (ref: number) => `lk-${ref.toString(36)}`;

/** How many keys the lock can hold: users, each with its PIN in the credential slot of the same number. */
export function lockSlots(caps: LockCapabilities): number {
  return caps.keypad ? Math.min(caps.capacity.users, caps.capacity.pinCodes) : 0;
}

/**
 * Why the lock cannot hold this key whatever else it holds (its schedules, its PIN's length), in
 * the words the controller uses, or undefined. Checked before the plan, so such a key takes no slot.
 */
export function cannotHold(caps: LockCapabilities, d: DesiredLockUser): MatterLockError | undefined {
  const c = caps.capacity;
  if (d.weekDays.length > 0 && !caps.features.weekDaySchedules)
    return new MatterLockError(
      'unsupported',
      'the key has a recurrence and the lock has no week-day schedules',
    );
  if (d.weekDays.length > c.weekDaySchedulesPerUser)
    return new MatterLockError(
      'noSpace',
      `the key needs ${d.weekDays.length} week-day schedules; the lock holds ${c.weekDaySchedulesPerUser} per user`,
    );
  if (d.yearDays.length > 0 && !caps.features.yearDaySchedules)
    return new MatterLockError(
      'unsupported',
      'the key starts or ends and the lock has no year-day schedules',
    );
  if (d.yearDays.length > c.yearDaySchedulesPerUser)
    return new MatterLockError(
      'noSpace',
      `the key needs ${d.yearDays.length} year-day schedules; the lock holds ${c.yearDaySchedulesPerUser} per user`,
    );
  if (d.pin.length < caps.pinLength.min || d.pin.length > caps.pinLength.max)
    return new MatterLockError(
      'constraint',
      `the lock takes PINs of ${caps.pinLength.min} to ${caps.pinLength.max} digits; this one has ${d.pin.length}`,
    );
  return undefined;
}

const canon = (o: unknown) =>
  JSON.stringify(o, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** Whether a user of ours already holds the key as wanted (what Matter lets us read back). */
async function intact(
  c: MatterController,
  lockId: string,
  u: LockUserRead,
  d: DesiredLockUser,
): Promise<boolean> {
  const restricted = d.weekDays.length > 0 || d.yearDays.length > 0;
  if (u.name !== userName(d.ref) || u.status !== 'enabled') return false;
  if ((u.type === 'unrestrictedUser') === restricted) return false;
  if (
    u.credentials.length !== 1 ||
    u.credentials[0]!.type !== 'pin' ||
    u.credentials[0]!.index !== u.userIndex
  )
    return false;
  const held = await c.readSchedules(lockId, u.userIndex);
  return canon(held) === canon({ weekDays: d.weekDays, yearDays: d.yearDays });
}

/**
 * Makes the lock's users match `desired` (see the top of this file). Never throws for what the
 * lock does or refuses: the report says it (`complete: false` with `error` when it stopped early).
 */
export async function reconcileLock(
  c: MatterController,
  lockId: string,
  desired: DesiredLockState,
): Promise<ReconcileReport> {
  const results = new Map<string, ReconcileKeyResult>(
    desired.users.map((u) => [u.keyId, { keyId: u.keyId, status: 'pending' }]),
  );
  const report: ReconcileReport = {
    lockId,
    desiredAt: desired.at,
    complete: false,
    keys: [],
    removed: [],
    written: 0,
  };
  const fail = (keyId: string, e: Problem) =>
    results.set(keyId, { keyId, status: 'failed', error: { title: e.title, detail: e.detail } });
  try {
    const caps = c.capabilities(lockId);
    if (!caps.keypad) {
      const e = new MatterLockError('unsupported', 'the lock has no keypad (no PIN credentials with users)');
      for (const u of desired.users) fail(u.keyId, e.problem);
      report.complete = true;
      return report;
    }
    const slots = lockSlots(caps);
    const holdable = desired.users.filter((u) => {
      const why = cannotHold(caps, u);
      if (why) fail(u.keyId, why.problem);
      return !why;
    });
    const wanted = new Map(holdable.map((u) => [u.ref, u]));
    /** key id → the user of ours that holds it */
    const held = new Map<string, LockUserRead>();
    const remove: LockUserRead[] = [];
    for (const u of await c.listUsers(lockId)) {
      const d = u.ours && u.uniqueId !== null ? wanted.get(u.uniqueId) : undefined;
      if (d && !held.has(d.keyId) && u.userIndex <= slots) held.set(d.keyId, u);
      else remove.push(u);
    }
    const rank = (u: DesiredLockUser) => (u.active ? 0 : 2) + (held.has(u.keyId) ? 0 : 1);
    const ordered = holdable
      .map((u, i) => ({ u, i }))
      .sort((a, b) => rank(a.u) - rank(b.u) || a.i - b.i)
      .map((x) => x.u);
    const fits = ordered.slice(0, slots);
    for (const u of ordered.slice(slots)) {
      const h = held.get(u.keyId);
      if (h) {
        remove.push(h);
        held.delete(u.keyId);
      }
      fail(u.keyId, {
        title: 'The lock has no room left',
        detail: `the lock holds ${slots} users with a PIN code; ${holdable.length} keys need one on it`,
      });
    }
    for (const u of remove) {
      await c.clearUser(lockId, u.userIndex, { evenIfNotOurs: !u.ours });
      report.removed.push({
        userIndex: u.userIndex,
        ref: u.ours ? u.uniqueId : null,
        ours: u.ours,
        name: u.name,
      });
    }
    const taken = new Set([...held.values()].map((u) => u.userIndex));
    const free: number[] = [];
    for (let i = 1; i <= slots; i++) if (!taken.has(i)) free.push(i);
    for (const d of fits) {
      const h = held.get(d.keyId);
      if (h && (await intact(c, lockId, h, d))) {
        results.set(d.keyId, { keyId: d.keyId, userIndex: h.userIndex, status: 'set' });
        continue;
      }
      const userIndex = h?.userIndex ?? free.shift()!;
      try {
        await c.writeUser(lockId, {
          userIndex,
          name: userName(d.ref),
          uniqueId: d.ref,
          pin: d.pin,
          credentialIndex: userIndex,
          weekDays: d.weekDays,
          yearDays: d.yearDays,
        });
        report.written++;
        results.set(d.keyId, { keyId: d.keyId, userIndex, status: 'set' });
      } catch (e) {
        if (!(e instanceof MatterLockError) || e.transient) throw e;
        fail(d.keyId, e.problem);
        // A rewrite that the lock refused must not leave the old one opening the door.
        if (h) await c.clearUser(lockId, userIndex);
        free.unshift(userIndex);
        free.sort((a, b) => a - b);
      }
    }
    report.complete = true;
  } catch (e) {
    const err = classify(e, 'reconciling the lock');
    report.error = { ...err.problem, transient: err.transient };
  } finally {
    report.keys = desired.users.map((u) => results.get(u.keyId)!);
  }
  return report;
}
