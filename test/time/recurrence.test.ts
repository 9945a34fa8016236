// test-runner: store-independent
// Recurrence windows on the lock's wall clock, across DST changes in two hemispheres' worth of
// conventions (EU: 01:00 UTC; US: 02:00 local). Each row: zone, windows, instant (UTC), expected.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isKeyUsableAt,
  localClock,
  MAX_WINDOWS,
  type Recurrence,
  type RecurrenceWindow,
  recurrenceProblems,
} from '../../src/time/recurrence.ts';

const OSLO = 'Europe/Oslo';
const NY = 'America/New_York';
const w = (days: RecurrenceWindow['days'], from: string, to: string): Recurrence => ({
  windows: [{ days, from, to }],
});
const always = { starts: new Date('2020-01-01T00:00:00Z'), ends: null, revoked: null };

type Row = [zone: string, recurrence: Recurrence, instant: string, expected: boolean, why: string];

const rows: Row[] = [
  // Oslo, spring forward: Sun 2026-03-29, 02:00 CET → 03:00 CEST (01:00 UTC).
  [OSLO, w(['sun'], '08:00', '17:00'), '2026-03-29T05:59:00Z', false, '07:59 CEST'],
  [OSLO, w(['sun'], '08:00', '17:00'), '2026-03-29T06:00:00Z', true, '08:00 CEST opens'],
  [OSLO, w(['sun'], '08:00', '17:00'), '2026-03-29T14:59:00Z', true, '16:59 CEST'],
  [OSLO, w(['sun'], '08:00', '17:00'), '2026-03-29T15:00:00Z', false, '17:00 CEST closes'],
  [OSLO, w(['sun'], '00:00', '05:00'), '2026-03-29T00:59:00Z', true, '01:59 CET, window spans the gap'],
  [OSLO, w(['sun'], '00:00', '05:00'), '2026-03-29T01:00:00Z', true, '03:00 CEST right after the gap'],
  [OSLO, w(['sun'], '00:00', '05:00'), '2026-03-29T03:00:00Z', false, '05:00 CEST: 4 real hours'],
  [OSLO, w(['sun'], '02:00', '03:00'), '2026-03-29T00:59:00Z', false, 'the skipped hour never happens'],
  [OSLO, w(['sun'], '02:00', '03:00'), '2026-03-29T01:00:00Z', false, '03:00 CEST is past it'],
  // Past midnight across the spring change: Sat 22:00 CET (21:00Z) → Sun 06:00 CEST (04:00Z), 7 h.
  [OSLO, w(['sat'], '22:00', '06:00'), '2026-03-28T20:59:00Z', false, 'Sat 21:59 CET'],
  [OSLO, w(['sat'], '22:00', '06:00'), '2026-03-28T21:00:00Z', true, 'Sat 22:00 CET'],
  [OSLO, w(['sat'], '22:00', '06:00'), '2026-03-29T00:59:00Z', true, 'Sun 01:59 CET belongs to Saturday'],
  [OSLO, w(['sat'], '22:00', '06:00'), '2026-03-29T03:59:00Z', true, 'Sun 05:59 CEST'],
  [OSLO, w(['sat'], '22:00', '06:00'), '2026-03-29T04:00:00Z', false, 'Sun 06:00 CEST closes'],
  [OSLO, w(['sun'], '22:00', '06:00'), '2026-03-29T01:00:00Z', false, "Sunday's window has not begun"],
  // Oslo, fall back: Sun 2026-10-25, 03:00 CEST → 02:00 CET (01:00 UTC); 02:00–02:59 happens twice.
  [OSLO, w(['sat'], '22:00', '06:00'), '2026-10-24T19:59:00Z', false, 'Sat 21:59 CEST'],
  [OSLO, w(['sat'], '22:00', '06:00'), '2026-10-24T20:00:00Z', true, 'Sat 22:00 CEST'],
  [OSLO, w(['sat'], '22:00', '06:00'), '2026-10-25T00:30:00Z', true, '02:30 CEST (first)'],
  [OSLO, w(['sat'], '22:00', '06:00'), '2026-10-25T01:30:00Z', true, '02:30 CET (second)'],
  [OSLO, w(['sat'], '22:00', '06:00'), '2026-10-25T04:59:00Z', true, '05:59 CET: 9 real hours'],
  [OSLO, w(['sat'], '22:00', '06:00'), '2026-10-25T05:00:00Z', false, '06:00 CET closes'],
  [OSLO, w(['sun'], '02:00', '02:30'), '2026-10-25T00:15:00Z', true, 'repeated hour, first pass'],
  [OSLO, w(['sun'], '02:00', '02:30'), '2026-10-25T01:15:00Z', true, 'repeated hour, second pass'],
  [OSLO, w(['sun'], '02:00', '02:30'), '2026-10-25T00:45:00Z', false, '02:45 CEST'],
  // New York, spring forward: Sun 2026-03-08, 02:00 EST → 03:00 EDT (07:00 UTC).
  [NY, w(['sun'], '01:00', '04:00'), '2026-03-08T05:59:00Z', false, '00:59 EST'],
  [NY, w(['sun'], '01:00', '04:00'), '2026-03-08T06:00:00Z', true, '01:00 EST'],
  [NY, w(['sun'], '01:00', '04:00'), '2026-03-08T07:00:00Z', true, '03:00 EDT'],
  [NY, w(['sun'], '01:00', '04:00'), '2026-03-08T08:00:00Z', false, '04:00 EDT: 2 real hours'],
  [NY, w(['sat'], '23:00', '03:00'), '2026-03-08T04:00:00Z', true, 'Sat 23:00 EST'],
  [NY, w(['sat'], '23:00', '03:00'), '2026-03-08T06:59:00Z', true, 'Sun 01:59 EST'],
  [NY, w(['sat'], '23:00', '03:00'), '2026-03-08T07:00:00Z', false, 'Sun 03:00 EDT: the gap ends it'],
  [
    NY,
    w(['mon', 'tue', 'wed', 'thu', 'fri'], '08:00', '17:00'),
    '2026-03-09T12:00:00Z',
    true,
    'Mon 08:00 EDT',
  ],
  [
    NY,
    w(['mon', 'tue', 'wed', 'thu', 'fri'], '08:00', '17:00'),
    '2026-03-06T12:59:00Z',
    false,
    'Fri 07:59 EST',
  ],
  [
    NY,
    w(['mon', 'tue', 'wed', 'thu', 'fri'], '08:00', '17:00'),
    '2026-03-06T13:00:00Z',
    true,
    'Fri 08:00 EST',
  ],
  // New York, fall back: Sun 2026-11-01, 02:00 EDT → 01:00 EST (06:00 UTC).
  [NY, w(['sun'], '00:00', '02:00'), '2026-11-01T03:59:00Z', false, 'Sat 23:59 EDT'],
  [NY, w(['sun'], '00:00', '02:00'), '2026-11-01T04:00:00Z', true, '00:00 EDT'],
  [NY, w(['sun'], '00:00', '02:00'), '2026-11-01T05:30:00Z', true, '01:30 EDT'],
  [NY, w(['sun'], '00:00', '02:00'), '2026-11-01T06:30:00Z', true, '01:30 EST (again)'],
  [NY, w(['sun'], '00:00', '02:00'), '2026-11-01T07:00:00Z', false, '02:00 EST: 3 real hours'],
  [NY, w(['sat'], '22:00', '02:00'), '2026-11-01T01:59:00Z', false, 'Sat 21:59 EDT'],
  [NY, w(['sat'], '22:00', '02:00'), '2026-11-01T02:00:00Z', true, 'Sat 22:00 EDT'],
  [NY, w(['sat'], '22:00', '02:00'), '2026-11-01T06:59:00Z', true, 'Sun 01:59 EST'],
  [NY, w(['sat'], '22:00', '02:00'), '2026-11-01T07:00:00Z', false, 'Sun 02:00 EST: 5 real hours'],
  // Whole days and the 24:00 end.
  [OSLO, w(['wed'], '00:00', '24:00'), '2026-11-18T22:59:59Z', true, 'Wed 23:59:59 CET'],
  [OSLO, w(['wed'], '00:00', '24:00'), '2026-11-18T23:00:00Z', false, 'Thu 00:00 CET'],
  [OSLO, w(['wed'], '20:00', '00:00'), '2026-11-18T22:59:00Z', true, 'Wed 23:59, to 00:00 means midnight'],
  [OSLO, w(['wed'], '20:00', '00:00'), '2026-11-18T23:00:00Z', false, 'Thu 00:00'],
  [
    OSLO,
    w(['sun'], '22:00', '06:00'),
    '2026-11-16T04:00:00Z',
    true,
    'Mon 05:00: Sunday night wraps into Monday',
  ],
];

describe('isKeyUsableAt: recurrence on the wall clock across DST', () => {
  for (const [zone, rec, at, expected, why] of rows) {
    it(`${zone} ${JSON.stringify(rec.windows[0])} at ${at} (${why}) → ${expected}`, () => {
      assert.equal(isKeyUsableAt({ ...always, recurrence: rec }, { timezone: zone }, new Date(at)), expected);
    });
  }

  it('applies start (inclusive), end (exclusive) and revocation before the windows', () => {
    const key = {
      starts: new Date('2026-03-01T00:00:00Z'),
      ends: new Date('2026-04-01T00:00:00Z'),
      revoked: null as Date | null,
      recurrence: null,
    };
    const lock = { timezone: OSLO };
    assert.equal(isKeyUsableAt(key, lock, new Date('2026-02-28T23:59:59.999Z')), false);
    assert.equal(isKeyUsableAt(key, lock, new Date('2026-03-01T00:00:00Z')), true);
    assert.equal(isKeyUsableAt(key, lock, new Date('2026-04-01T00:00:00Z')), false);
    key.revoked = new Date('2026-03-10T00:00:00Z');
    assert.equal(
      isKeyUsableAt(key, lock, new Date('2026-03-09T23:59:59Z')),
      true,
      'used before its revocation',
    );
    assert.equal(isKeyUsableAt(key, lock, new Date('2026-03-10T00:00:00Z')), false);
  });

  it('reads midnight as 00 and the weekday of the zone, not of UTC', () => {
    assert.deepEqual(localClock(new Date('2026-03-29T22:00:00Z'), OSLO), { weekday: 1, minutes: 0 });
    assert.deepEqual(localClock(new Date('2026-03-09T03:30:00Z'), NY), { weekday: 0, minutes: 23 * 60 + 30 });
  });
});

describe('recurrenceProblems', () => {
  const one = (x: Partial<RecurrenceWindow> & Record<string, unknown>) => ({
    windows: [{ days: ['mon'], from: '08:00', to: '17:00', ...x }],
  });
  const cases: [string, unknown, string | undefined][] = [
    ['a valid window', one({}), undefined],
    ['past midnight', one({ from: '22:00', to: '06:00' }), undefined],
    ['whole day', one({ from: '00:00', to: '24:00' }), undefined],
    ['from == to', one({ from: '08:00', to: '08:00' }), 'recurrence.windows.0.to'],
    ['unknown day', one({ days: ['mon', 'Monday'] as never }), 'recurrence.windows.0.days.1'],
    ['capitalised day', one({ days: ['Mon'] as never }), 'recurrence.windows.0.days.0'],
    ['empty days', one({ days: [] }), 'recurrence.windows.0.days'],
    ['repeated day', one({ days: ['mon', 'mon'] }), 'recurrence.windows.0.days'],
    ['from 24:00', one({ from: '24:00' }), 'recurrence.windows.0.from'],
    ['from H:MM', one({ from: '8:00' }), 'recurrence.windows.0.from'],
    ['to 25:00', one({ to: '25:00' }), 'recurrence.windows.0.to'],
    ['to 12:60', one({ to: '12:60' }), 'recurrence.windows.0.to'],
    ['no windows', { windows: [] }, 'recurrence.windows'],
    ['windows missing', {}, 'recurrence.windows'],
    [
      `${MAX_WINDOWS + 1} windows`,
      { windows: Array(MAX_WINDOWS + 1).fill({ days: ['mon'], from: '08:00', to: '09:00' }) },
      'recurrence.windows',
    ],
    [
      `${MAX_WINDOWS} windows`,
      { windows: Array(MAX_WINDOWS).fill({ days: ['mon'], from: '08:00', to: '09:00' }) },
      undefined,
    ],
  ];
  for (const [what, r, name] of cases) {
    it(`${what} → ${name ?? 'valid'}`, () => {
      const problems = recurrenceProblems(r);
      if (name === undefined) assert.deepEqual(problems, []);
      else
        assert.ok(
          problems.some((p) => p.name === name),
          JSON.stringify(problems),
        );
    });
  }
});
