import type { Account } from '@moneta/shared/account-schemas';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { readStorage, writeStorage } from '@/lib/storage';

/**
 * Where the account last chosen is kept: the transaction form's (also offered by the other
 * forms), or the receipt upload's own, since receipts are often paid with one card.
 */
type LastAccountKey = typeof STORAGE_KEYS.lastAccountId | typeof STORAGE_KEYS.lastReceiptAccountId;

/** Remembers the account a transaction was last saved to, for the next new one. */
export function rememberLastAccount(
  accountId: string,
  key: LastAccountKey = STORAGE_KEYS.lastAccountId,
): void {
  writeStorage(key, accountId);
}

/**
 * The account a new transaction starts in: the one last used if it is still open, else the
 * first open account (the server's default too).
 */
export function initialAccountId(
  accounts: readonly Account[],
  key: LastAccountKey = STORAGE_KEYS.lastAccountId,
): string {
  const open = accounts.filter((account) => !account.isArchived);
  const last = readStorage(key);
  return (open.find((account) => account._id === last) ?? open[0] ?? accounts[0])?._id ?? '';
}
