import { fromMinorUnits, type Account } from '@moneta/shared';
import type { AccountWithBalance } from './accounts-repository';

export function toAccountDto(row: AccountWithBalance): Account {
  return {
    _id: row.id,
    name: row.name,
    type: row.type,
    openingBalance: fromMinorUnits(row.openingBalanceCents),
    balance: fromMinorUnits(row.balanceCents),
    isArchived: row.isArchived,
    identifiers: row.identifiers,
    createdAt: row.createdAt.toISOString(),
  };
}
