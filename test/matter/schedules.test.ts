// test-runner: store-independent
// Key times as Door Lock schedules: what the controller writes, read back the way the virtual lock
// enforces them, must let a PIN through exactly when the key's own rule (src/time/recurrence.ts)
// does, minute by minute over whole weeks, DST changes included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  inWeekDaySchedule,
  inYearDaySchedule,
  localSeconds,
  weekDaySchedules,
  YEAR_DAY_MAX,
  yearDaySchedule,
} from '../../src/matter/schedules.ts';
import { inRecurrence, type Recurrence } from '../../src/time/recurrence.ts';

test('one schedule per window; a window past midnight becomes two; 24:00 is written as 23:59', () => {
  assert.deepEqual(weekDaySchedules({ windows: [{ days: ['fri', 'mon'], from: '09:30', to: '17:00' }] }), [
    { days: { monday: true, friday: true }, startHour: 9, startMinute: 30, endHour: 17, endMinute: 0 },
  ]);
  assert.deepEqual(weekDaySchedules({ windows: [{ days: ['sat'], from: '22:00', to: '06:15' }] }), [
    { days: { saturday: true }, startHour: 22, startMinute: 0, endHour: 23, endMinute: 59 },
    { days: { sunday: true }, startHour: 0, startMinute: 0, endHour: 6, endMinute: 15 },
  ]);
  assert.deepEqual(weekDaySchedules({ windows: [{ days: ['sun'], from: '00:00', to: '24:00' }] }), [
    { days: { sunday: true }, startHour: 0, startMinute: 0, endHour: 23, endMinute: 59 },
  ]);
  // Ending exactly at midnight: only the evening part.
  assert.equal(weekDaySchedules({ windows: [{ days: ['tue'], from: '20:00', to: '00:00' }] }).length, 1);
});

test('the lock lets a PIN through exactly when the key may be used, every minute of two weeks around DST', () => {
  const recurrences: Recurrence[] = [
    { windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:00', to: '17:00' }] },
    { windows: [{ days: ['fri', 'sat'], from: '22:00', to: '06:00' }] },
    {
      windows: [
        { days: ['sun'], from: '00:00', to: '24:00' },
        { days: ['wed'], from: '01:30', to: '03:15' },
      ],
    },
  ];
  // Oslo leaves summer time on 25 October 2026, New York on 1 November.
  for (const [tz, from] of [
    ['Europe/Oslo', '2026-10-19T00:00:00Z'],
    ['America/New_York', '2026-10-26T00:00:00Z'],
  ] as const) {
    for (const r of recurrences) {
      const schedules = weekDaySchedules(r);
      const start = new Date(from).getTime();
      for (let t = start; t < start + 14 * 86_400_000; t += 60_000) {
        const at = new Date(t);
        assert.equal(
          schedules.some((s) => inWeekDaySchedule(s, at, tz)),
          inRecurrence(r, at, tz),
          `${tz} ${at.toISOString()} ${JSON.stringify(r)}`,
        );
      }
    }
  }
});

test('year-day schedules hold local wall-clock seconds, start inclusive and end exclusive', () => {
  const starts = new Date('2026-12-10T12:00:00Z');
  const ends = new Date('2026-12-12T12:00:00Z');
  const s = yearDaySchedule(starts, ends, 'Europe/Oslo');
  // 13:00 in Oslo, as if it were UTC.
  assert.equal(s.localStartTime, Date.UTC(2026, 11, 10, 13, 0, 0) / 1000);
  assert.equal(s.localStartTime, localSeconds(starts, 'Europe/Oslo'));
  assert.equal(inYearDaySchedule(s, new Date(starts.getTime() - 1000), 'Europe/Oslo'), false);
  assert.equal(inYearDaySchedule(s, starts, 'Europe/Oslo'), true);
  assert.equal(inYearDaySchedule(s, new Date(ends.getTime() - 1000), 'Europe/Oslo'), true);
  assert.equal(inYearDaySchedule(s, ends, 'Europe/Oslo'), false);
  // No end: as far as the cluster can hold (2136).
  assert.equal(yearDaySchedule(starts, null, 'UTC').localEndTime, YEAR_DAY_MAX);
  // Before 2000 (the Matter epoch): clamped to it.
  assert.equal(yearDaySchedule(new Date('1999-01-01T00:00:00Z'), ends, 'UTC').localStartTime, 946_684_800);
});
