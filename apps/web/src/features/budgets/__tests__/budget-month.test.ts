import { describe, expect, it } from 'vitest';
import { todayInUserZone } from '@/lib/time-zone';
import {
  budgetMonthOf,
  clampMonth,
  formatBudgetMonth,
  parseMonthValue,
  shiftBudgetMonth,
} from '../utils/budget-month';

describe('budget months', () => {
  it.each([
    ['15', '12'],
    ['13', '12'],
    ['12', '12'],
    ['1', '1'],
    ['0', '1'],
    ['-4', '1'],
    ['6.6', '7'],
    ['', ''],
    ['abc', 'abc'],
  ])('clamps the month field %j to %j', (value, expected) => {
    expect(clampMonth(value)).toBe(expected);
  });

  it('moves across year ends and stops at the years budgets allow', () => {
    expect(shiftBudgetMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftBudgetMonth({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
    expect(shiftBudgetMonth({ year: 2000, month: 1 }, -1)).toEqual({ year: 2000, month: 1 });
    expect(shiftBudgetMonth({ year: 2100, month: 12 }, 1)).toEqual({ year: 2100, month: 12 });
  });

  it('reads only months budgets can have', () => {
    expect(parseMonthValue('2026-03')).toEqual({ year: 2026, month: 3 });
    for (const value of ['2026-13', '2026-00', '1999-12', '2101-01', '2026-3', null, 'x']) {
      expect(parseMonthValue(value)).toBeNull();
    }
  });

  it('shows month/year and takes the current month in the user time zone', () => {
    expect(formatBudgetMonth({ year: 2026, month: 3 })).toBe('3/2026');
    const now = new Date('2026-03-31T23:30:00Z');
    // Already April 1st in Paris, still March 31st in New York.
    expect(budgetMonthOf(todayInUserZone('Europe/Paris', now))).toEqual({ year: 2026, month: 4 });
    expect(budgetMonthOf(todayInUserZone('America/New_York', now))).toEqual({
      year: 2026,
      month: 3,
    });
  });
});
