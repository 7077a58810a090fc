import type { User } from '@moneta/shared';
import type { UserRow } from '../../db/schema';

/**
 * The user as the API shows it (docs/api.md, General rules): no hash, `_id` for the id; the
 * base currency (`defaultCurrency`) is the household's the request acts on.
 */
export function toUserDto(row: UserRow, household: { baseCurrency: string }): User {
  return {
    _id: row.id,
    email: row.email,
    isSetupComplete: row.isSetupComplete,
    defaultCurrency: household.baseCurrency,
    timeZone: row.timeZone,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
  };
}
