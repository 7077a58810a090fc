/**
 * Budget progress thresholds (docs/architecture.md, Product rules): green under 80 %,
 * yellow from 80 %, red over the limit. Exactly 100 % — all of it spent, nothing over — is
 * "spent", not "overspent": yellow (docs/decisions.md, BUD-3).
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

/**
 * The colour of a budget's bar from its whole percent and what remains: red once more is spent
 * than is available (`remaining` below 0, whatever the rounded percent says: 100.4 % shows as
 * 100 % and is red), yellow from 80 % up to exactly 100 %, green below.
 */
export function budgetProgressColor(percent: number, remaining: number): BudgetProgressColor {
  if (remaining < 0) return 'red';
  if (percent >= BUDGET_WARNING_PERCENT) return 'yellow';
  return 'green';
}
