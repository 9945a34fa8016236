// Valid credentials, their start and end, weekly windows, and windows around DST changes in both
// hemispheres. Every expected outcome here comes from the judge (the service's own rules).
import type { RecurrenceWindow } from '../../src/time/recurrence.ts';
import type { ProvisioningBundle } from '../../verifier/typescript/src/lock-state.ts';
import { type KeySpec, mint, uuidFor } from './fixtures.ts';
import { judge, seconds, step, type Vector } from './vector.ts';

const KEY = uuidFor('key: A');
const w = (days: RecurrenceWindow['days'], from: string, to: string): RecurrenceWindow => ({
  days,
  from,
  to,
});

interface TimeCase {
  name: string;
  description: string;
  lock: string;
  key: KeySpec;
  /** The lock's clock. */
  now: number;
  /** When the phone fetched the credential (default: two hours before `now`). */
  mintedAt?: number;
}

async function timeVector(c: TimeCase, locks: Record<string, ProvisioningBundle>): Promise<Vector> {
  const timezone = locks[c.lock]!.timezone;
  const mintedAt = new Date((c.mintedAt ?? c.now - 7200) * 1000);
  const credential = await mint({ key: c.key, at: mintedAt, timezone });
  const expect = judge(c.key, mintedAt, timezone, c.now);
  return {
    name: c.name,
    description: `${c.description} (the service's rules: ${expect})`,
    lock: c.lock,
    steps: [await step({ label: c.name, now: c.now, credential, expect })],
  };
}

/** The first instant of the offset period that starts in `month` ("2027-03"): a DST change. */
function change(lock: ProvisioningBundle, month: string): number {
  const p = lock.utcOffsets.periods.find((x) => new Date(x.from * 1000).toISOString().startsWith(month));
  if (!p) throw new Error(`${lock.timezone} has no change in ${month}`);
  return p.from;
}

export async function timeVectors(locks: Record<string, ProvisioningBundle>): Promise<Vector[]> {
  const oslo = locks.oslo!;
  const sydney = locks.sydney!;
  const santiago = locks.santiago!;
  const weekdays = { id: KEY, windows: [w(['mon', 'tue', 'wed', 'thu', 'fri'], '07:00', '18:00')] };
  const nights = { id: KEY, windows: [w(['fri'], '22:00', '06:00')] };
  const evenings = { id: KEY, windows: [w(['wed'], '18:00', '24:00')] };
  const starts = { id: KEY, start: new Date('2026-12-10T12:00:00.500Z') };
  const ends = { id: KEY, end: new Date('2026-12-10T15:30:00.700Z') };
  const cases: TimeCase[] = [
    {
      name: 'valid-no-windows',
      description: 'a key without windows, 10 minutes after the phone fetched it',
      lock: 'oslo',
      key: { id: KEY },
      now: seconds('2026-12-02T08:10:00Z'),
      mintedAt: seconds('2026-12-02T08:00:00Z'),
    },
    {
      name: 'valid-weekday-window',
      description: 'Mon-Fri 07:00-18:00, Wednesday 10:00 in Oslo',
      lock: 'oslo',
      key: weekdays,
      now: seconds('2026-12-02T09:00:00Z'),
    },
    {
      name: 'window-opens-at-from',
      description: 'Mon-Fri 07:00-18:00, Wednesday 07:00:00 exactly (start inclusive)',
      lock: 'oslo',
      key: weekdays,
      now: seconds('2026-12-02T06:00:00Z'),
    },
    {
      name: 'window-not-yet-open',
      description: 'Mon-Fri 07:00-18:00, Wednesday 06:59:59',
      lock: 'oslo',
      key: weekdays,
      now: seconds('2026-12-02T05:59:59Z'),
    },
    {
      name: 'window-closed-at-to',
      description: 'Mon-Fri 07:00-18:00, Wednesday 18:00:00 (end exclusive)',
      lock: 'oslo',
      key: weekdays,
      now: seconds('2026-12-02T17:00:00Z'),
    },
    {
      name: 'window-wrong-day',
      description: 'Mon-Fri 07:00-18:00, Saturday 10:00',
      lock: 'oslo',
      key: weekdays,
      now: seconds('2026-12-05T09:00:00Z'),
    },
    {
      name: 'past-midnight-evening',
      description: 'Fri 22:00-06:00, Friday 22:30',
      lock: 'oslo',
      key: nights,
      now: seconds('2026-12-04T21:30:00Z'),
    },
    {
      name: 'past-midnight-morning',
      description: 'Fri 22:00-06:00, Saturday 05:59 belongs to Friday',
      lock: 'oslo',
      key: nights,
      now: seconds('2026-12-05T04:59:00Z'),
    },
    {
      name: 'past-midnight-closes',
      description: 'Fri 22:00-06:00, Saturday 06:00',
      lock: 'oslo',
      key: nights,
      now: seconds('2026-12-05T05:00:00Z'),
    },
    {
      name: 'past-midnight-not-the-day-before',
      description: "Fri 22:00-06:00, Friday 05:00 (Thursday's night, not listed)",
      lock: 'oslo',
      key: nights,
      now: seconds('2026-12-04T04:00:00Z'),
    },
    {
      name: 'window-to-midnight',
      description: 'Wed 18:00-24:00, Wednesday 23:59',
      lock: 'oslo',
      key: evenings,
      now: seconds('2026-12-02T22:59:00Z'),
    },
    {
      name: 'window-to-midnight-closes',
      description: 'Wed 18:00-24:00, Thursday 00:00',
      lock: 'oslo',
      key: evenings,
      now: seconds('2026-12-02T23:00:00Z'),
    },
    {
      name: 'not-yet-valid',
      description: 'a key starting 12:00:00.500: nbf rounds up, so 12:00:00 is refused',
      lock: 'oslo',
      key: starts,
      now: seconds('2026-12-10T12:00:00Z'),
      mintedAt: seconds('2026-12-10T06:00:00Z'),
    },
    {
      name: 'valid-at-nbf',
      description: 'the same key at 12:00:01, its nbf',
      lock: 'oslo',
      key: starts,
      now: seconds('2026-12-10T12:00:01Z'),
      mintedAt: seconds('2026-12-10T06:00:00Z'),
    },
    {
      name: 'valid-before-key-end',
      description: 'a key ending 15:30:00.700: exp rounds down, 15:29:59 is inside',
      lock: 'oslo',
      key: ends,
      now: seconds('2026-12-10T15:29:59Z'),
      mintedAt: seconds('2026-12-10T06:00:00Z'),
    },
    {
      name: 'expired-at-key-end',
      description: 'the same key at 15:30:00, its exp',
      lock: 'oslo',
      key: ends,
      now: seconds('2026-12-10T15:30:00Z'),
      mintedAt: seconds('2026-12-10T06:00:00Z'),
    },
    {
      name: 'valid-before-lifetime-ends',
      description: 'a credential fetched 24 hours minus a second ago',
      lock: 'oslo',
      key: { id: KEY },
      now: seconds('2026-12-03T07:59:59Z'),
      mintedAt: seconds('2026-12-02T08:00:00Z'),
    },
    {
      name: 'expired-lifetime',
      description: 'a credential fetched 24 hours ago (the credential lifetime)',
      lock: 'oslo',
      key: { id: KEY },
      now: seconds('2026-12-03T08:00:00Z'),
      mintedAt: seconds('2026-12-02T08:00:00Z'),
    },
  ];

  // Oslo, spring forward: Sun 2027-03-28 02:00 CET → 03:00 CEST.
  const osloSpring = change(oslo, '2027-03');
  const skipped = { id: KEY, windows: [w(['sun'], '02:00', '03:00')] };
  const spansGap = { id: KEY, windows: [w(['sun'], '00:00', '05:00')] };
  const satNight = { id: KEY, windows: [w(['sat'], '22:00', '06:00')] };
  cases.push(
    {
      name: 'dst-oslo-spring-skipped-hour-before',
      description: 'Sun 02:00-03:00 (the hour that is skipped), at 01:59 CET',
      lock: 'oslo',
      key: skipped,
      now: osloSpring - 60,
    },
    {
      name: 'dst-oslo-spring-skipped-hour-after',
      description: 'Sun 02:00-03:00, at 03:00 CEST right after the change',
      lock: 'oslo',
      key: skipped,
      now: osloSpring,
    },
    {
      name: 'dst-oslo-spring-spanning-before',
      description: 'Sun 00:00-05:00, at 01:59 CET',
      lock: 'oslo',
      key: spansGap,
      now: osloSpring - 60,
    },
    {
      name: 'dst-oslo-spring-spanning-after',
      description: 'Sun 00:00-05:00, at 03:00 CEST',
      lock: 'oslo',
      key: spansGap,
      now: osloSpring,
    },
    {
      name: 'dst-oslo-spring-spanning-last-minute',
      description: 'Sun 00:00-05:00, at 04:59 CEST (4 real hours)',
      lock: 'oslo',
      key: spansGap,
      now: osloSpring + 7140,
    },
    {
      name: 'dst-oslo-spring-spanning-closed',
      description: 'Sun 00:00-05:00, at 05:00 CEST',
      lock: 'oslo',
      key: spansGap,
      now: osloSpring + 7200,
    },
    {
      name: 'dst-oslo-spring-past-midnight',
      description: 'Sat 22:00-06:00 across the change, Sunday 05:59 CEST',
      lock: 'oslo',
      key: satNight,
      now: osloSpring + 10740,
    },
    {
      name: 'dst-oslo-spring-past-midnight-closed',
      description: 'Sat 22:00-06:00 across the change, Sunday 06:00 CEST',
      lock: 'oslo',
      key: satNight,
      now: osloSpring + 10800,
    },
  );
  // Oslo, fall back: Sun 2027-10-31 03:00 CEST → 02:00 CET; 02:00-03:00 happens twice.
  const osloFall = change(oslo, '2027-10');
  cases.push(
    {
      name: 'dst-oslo-fall-before-repeated-hour',
      description: 'Sun 02:00-03:00, at 01:59 CEST',
      lock: 'oslo',
      key: skipped,
      now: osloFall - 3660,
    },
    {
      name: 'dst-oslo-fall-repeated-hour-first',
      description: 'Sun 02:00-03:00, at 02:30 CEST (first time)',
      lock: 'oslo',
      key: skipped,
      now: osloFall - 1800,
    },
    {
      name: 'dst-oslo-fall-repeated-hour-second',
      description: 'Sun 02:00-03:00, at 02:30 CET (second time)',
      lock: 'oslo',
      key: skipped,
      now: osloFall + 1800,
    },
    {
      name: 'dst-oslo-fall-after-repeated-hour',
      description: 'Sun 02:00-03:00, at 03:00 CET',
      lock: 'oslo',
      key: skipped,
      now: osloFall + 3600,
    },
  );
  // Sydney (southern hemisphere), DST ends: Sun 2027-04-04 03:00 AEDT → 02:00 AEST.
  const sydneyAutumn = change(sydney, '2027-04');
  cases.push(
    {
      name: 'dst-sydney-autumn-repeated-hour-first',
      description: 'Sun 02:00-03:00 Sydney, at 02:30 AEDT',
      lock: 'sydney',
      key: skipped,
      now: sydneyAutumn - 1800,
    },
    {
      name: 'dst-sydney-autumn-repeated-hour-second',
      description: 'Sun 02:00-03:00 Sydney, at 02:30 AEST',
      lock: 'sydney',
      key: skipped,
      now: sydneyAutumn + 1800,
    },
    {
      name: 'dst-sydney-autumn-after',
      description: 'Sun 02:00-03:00 Sydney, at 03:00 AEST',
      lock: 'sydney',
      key: skipped,
      now: sydneyAutumn + 3600,
    },
  );
  // Sydney, DST starts: Sun 2027-10-03 02:00 AEST → 03:00 AEDT.
  const sydneySpring = change(sydney, '2027-10');
  const earlySunday = { id: KEY, windows: [w(['sun'], '01:00', '03:00')] };
  cases.push(
    {
      name: 'dst-sydney-spring-before',
      description: 'Sun 01:00-03:00 Sydney, at 01:59 AEST',
      lock: 'sydney',
      key: earlySunday,
      now: sydneySpring - 60,
    },
    {
      name: 'dst-sydney-spring-after',
      description: 'Sun 01:00-03:00 Sydney, at 03:00 AEDT (the window lasted one real hour)',
      lock: 'sydney',
      key: earlySunday,
      now: sydneySpring,
    },
  );
  // Santiago: changes at local midnight. DST ends Sun 2027-04-04 00:00 -03 → Sat 23:00 -04.
  const santiagoAutumn = change(santiago, '2027-04');
  const lateSaturday = { id: KEY, windows: [w(['sat'], '23:00', '24:00')] };
  const sundayFirstHour = { id: KEY, windows: [w(['sun'], '00:00', '01:00')] };
  cases.push(
    {
      name: 'dst-santiago-autumn-repeated-first',
      description: 'Sat 23:00-24:00 Santiago, at 23:30 -03',
      lock: 'santiago',
      key: lateSaturday,
      now: santiagoAutumn - 1800,
    },
    {
      name: 'dst-santiago-autumn-repeated-second',
      description: 'Sat 23:00-24:00 Santiago, at 23:30 -04 (Saturday again)',
      lock: 'santiago',
      key: lateSaturday,
      now: santiagoAutumn + 1800,
    },
    {
      name: 'dst-santiago-autumn-sunday',
      description: 'Sat 23:00-24:00 Santiago, at Sunday 00:00 -04',
      lock: 'santiago',
      key: lateSaturday,
      now: santiagoAutumn + 3600,
    },
    {
      name: 'dst-santiago-autumn-not-yet-sunday',
      description: 'Sun 00:00-01:00 Santiago, at 23:59 -03 on Saturday',
      lock: 'santiago',
      key: sundayFirstHour,
      now: santiagoAutumn - 60,
    },
    {
      name: 'dst-santiago-autumn-first-sunday-hour',
      description: 'Sun 00:00-01:00 Santiago, at 00:00 -04',
      lock: 'santiago',
      key: sundayFirstHour,
      now: santiagoAutumn + 3600,
    },
  );
  // Santiago, DST starts: Sun 2027-09-05 00:00 -04 → 01:00 -03 (Sunday's first hour never happens).
  const santiagoSpring = change(santiago, '2027-09');
  const lateNight = { id: KEY, windows: [w(['sat'], '22:00', '00:30')] };
  cases.push(
    {
      name: 'dst-santiago-spring-before',
      description: 'Sat 22:00-00:30 Santiago, at Saturday 23:59 -04',
      lock: 'santiago',
      key: lateNight,
      now: santiagoSpring - 60,
    },
    {
      name: 'dst-santiago-spring-skipped',
      description:
        "Sat 22:00-00:30 Santiago, at Sunday 01:00 -03: the window's last half hour never happened",
      lock: 'santiago',
      key: lateNight,
      now: santiagoSpring,
    },
    {
      name: 'dst-santiago-spring-sunday-first-hour',
      description: 'Sun 00:00-01:00 Santiago, at 01:00 -03 (the window was skipped)',
      lock: 'santiago',
      key: sundayFirstHour,
      now: santiagoSpring,
    },
  );
  return Promise.all(cases.map((c) => timeVector(c, locks)));
}
