import { BUDGET_MAX_YEAR, BUDGET_MIN_YEAR } from '@moneta/shared/limits';
import { dateParts, daysInMonth } from '@moneta/shared/calendar-date';
import { paths } from '@/config/paths';
import type { BudgetMonth } from '../api/get-budgets';

export const FIRST_MONTH = 1;
export const LAST_MONTH = 12;

/** The month a calendar date (YYYY-MM-DD) falls in; of today's date, the current month. */
export function budgetMonthOf(date: string): BudgetMonth {
  const { year, month } = dateParts(date);
  return { year, month };
}

/** A month moved by `delta` months, kept inside the years budgets allow. */
export function shiftBudgetMonth({ year, month }: BudgetMonth, delta: number): BudgetMonth {
  const index = year * 12 + (month - 1) + delta;
  const shifted = { year: Math.floor(index / 12), month: (index % 12) + 1 };
  if (shifted.year < BUDGET_MIN_YEAR) return { year: BUDGET_MIN_YEAR, month: FIRST_MONTH };
  if (shifted.year > BUDGET_MAX_YEAR) return { year: BUDGET_MAX_YEAR, month: LAST_MONTH };
  return shifted;
}

export function isFirstBudgetMonth({ year, month }: BudgetMonth): boolean {
  return year === BUDGET_MIN_YEAR && month === FIRST_MONTH;
}

export function isLastBudgetMonth({ year, month }: BudgetMonth): boolean {
  return year === BUDGET_MAX_YEAR && month === LAST_MONTH;
}

/** 'YYYY-MM', the value of a month input and of the page's `?month=` parameter. */
export function toMonthValue({ year, month }: BudgetMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** Reads 'YYYY-MM'; null when it is not a month budgets can have. */
export function parseMonthValue(value: string | null | undefined): BudgetMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month < FIRST_MONTH || month > LAST_MONTH) return null;
  if (year < BUDGET_MIN_YEAR || year > BUDGET_MAX_YEAR) return null;
  return { year, month };
}

/** The Month column's text: month/year, e.g. 3/2026 (docs/architecture.md, Product rules). */
export function formatBudgetMonth({ year, month }: BudgetMonth): string {
  return `${month}/${year}`;
}

/**
 * The form's month field: a number outside 1–12 becomes 1 or 12 (docs/architecture.md, Product
 * rules); a fraction is rounded first. Anything that is not a number is left for the validation
 * message.
 */
export function clampMonth(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return value;
  const number = Number(trimmed);
  if (!Number.isFinite(number)) return value;
  return String(Math.min(LAST_MONTH, Math.max(FIRST_MONTH, Math.round(number))));
}

/** The month before, for "Copy last month". */
export function previousBudgetMonth(month: BudgetMonth): BudgetMonth {
  return shiftBudgetMonth(month, -1);
}

/** The Transactions page showing a budget's category's expenses of its month. */
export function budgetTransactionsPath(budget: BudgetMonth & { category: string }): string {
  const month = toMonthValue(budget);
  const params = new URLSearchParams({
    type: 'expense',
    category: budget.category,
    from: `${month}-01`,
    to: `${month}-${String(daysInMonth(budget.year, budget.month)).padStart(2, '0')}`,
  });
  return `${paths.transactions}?${params}`;
}
