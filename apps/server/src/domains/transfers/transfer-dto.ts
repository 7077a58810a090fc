import { fromStoredHundredths, type Transfer } from '@moneta/shared';
import type { TransferRow } from '../../db/schema';

/** The transfer as the API shows it; `currencies` holds its two accounts' (by account id). */
export function toTransferDto(row: TransferRow, currencies: ReadonlyMap<string, string>): Transfer {
  return {
    _id: row.id,
    fromAccountId: row.fromAccountId,
    toAccountId: row.toAccountId,
    amount: fromStoredHundredths(row.amountCents),
    toAmount: fromStoredHundredths(row.toAmountCents ?? row.amountCents),
    currency: currencies.get(row.fromAccountId) ?? '',
    toCurrency: currencies.get(row.toAccountId) ?? '',
    date: row.date,
    toDate: row.toDate ?? row.date,
    note: row.note || null,
    fromImportId: row.fromImportId,
    toImportId: row.toImportId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
