import { fromStoredHundredths, type Recurring } from '@moneta/shared';
import type { RecurringRuleRow } from '../../db/schema';

/** The rule as the API shows it: decimal `amount`, `_id`, dates as 'YYYY-MM-DD'. */
export function toRecurringDto(row: RecurringRuleRow): Recurring {
  return {
    _id: row.id,
    name: row.name,
    category: row.category,
    amount: fromStoredHundredths(row.amountCents),
    isIncome: row.isIncome,
    frequency: row.frequency,
    startDate: row.startDate,
    nextDueDate: row.nextDueDate,
    accountId: row.accountId,
    interval: row.interval,
    endDate: row.endDate,
    note: row.note,
    isEnded: row.endDate !== null && row.nextDueDate > row.endDate,
  };
}
