// A lock's UTC offset table, computed from the IANA zone with the runtime's ICU data (Intl), the
// same data the service uses to check an uploaded event against the key's windows, so the lock and
// the service agree on every local time within the table.
//
// Horizon: 20 years from a day before provisioning. A lock keeps its provisioning for its service
// life (battery locks are replaced after 10-15 years) and has no network to renew it, while the
// table costs ~8 bytes a period: 41 periods for a zone with two changes a year. A zone whose rules
// change by law (as when a country drops DST) needs its locks re-provisioned whatever the horizon;
// so does a lock still in service after 20 years (the verifier then refuses windowed credentials
// with no_offset_rule rather than guess). The table starts a day early so a lock whose clock lags
// is still covered.
import { LIMITS } from '../../verifier/typescript/src/limits.ts';
import type { UtcOffsets } from '../../verifier/typescript/src/utc-offsets.ts';

export const UTC_OFFSET_YEARS = 20;
const DAY = 86_400;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Local time minus UTC in minutes at `seconds` (Unix), from ICU: "GMT+01:00", "GMT-03:30", "GMT". */
export function utcOffsetMinutes(timeZone: string, seconds: number): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    formatters.set(timeZone, f);
  }
  const name = f.formatToParts(new Date(seconds * 1000)).find((p) => p.type === 'timeZoneName')?.value;
  if (name === 'GMT' || name === 'UTC') return 0;
  const m = name && /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!m) throw new RangeError(`no whole-minute UTC offset for ${timeZone} at ${seconds}: ${name}`);
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/**
 * The periods of `timeZone` from a day before `now` for UTC_OFFSET_YEARS years. Offsets are
 * sampled daily (no zone changes its offset twice within a day, or Morocco's Ramadan change within
 * a month), and each change is found to the second by bisection. A table that would exceed
 * LIMITS.offsetPeriods ends early (`until` at the first period left out).
 */
export function utcOffsetTable(timeZone: string, now: Date, years = UTC_OFFSET_YEARS): UtcOffsets {
  const start = Math.floor(now.getTime() / 1000 / DAY) * DAY - DAY;
  const end = start + Math.round(years * 365.2425) * DAY;
  const periods = [{ from: start, offsetMinutes: utcOffsetMinutes(timeZone, start) }];
  let offset = periods[0]!.offsetMinutes;
  for (let t = start + DAY; t <= end; t += DAY) {
    const next = utcOffsetMinutes(timeZone, Math.min(t, end));
    if (next === offset) continue;
    let lo = t - DAY; // at lo the old offset holds; at hi the new one does
    let hi = Math.min(t, end);
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (utcOffsetMinutes(timeZone, mid) === offset) lo = mid;
      else hi = mid;
    }
    if (periods.length === LIMITS.offsetPeriods) return { until: hi, periods };
    periods.push({ from: hi, offsetMinutes: next });
    offset = next;
  }
  return { until: end, periods };
}
