import type { Account } from '@moneta/shared/account-schemas';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { readStorage, writeStorage } from '@/lib/storage';

/** Remembers the account a transaction was last saved to, for the next new one. */
export function rememberLastAccount(accountId: string): void {
  writeStorage(STORAGE_KEYS.lastAccountId, accountId);
}

/**
 * The account a new transaction starts in: the one last used if it is still open, else the
 * first open account (the server's default too).
 */
export function initialAccountId(accounts: readonly Account[]): string {
  const open = accounts.filter((account) => !account.isArchived);
  const last = readStorage(STORAGE_KEYS.lastAccountId);
  return (open.find((account) => account._id === last) ?? open[0] ?? accounts[0])?._id ?? '';
}
