import { describe, expect, it } from 'vitest';
import { budgetPercent, budgetProgressColor } from './budget-progress';

describe('budget progress', () => {
  it('rounds spent / amount × 100', () => {
    expect(budgetPercent(0, 10_000)).toBe(0);
    expect(budgetPercent(2_500, 10_000)).toBe(25);
    expect(budgetPercent(3_333, 10_000)).toBe(33);
    expect(budgetPercent(1, 200)).toBe(1); // 0.5 rounds up
    expect(budgetPercent(15_000, 10_000)).toBe(150);
  });

  it('is 0 or 100 for a zero budget with nothing or something spent', () => {
    expect(budgetPercent(0, 0)).toBe(0);
    expect(budgetPercent(1, 0)).toBe(100);
  });

  it('is green under 80, yellow from 80 to exactly 100 (all spent), red once overspent', () => {
    expect(budgetProgressColor(0, 100)).toBe('green');
    expect(budgetProgressColor(79, 21)).toBe('green');
    expect(budgetProgressColor(80, 20)).toBe('yellow');
    expect(budgetProgressColor(99, 1)).toBe('yellow');
    // Rent of 900 with 900 spent: spent, not overspent.
    expect(budgetProgressColor(100, 0)).toBe('yellow');
    // 100.01 of 100 rounds to 100 % but is over.
    expect(budgetProgressColor(100, -0.01)).toBe('red');
    expect(budgetProgressColor(250, -150)).toBe('red');
    // Nothing spent, but a negative amount carried in leaves less than nothing.
    expect(budgetProgressColor(0, -30)).toBe('red');
  });
});
