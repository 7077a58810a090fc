import { budgetPercent, fromStoredHundredths, type Budget } from '@moneta/shared';
import type { BudgetWithSpending } from './budgets-repository';

/** The budget as the API shows it: decimal amounts, with spent, remaining and percent. */
export function toBudgetDto(row: BudgetWithSpending): Budget {
  return {
    _id: row.id,
    category: row.category,
    amount: fromStoredHundredths(row.amountCents),
    month: row.month,
    year: row.year,
    spent: fromStoredHundredths(row.spentCents),
    remaining: fromStoredHundredths(row.amountCents - row.spentCents),
    percent: budgetPercent(row.spentCents, row.amountCents),
    unconverted: row.unconverted,
  };
}
