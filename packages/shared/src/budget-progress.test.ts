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

  it('is green under 80, yellow from 80 to under 100, red from 100', () => {
    expect(budgetProgressColor(0)).toBe('green');
    expect(budgetProgressColor(79)).toBe('green');
    expect(budgetProgressColor(80)).toBe('yellow');
    expect(budgetProgressColor(99)).toBe('yellow');
    expect(budgetProgressColor(100)).toBe('red');
    expect(budgetProgressColor(250)).toBe('red');
  });
});
