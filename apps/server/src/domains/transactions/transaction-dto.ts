import { fromStoredHundredths, type Transaction } from '@moneta/shared';
import type { TransactionRow } from '../../db/schema';

/** The transaction as the API shows it: decimal `cost`, `_id`, `note` null when empty. */
export function toTransactionDto(row: TransactionRow): Transaction {
  return {
    _id: row.id,
    name: row.name,
    category: row.category,
    cost: fromStoredHundredths(row.costCents),
    addedOn: row.addedOn,
    isIncome: row.isIncome,
    note: row.note || null,
    recurringId: row.recurringId,
    receiptId: row.receiptId,
    accountId: row.accountId,
    importId: row.importId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
