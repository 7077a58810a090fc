import { fromStoredHundredths, type Account } from '@moneta/shared';
import type { AccountWithBalance } from './accounts-repository';

export function toAccountDto(row: AccountWithBalance): Account {
  return {
    _id: row.id,
    name: row.name,
    type: row.type,
    openingBalance: fromStoredHundredths(row.openingBalanceCents),
    balance: fromStoredHundredths(row.balanceCents),
    isArchived: row.isArchived,
    identifiers: row.identifiers,
    createdAt: row.createdAt.toISOString(),
    currency: row.currency,
    baseBalance: row.baseBalanceCents === null ? null : fromStoredHundredths(row.baseBalanceCents),
    rateDate: row.rateDate,
  };
}
