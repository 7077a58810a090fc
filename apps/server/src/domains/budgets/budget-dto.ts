import { budgetPercent, fromStoredHundredths, type Budget } from '@moneta/shared';
import type { BudgetWithSpending } from './budgets-repository';

/**
 * The budget as the API shows it: decimal amounts, with what it carries in, what is available,
 * spent and remaining, and the percent of what is available that is spent (docs/api.md, Budget).
 */
export function toBudgetDto(row: BudgetWithSpending): Budget {
  const availableCents = row.amountCents + row.carriedCents;
  return {
    _id: row.id,
    category: row.category,
    amount: fromStoredHundredths(row.amountCents),
    month: row.month,
    year: row.year,
    rollover: row.rollover,
    repeat: row.repeat,
    repeatedFrom: row.repeatedFrom,
    carried: fromStoredHundredths(row.carriedCents),
    available: fromStoredHundredths(availableCents),
    spent: fromStoredHundredths(row.spentCents),
    remaining: fromStoredHundredths(availableCents - row.spentCents),
    percent: budgetPercent(row.spentCents, availableCents),
    unconverted: row.unconverted,
  };
}
