import type { User } from '@moneta/shared';
import type { UserRow } from '../../db/schema';

/** The user as the API shows it (docs/api.md, General rules): no hash, `_id` for the id. */
export function toUserDto(row: UserRow): User {
  return {
    _id: row.id,
    email: row.email,
    isSetupComplete: row.isSetupComplete,
    defaultCurrency: row.defaultCurrency,
    timeZone: row.timeZone,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
  };
}
