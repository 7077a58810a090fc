import { describe, expect, it } from 'vitest';
import { goalFormSchema, goalProgress, monthsToSave } from './goal-schemas';

describe('goal progress', () => {
  it('counts this month and the target month', () => {
    expect(monthsToSave('2026-03-15', '2026-03-31')).toBe(1);
    expect(monthsToSave('2026-03-15', '2026-12-01')).toBe(10);
    expect(monthsToSave('2026-11-30', '2027-01-01')).toBe(3);
    // Past its date: everything now.
    expect(monthsToSave('2026-03-15', '2025-12-31')).toBe(1);
  });

  it('rounds what each month needs up to the minor unit, so that it reaches the target', () => {
    const base = { savedCents: 0, today: '2026-03-15', targetDate: '2026-05-31' };
    expect(goalProgress({ ...base, targetCents: 10_000, currency: 'USD' })).toEqual({
      percent: 0,
      monthlyNeededCents: 3_334,
    });
    // Yen: whole yen.
    expect(goalProgress({ ...base, targetCents: 100_000, currency: 'JPY' })).toEqual({
      percent: 0,
      monthlyNeededCents: 33_400,
    });
  });

  it('is reached at 100 % or more, needing nothing; without a date it needs nothing by a time', () => {
    const reached = {
      targetCents: 50_000,
      savedCents: 60_000,
      currency: 'EUR',
      today: '2026-03-15',
    };
    expect(goalProgress({ ...reached, targetDate: '2026-06-30' })).toEqual({
      percent: 120,
      monthlyNeededCents: 0,
    });
    expect(goalProgress({ ...reached, targetDate: null })).toEqual({
      percent: 120,
      monthlyNeededCents: null,
    });
  });

  it('reads an empty date, account or saved amount of the form as none', () => {
    expect(
      goalFormSchema.parse({
        name: ' Trip ',
        targetAmount: '12.50',
        targetDate: '',
        accountId: '',
        saved: '',
      }),
    ).toEqual({ name: 'Trip', targetAmount: 12.5, targetDate: null, accountId: null });
  });
});
