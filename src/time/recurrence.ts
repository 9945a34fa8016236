// When may a key be used? Pure functions, shared by key presentation (state) and event validation.
// Recurrence windows are weekly wall-clock windows in the LOCK's time zone. They are evaluated on
// the local wall clock (weekday, HH:MM) of the instant, never by adding hours to a UTC start, so
// DST days come out right: a window that spans the change follows the clock on the wall (00:00–05:00
// is 4 real hours on a spring-forward night in Oslo, 6 on a fall-back night); a window past midnight
// (22:00–06:00) belongs to the day it starts on. A wall-clock time that happens twice (the repeated
// hour of a fall-back night) is inside a window both times; one that never happens (the skipped
// hour) is simply never reached. Windows away from the change keep their length.
// (The rrule package expands occurrences in UTC and is one hour off on DST days.)

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface RecurrenceWindow {
  days: Weekday[];
  /** "HH:MM", 00:00–23:59 */
  from: string;
  /** "HH:MM", 00:00–24:00; earlier than `from` means the window runs past midnight. */
  to: string;
}

export interface Recurrence {
  windows: RecurrenceWindow[];
}

export interface KeyTimes {
  starts: Date;
  ends: Date | null;
  revoked: Date | null;
  recurrence: Recurrence | null;
}

const HHMM = /^([01][0-9]|2[0-3]):([0-5][0-9])$|^24:00$/;

/** Minutes since midnight of "HH:MM", or undefined when malformed. */
export function parseClock(s: string): number | undefined {
  if (!HHMM.test(s)) return undefined;
  return Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `instant` in `timeZone`: weekday index (0 = Sunday) and minutes since midnight. */
export function localClock(instant: Date, timeZone: string): { weekday: number; minutes: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  let weekday = 0;
  let hour = 0;
  let minute = 0;
  for (const p of f.formatToParts(instant)) {
    if (p.type === 'weekday') weekday = WEEKDAYS.indexOf(p.value.toLowerCase().slice(0, 3) as Weekday);
    else if (p.type === 'hour') hour = Number(p.value);
    else if (p.type === 'minute') minute = Number(p.value);
  }
  return { weekday, minutes: hour * 60 + minute };
}

/** Is the wall-clock moment inside one of the windows? */
export function inRecurrence(recurrence: Recurrence, instant: Date, timeZone: string): boolean {
  const { weekday, minutes } = localClock(instant, timeZone);
  const yesterday = WEEKDAYS[(weekday + 6) % 7]!;
  const today = WEEKDAYS[weekday]!;
  return recurrence.windows.some((w) => {
    const from = parseClock(w.from)!;
    const to = parseClock(w.to)!;
    if (from < to) return w.days.includes(today) && minutes >= from && minutes < to;
    // Past midnight: the evening part belongs to today's window, the morning part to yesterday's.
    return (w.days.includes(today) && minutes >= from) || (w.days.includes(yesterday) && minutes < to);
  });
}

/** May the key be used at `instant` on this lock? Start inclusive, end exclusive. */
export function isKeyUsableAt(key: KeyTimes, lock: { timezone: string }, instant: Date): boolean {
  const t = instant.getTime();
  if (key.revoked && key.revoked.getTime() <= t) return false;
  if (t < key.starts.getTime()) return false;
  if (key.ends && t >= key.ends.getTime()) return false;
  return key.recurrence ? inRecurrence(key.recurrence, instant, lock.timezone) : true;
}

/** At most this many windows per key: four per weekday covers every real schedule we know of. */
export const MAX_WINDOWS = 28;
const FROM = /^([01][0-9]|2[0-3]):([0-5][0-9])$/;

/**
 * What is wrong with a recurrence, as `{ name, reason }` under `path` (`keys.3.recurrence`).
 * The HTTP schema already enforces the shape; this is the rule set in one pure place (shared with
 * event validation), and the only check of `from == to` (a zero-length or 24-hour window: ambiguous).
 */
export function recurrenceProblems(r: unknown, path = 'recurrence'): { name: string; reason: string }[] {
  const out: { name: string; reason: string }[] = [];
  const windows = (r as { windows?: unknown } | null)?.windows;
  if (!Array.isArray(windows)) return [{ name: `${path}.windows`, reason: 'must be an array of windows' }];
  if (windows.length === 0) out.push({ name: `${path}.windows`, reason: 'must hold at least one window' });
  if (windows.length > MAX_WINDOWS)
    out.push({ name: `${path}.windows`, reason: `must hold at most ${MAX_WINDOWS} windows` });
  windows.slice(0, MAX_WINDOWS).forEach((w: Partial<RecurrenceWindow> | null, i) => {
    const at = `${path}.windows.${i}`;
    const days = w?.days;
    if (!Array.isArray(days) || days.length === 0)
      out.push({ name: `${at}.days`, reason: 'must list at least one day' });
    else {
      const bad = days.findIndex((d) => !(WEEKDAYS as readonly unknown[]).includes(d));
      if (bad >= 0)
        out.push({ name: `${at}.days.${bad}`, reason: 'must be one of mon, tue, wed, thu, fri, sat, sun' });
      else if (new Set(days).size !== days.length)
        out.push({ name: `${at}.days`, reason: 'must not repeat a day' });
    }
    const fromOk = typeof w?.from === 'string' && FROM.test(w.from);
    const toOk = typeof w?.to === 'string' && parseClock(w.to) !== undefined;
    if (!fromOk) out.push({ name: `${at}.from`, reason: 'must be a time HH:MM from 00:00 to 23:59' });
    if (!toOk) out.push({ name: `${at}.to`, reason: 'must be a time HH:MM from 00:00 to 24:00' });
    if (fromOk && toOk && w!.from === w!.to)
      out.push({ name: `${at}.to`, reason: 'must differ from `from` (use 00:00 to 24:00 for a whole day)' });
  });
  return out;
}
