// A key's times as Matter Door Lock schedules, and the other way round (what a lock that enforces
// them lets through). Pure functions: the controller writes with the first half, the virtual lock
// enforces with the second, and both sides are tested against each other and against the key's own
// rule (src/time/recurrence.ts).
//
// Week-day schedules: one per recurrence window (days mask, start, end in the lock's local time).
// A window that runs past midnight becomes two: the evening part on its days, the morning part on
// the days after. The end is exclusive (a 09:00-17:00 schedule ends at 17:00:00), except that the
// Door Lock cluster defines an end of 23:59 as "up to 23:59:59", which is how a window ending at
// 24:00 (or the evening part of one past midnight) is written: the cluster has no 24:00.
//
// Year-day schedules: start and end as local wall-clock time in seconds. On the wire that is
// seconds since 2000-01-01 00:00 local time; matter.js's API takes and gives them as if they were
// Unix seconds (it adds and removes the 30 years itself), so `localSeconds` below is Unix-shaped:
// the local wall clock read as if it were UTC.
import { parseClock, type Recurrence, WEEKDAYS } from '../time/recurrence.ts';

export const MATTER_DAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type MatterDay = (typeof MATTER_DAYS)[number];
export type DaysMask = Partial<Record<MatterDay, boolean>>;

export interface WeekDaySchedule {
  days: DaysMask;
  startHour: number;
  startMinute: number;
  endHour: number;
  endMinute: number;
}

export interface YearDaySchedule {
  /** Local wall-clock seconds, Unix-shaped (see above). */
  localStartTime: number;
  localEndTime: number;
}

/** The latest end a year-day schedule can hold: 2000-01-01 + 2^32-1 s (2136-02-07), Unix-shaped. */
export const YEAR_DAY_MAX = 946_684_800 + 0xffff_ffff;
/** The earliest: the 2000 epoch itself. */
export const YEAR_DAY_MIN = 946_684_800;

function mask(days: number[]): DaysMask {
  const out: DaysMask = {};
  for (const d of days) out[MATTER_DAYS[d]!] = true;
  return out;
}

/** A recurrence as week-day schedules, in order (a window past midnight gives two, adjacent). */
export function weekDaySchedules(recurrence: Recurrence): WeekDaySchedule[] {
  const out: WeekDaySchedule[] = [];
  for (const w of recurrence.windows) {
    const days = w.days.map((d) => WEEKDAYS.indexOf(d)).sort((a, b) => a - b);
    const from = parseClock(w.from)!;
    const to = parseClock(w.to)!;
    const start = { startHour: Math.floor(from / 60), startMinute: from % 60 };
    if (from < to) {
      out.push({ days: mask(days), ...start, ...clockEnd(to) });
    } else {
      out.push({ days: mask(days), ...start, endHour: 23, endMinute: 59 });
      if (to > 0)
        out.push({ days: mask(days.map((d) => (d + 1) % 7)), startHour: 0, startMinute: 0, ...clockEnd(to) });
    }
  }
  return out;
}

function clockEnd(minutes: number) {
  return minutes >= 24 * 60
    ? { endHour: 23, endMinute: 59 }
    : { endHour: Math.floor(minutes / 60), endMinute: minutes % 60 };
}

/** The wall clock of `instant` in `timeZone`, read as if it were UTC, in whole seconds. */
export function localSeconds(instant: Date, timeZone: string): number {
  const parts = localParts(instant, timeZone);
  return Math.floor(
    Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) / 1000,
  );
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function localParts(instant: Date, timeZone: string) {
  let f = partFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
      hourCycle: 'h23',
    });
    partFormatters.set(timeZone, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(instant)) p[part.type] = part.value;
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
    weekday: WEEKDAYS.indexOf(p.weekday!.toLowerCase().slice(0, 3) as (typeof WEEKDAYS)[number]),
  };
}

/**
 * A key's validity (start inclusive, end exclusive or open) as a year-day schedule in the lock's
 * time zone, clamped to what the cluster can hold.
 */
export function yearDaySchedule(starts: Date, ends: Date | null, timeZone: string): YearDaySchedule {
  const clamp = (s: number) => Math.min(Math.max(s, YEAR_DAY_MIN), YEAR_DAY_MAX);
  return {
    localStartTime: clamp(localSeconds(starts, timeZone)),
    localEndTime: ends ? clamp(localSeconds(ends, timeZone)) : YEAR_DAY_MAX,
  };
}

/** Is `instant` inside the week-day schedule, on the wall clock of `timeZone`? */
export function inWeekDaySchedule(s: WeekDaySchedule, instant: Date, timeZone: string): boolean {
  const p = localParts(instant, timeZone);
  if (!s.days[MATTER_DAYS[p.weekday]!]) return false;
  const now = p.hour * 60 + p.minute;
  const start = s.startHour * 60 + s.startMinute;
  const end = s.endHour === 23 && s.endMinute === 59 ? 24 * 60 : s.endHour * 60 + s.endMinute;
  return now >= start && now < end;
}

/** Is `instant` inside the year-day schedule, on the wall clock of `timeZone`? */
export function inYearDaySchedule(s: YearDaySchedule, instant: Date, timeZone: string): boolean {
  const now = localSeconds(instant, timeZone);
  return now >= s.localStartTime && now < s.localEndTime;
}
