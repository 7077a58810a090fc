import { fromStoredHundredths, type Transfer } from '@moneta/shared';
import type { TransferRow } from '../../db/schema';

export function toTransferDto(row: TransferRow): Transfer {
  return {
    _id: row.id,
    fromAccountId: row.fromAccountId,
    toAccountId: row.toAccountId,
    amount: fromStoredHundredths(row.amountCents),
    date: row.date,
    toDate: row.toDate ?? row.date,
    note: row.note || null,
    fromImportId: row.fromImportId,
    toImportId: row.toImportId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
