// Weekly windows on the lock's wall clock, decided exactly as the service decides them when it
// checks an uploaded event: the local weekday and minute of the instant (UTC plus the offset in
// force), start inclusive, end exclusive; a window whose `to` is earlier than its `from` runs past
// midnight and belongs to the day it starts on. A wall-clock time that happens twice (the repeated
// hour when clocks go back) is inside a window both times; one that never happens (the hour skipped
// when they go forward) is never reached.
import { isObject, type Json } from './json.ts';
import { LIMITS } from './limits.ts';

export const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

export interface Window {
  /** Bit d set when the window opens on weekday d (0 = Sunday). */
  days: number;
  /** Minutes since local midnight: 0..1439. */
  from: number;
  /** 0..1440, not equal to `from`; less than `from` means past midnight. */
  to: number;
}

const FROM = /^([01][0-9]|2[0-3]):([0-5][0-9])$/;
const TO = /^(?:([01][0-9]|2[0-3]):([0-5][0-9])|24:00)$/;

function minutes(s: string): number {
  return Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
}

/** The windows of a credential's `win`, or why they are refused. */
export function windowsRead(v: Json): Window[] | 'malformed' | 'too_large' {
  if (!Array.isArray(v) || v.length === 0) return 'malformed';
  if (v.length > LIMITS.windows) return 'too_large';
  const out: Window[] = [];
  for (const w of v) {
    if (!isObject(w)) return 'malformed';
    const { days, from, to } = w;
    if (!Array.isArray(days) || days.length === 0 || days.length > 7) return 'malformed';
    let mask = 0;
    for (const d of days) {
      const i = typeof d === 'string' ? DAYS.indexOf(d as (typeof DAYS)[number]) : -1;
      if (i < 0 || mask & (1 << i)) return 'malformed';
      mask |= 1 << i;
    }
    if (typeof from !== 'string' || !FROM.test(from)) return 'malformed';
    if (typeof to !== 'string' || !TO.test(to) || to === from) return 'malformed';
    out.push({ days: mask, from: minutes(from), to: minutes(to) });
  }
  return out;
}

/** Is the local time (Unix seconds shifted by the UTC offset) inside one of the windows? */
export function insideWindows(windows: readonly Window[], localSeconds: number): boolean {
  const day = Math.floor(localSeconds / 86400);
  const minute = Math.floor((localSeconds - day * 86400) / 60);
  const today = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
  const yesterday = (today + 6) % 7;
  return windows.some((w) =>
    w.from < w.to
      ? (w.days & (1 << today)) !== 0 && minute >= w.from && minute < w.to
      : ((w.days & (1 << today)) !== 0 && minute >= w.from) ||
        ((w.days & (1 << yesterday)) !== 0 && minute < w.to),
  );
}
