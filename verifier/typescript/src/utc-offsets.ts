// The lock's UTC offset table. A lock cannot read the IANA time zone database, so the service
// gives it, in the provisioning bundle, the zone's offsets over a bounded horizon as periods:
// from each period's `from` (Unix seconds) until the next one's, local time is UTC plus
// `offsetMinutes`. The table ends at `until`. DST is nothing more than a new period.

export interface UtcOffsetPeriod {
  /** Unix seconds at which this offset starts to apply. */
  from: number;
  /** Local time minus UTC, in minutes (Oslo in winter: 60; Santiago in winter: -240). */
  offsetMinutes: number;
}

export interface UtcOffsets {
  /** Unix seconds at which the table stops covering the clock (exclusive). */
  until: number;
  /** Ascending by `from`; the first starts the table. */
  periods: UtcOffsetPeriod[];
}

/** The offset in minutes at `now` (Unix seconds), or undefined outside the table. */
export function utcOffsetAt(table: UtcOffsets, now: number): number | undefined {
  const p = table.periods;
  if (p.length === 0 || now < p[0]!.from || now >= table.until) return undefined;
  let lo = 0;
  let hi = p.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (p[mid]!.from <= now) lo = mid;
    else hi = mid - 1;
  }
  return p[lo]!.offsetMinutes;
}
