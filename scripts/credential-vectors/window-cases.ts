// Many (seeded, reproducible) weekly-window checks around the DST changes of several zones, each
// judged by the service's inRecurrence on ICU's wall clock. The verifiers decide them from the
// lock's offset table alone, so this proves the table and the window rules reproduce the
// service's view of local time, skipped and repeated hours included.
import { inRecurrence, type RecurrenceWindow, WEEKDAYS } from '../../src/time/recurrence.ts';
import type { ProvisioningBundle } from '../../verifier/typescript/src/lock-state.ts';

export interface WindowCase {
  lock: string;
  now: number;
  win: RecurrenceWindow[];
  inside: boolean;
}

/** mulberry32: a small generator from a starting number, so the cases are the same on every run. */
export function random(start: number): () => number {
  let a = start;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function windowCases(locks: Record<string, ProvisioningBundle>, perLock = 60): WindowCase[] {
  const next = random(20261125);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const out: WindowCase[] = [];
  for (const [name, lock] of Object.entries(locks)) {
    if (name === 'oslo-rotated') continue;
    // Changes within the first three years, or (a zone without DST) a few ordinary instants.
    const changes = lock.utcOffsets.periods.slice(1, 7).map((p) => p.from);
    const anchors = changes.length > 0 ? changes : [1796000000, 1810000000, 1830000000];
    for (let i = 0; i < perLock; i++) {
      // Half-hour steps hit the edges of quarter-hour windows; a few seconds off tests rounding.
      const now = pick(anchors) + Math.round((next() * 2 - 1) * 6) * 1800 + pick([0, 0, 0, -1, 59]);
      const count = 1 + Math.floor(next() * 2);
      const win: RecurrenceWindow[] = [];
      for (let k = 0; k < count; k++) {
        const days = WEEKDAYS.filter(() => next() < 0.35);
        if (days.length === 0) days.push(pick(WEEKDAYS));
        const from = Math.floor(next() * 96) * 15;
        let to = Math.floor(next() * 97) * 15;
        if (to === from) to = (from + 60) % 1440;
        win.push({ days, from: clock(from), to: clock(to) });
      }
      out.push({
        lock: name,
        now,
        win,
        inside: inRecurrence({ windows: win }, new Date(now * 1000), lock.timezone),
      });
    }
  }
  return out;
}
