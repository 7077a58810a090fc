/**
 * Budget progress thresholds (docs/architecture.md, Product rules): green under 80 %, yellow to
 * under 100 %, red.
 */
export const BUDGET_WARNING_PERCENT = 80;
export const BUDGET_LIMIT_PERCENT = 100;

export type BudgetProgressColor = 'green' | 'yellow' | 'red';

/**
 * round(spent / amount × 100), in whole percent. A zero budget is 0 % while nothing is spent
 * and 100 % (used up) as soon as anything is (docs/api.md, General rules).
 */
export function budgetPercent(spentCents: number, amountCents: number): number {
  if (amountCents <= 0) return spentCents > 0 ? 100 : 0;
  return Math.round((spentCents / amountCents) * 100);
}

export function budgetProgressColor(percent: number): BudgetProgressColor {
  if (percent >= BUDGET_LIMIT_PERCENT) return 'red';
  if (percent >= BUDGET_WARNING_PERCENT) return 'yellow';
  return 'green';
}
