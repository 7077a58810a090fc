import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateParts,
  daysInMonth,
  dateFromParts,
  fromDayNumber,
  isCalendarDate,
  isLeapYear,
  toDayNumber,
} from './calendar-date';
import {
  FREQUENCIES,
  firstOccurrenceAfter,
  nthOccurrence,
  occurrenceIndexAfter,
  occurrencesBetween,
  type Frequency,
  type Recurrence,
} from './recurrence';

const RUNS = { numRuns: 2000 };

/** Any date from 1970 to 2100, with month ends and leap days drawn far more often than chance. */
const anyDate = fc
  .record({
    year: fc.integer({ min: 1970, max: 2100 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
  })
  .map(({ year, month, day }) =>
    dateFromParts(year, month, Math.min(day, daysInMonth(year, month))),
  );
const monthEnd = fc
  .record({ year: fc.integer({ min: 1970, max: 2100 }), month: fc.integer({ min: 1, max: 12 }) })
  .map(({ year, month }) => dateFromParts(year, month, daysInMonth(year, month)));
const leapDay = fc
  .integer({ min: 1970, max: 2100 })
  .filter(isLeapYear)
  .map((year) => dateFromParts(year, 2, 29));
const startDate = fc.oneof(
  { arbitrary: anyDate, weight: 3 },
  { arbitrary: monthEnd, weight: 2 },
  { arbitrary: leapDay, weight: 1 },
);
const frequency = fc.constantFrom<Frequency>(...FREQUENCIES);
/** Mostly every period, often every few (every 2 weeks, every 3 months), now and then far apart. */
const interval = fc.oneof(
  { arbitrary: fc.constant(1), weight: 3 },
  { arbitrary: fc.integer({ min: 2, max: 6 }), weight: 2 },
  { arbitrary: fc.integer({ min: 7, max: 40 }), weight: 1 },
);
const rule = fc.record({ startDate, frequency, interval });

/** The first `count` occurrences from index `from`. */
function run(recurrence: Recurrence, from: number, count: number): string[] {
  return Array.from({ length: count }, (_, offset) => nthOccurrence(recurrence, from + offset));
}

/**
 * An independent reference: step from the start one period at a time (addDays goes through
 * Date.UTC, the month and year steps count on the calendar), collecting dates up to `to`.
 */
function referenceOccurrences(recurrence: Recurrence, to: string): string[] {
  const dates: string[] = [];
  const start = dateParts(recurrence.startDate);
  const every = recurrence.interval ?? 1;
  for (let index = 0; ; index++) {
    let date: string;
    if (recurrence.frequency === 'daily' || recurrence.frequency === 'weekly') {
      const step = (recurrence.frequency === 'daily' ? 1 : 7) * every;
      date = dates.length === 0 ? recurrence.startDate : addDays(dates.at(-1)!, step);
    } else if (recurrence.frequency === 'monthly') {
      const months = start.month - 1 + index * every;
      const year = start.year + Math.floor(months / 12);
      const month = (months % 12) + 1;
      date = dateFromParts(year, month, Math.min(start.day, daysInMonth(year, month)));
    } else {
      const year = start.year + index * every;
      date = dateFromParts(year, start.month, Math.min(start.day, daysInMonth(year, start.month)));
    }
    if (date > to) return dates;
    dates.push(date);
  }
}

describe('calendar day numbers', () => {
  it('count days from 1970-01-01 and round-trip every date', () => {
    expect(toDayNumber('1970-01-01')).toBe(0);
    expect(toDayNumber('1969-12-31')).toBe(-1);
    expect(toDayNumber('2000-03-01')).toBe(11_017);
    fc.assert(
      fc.property(startDate, fc.integer({ min: -40_000, max: 40_000 }), (date, days) => {
        return (
          fromDayNumber(toDayNumber(date)) === date &&
          fromDayNumber(toDayNumber(date) + days) === addDays(date, days)
        );
      }),
      RUNS,
    );
  });
});

describe('recurrence properties', () => {
  it('starts on the start date and strictly increases, every occurrence a real date', () => {
    fc.assert(
      fc.property(rule, fc.integer({ min: 0, max: 1000 }), (recurrence, from) => {
        // Every 40 years, a thousand times over, is past the calendar's year 9999.
        const yearsPerStep = { daily: 1 / 365, weekly: 7 / 365, monthly: 1 / 12, annually: 1 };
        fc.pre((from + 30) * recurrence.interval * yearsPerStep[recurrence.frequency] < 7000);
        const dates = run(recurrence, from, 30);
        return (
          nthOccurrence(recurrence, 0) === recurrence.startDate &&
          dates.every(
            (date, index) => isCalendarDate(date) && (index === 0 || date > dates[index - 1]!),
          )
        );
      }),
      RUNS,
    );
  });

  it('daily gaps are exactly 1 day and weekly gaps exactly 7', () => {
    fc.assert(
      fc.property(
        startDate,
        fc.constantFrom<Frequency>('daily', 'weekly'),
        fc.integer({ min: 0, max: 5000 }),
        (start, period, from) => {
          const step = period === 'daily' ? 1 : 7;
          const dates = run({ startDate: start, frequency: period }, from, 20);
          const expected = [addDays(start, from * step)];
          while (expected.length < dates.length) expected.push(addDays(expected.at(-1)!, step));
          expect(dates).toEqual(expected);
        },
      ),
      RUNS,
    );
  });

  it('monthly never skips or repeats a month, on min(start day, month length)', () => {
    fc.assert(
      fc.property(startDate, fc.integer({ min: 0, max: 1500 }), (start, from) => {
        const startDay = dateParts(start).day;
        const dates = run({ startDate: start, frequency: 'monthly' }, from, 26);
        return dates.every((date, index) => {
          const { year, month, day } = dateParts(date);
          const previous = index > 0 ? dateParts(dates[index - 1]!) : undefined;
          return (
            day === Math.min(startDay, daysInMonth(year, month)) &&
            (!previous || year * 12 + month === previous.year * 12 + previous.month + 1)
          );
        });
      }),
      RUNS,
    );
  });

  it('annually keeps the month and day, Feb 29 falling on Feb 28 in common years', () => {
    fc.assert(
      fc.property(startDate, fc.integer({ min: 0, max: 100 }), (start, from) => {
        const first = dateParts(start);
        const dates = run({ startDate: start, frequency: 'annually' }, from, 10);
        return dates.every((date, offset) => {
          const { year, month, day } = dateParts(date);
          const isLeapDayInCommonYear = first.month === 2 && first.day === 29 && !isLeapYear(year);
          return (
            year === first.year + from + offset &&
            month === first.month &&
            day === (isLeapDayInCommonYear ? 28 : first.day)
          );
        });
      }),
      RUNS,
    );
  });

  it('the first occurrence after a date is after it, is an occurrence, and none lies between', () => {
    fc.assert(
      fc.property(rule, anyDate, (recurrence, date) => {
        const index = occurrenceIndexAfter(recurrence, date);
        const next = firstOccurrenceAfter(recurrence, date);
        expect(next).toBe(nthOccurrence(recurrence, index));
        expect(next > date).toBe(true);
        // The occurrence before it (if any) is not after the date: nothing in between.
        if (index > 0) expect(nthOccurrence(recurrence, index - 1) <= date).toBe(true);
        else expect(recurrence.startDate > date).toBe(true);
      }),
      RUNS,
    );
  });

  it('matches a step-by-step reference over bounded spans', () => {
    fc.assert(
      fc.property(
        rule,
        fc.integer({ min: -40, max: 3000 }),
        fc.integer({ min: 0, max: 800 }),
        (recurrence, fromOffset, length) => {
          const from = addDays(recurrence.startDate, fromOffset);
          const to = addDays(from, length);
          const expected = referenceOccurrences(recurrence, to).filter((date) => date >= from);
          expect(occurrencesBetween(recurrence, from, to)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('honours the limit and returns the earliest occurrences', () => {
    fc.assert(
      fc.property(rule, fc.integer({ min: 1, max: 50 }), (recurrence, limit) => {
        const all = occurrencesBetween(recurrence, recurrence.startDate, '2200-12-31', 60);
        expect(occurrencesBetween(recurrence, recurrence.startDate, '2200-12-31', limit)).toEqual(
          all.slice(0, limit),
        );
      }),
      RUNS,
    );
  });
});

describe('recurrence examples at month and year ends', () => {
  const monthly = (startDate: string): Recurrence => ({ startDate, frequency: 'monthly' });

  it('Jan 31 monthly: Feb 29 in a leap year, back to Mar 31, Apr 30, May 31', () => {
    expect(run(monthly('2024-01-31'), 0, 6)).toEqual([
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
      '2024-06-30',
    ]);
    expect(run(monthly('2023-01-31'), 0, 3)).toEqual(['2023-01-31', '2023-02-28', '2023-03-31']);
  });

  it('Mar 31 monthly: Apr 30, then May 31', () => {
    expect(run(monthly('2026-03-31'), 0, 3)).toEqual(['2026-03-31', '2026-04-30', '2026-05-31']);
  });

  it('Dec 31 monthly and weekly cross the year end', () => {
    expect(run(monthly('2025-12-31'), 0, 3)).toEqual(['2025-12-31', '2026-01-31', '2026-02-28']);
    expect(run({ startDate: '2025-12-31', frequency: 'weekly' }, 0, 2)).toEqual([
      '2025-12-31',
      '2026-01-07',
    ]);
    expect(run({ startDate: '2025-12-31', frequency: 'daily' }, 0, 2)).toEqual([
      '2025-12-31',
      '2026-01-01',
    ]);
    expect(run({ startDate: '2025-12-31', frequency: 'annually' }, 0, 2)).toEqual([
      '2025-12-31',
      '2026-12-31',
    ]);
  });

  it('Feb 29 2024 annually: Feb 28 in 2025–2027, Feb 29 again in 2028', () => {
    expect(run({ startDate: '2024-02-29', frequency: 'annually' }, 0, 5)).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('daily through a leap February', () => {
    expect(
      occurrencesBetween(
        { startDate: '2024-02-27', frequency: 'daily' },
        '2024-02-28',
        '2024-03-01',
      ),
    ).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('finds the first occurrence after a date', () => {
    const rule = monthly('2024-01-31');
    expect(firstOccurrenceAfter(rule, '2023-06-01')).toBe('2024-01-31');
    expect(firstOccurrenceAfter(rule, '2024-01-31')).toBe('2024-02-29');
    expect(firstOccurrenceAfter(rule, '2024-02-29')).toBe('2024-03-31');
    expect(firstOccurrenceAfter(rule, '2024-03-30')).toBe('2024-03-31');
    expect(
      firstOccurrenceAfter({ startDate: '2024-02-29', frequency: 'annually' }, '2025-03-01'),
    ).toBe('2026-02-28');
    expect(
      firstOccurrenceAfter({ startDate: '2026-01-01', frequency: 'weekly' }, '2026-01-07'),
    ).toBe('2026-01-08');
  });

  it('is direct for long ranges: a daily rule from 1970 jumps to 2100', () => {
    const daily: Recurrence = { startDate: '1970-01-01', frequency: 'daily' };
    expect(firstOccurrenceAfter(daily, '2100-12-30')).toBe('2100-12-31');
    expect(occurrenceIndexAfter(daily, '2100-12-30')).toBe(toDayNumber('2100-12-31'));
    expect(occurrencesBetween(daily, '2100-12-30', '2100-12-31')).toEqual([
      '2100-12-30',
      '2100-12-31',
    ]);
    expect(occurrencesBetween(daily, '2024-01-02', '2024-01-01')).toEqual([]);
  });
});
