import { DEFAULT_ACCOUNT } from '@moneta/shared';
import type { Executor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { createUsersReader } from '../users/users-reader';
import { createAccountsRepository } from './accounts-repository';

/**
 * The empty "Main" every user starts with, when another app's export is imported
 * (docs/imports-other-apps.md, Accounts): as a restore does, the export's first new account
 * takes it over rather than leaving it empty beside the imported accounts, and an undo gives it
 * back. Both run in the import's database transaction `tx`, with the user's accounts locked.
 */

/**
 * The user's default account when an import may take it over: it is the user's only account and
 * untouched — its name, type and currency as sign-up made them, no opening balance, identifier,
 * transaction or transfer, not archived. Else undefined.
 */
export async function untouchedDefaultAccount(
  tx: Executor,
  user: Pick<UserRow, 'id' | 'defaultCurrency'>,
): Promise<string | undefined> {
  const accounts = createAccountsRepository(tx);
  await accounts.lockAll(user.id);
  if ((await accounts.count(user.id)) !== 1) return undefined;
  const id = await accounts.defaultId(user.id);
  const account = id && (await accounts.find(user.id, id, user.defaultCurrency));
  if (!account) return undefined;
  const isUntouched =
    account.name === DEFAULT_ACCOUNT.name &&
    account.type === DEFAULT_ACCOUNT.type &&
    account.currency === user.defaultCurrency &&
    account.openingBalanceCents === 0 &&
    account.identifiers.length === 0 &&
    !account.isArchived &&
    account.transactionCount + account.transferCount === 0;
  return isUntouched ? account.id : undefined;
}

/**
 * The taken-over account `id` becomes the default account again, as sign-up made it, when it
 * holds nothing (no transaction or transfer) and no other account has taken its name. Returns
 * whether it did; else it stays as it is.
 */
export async function restoreDefaultAccount(
  tx: Executor,
  userId: string,
  id: string,
): Promise<boolean> {
  const accounts = createAccountsRepository(tx);
  await accounts.lockAll(userId);
  const user = await createUsersReader(tx).findById(userId);
  if (!user || (await accounts.holdsAnything(id))) return false;
  const defaultName = DEFAULT_ACCOUNT.name.toLowerCase();
  for (const [otherId, name] of await accounts.names(userId)) {
    if (otherId !== id && name.toLowerCase() === defaultName) return false;
  }
  const restored = await accounts.update(userId, id, {
    name: DEFAULT_ACCOUNT.name,
    type: DEFAULT_ACCOUNT.type,
    currency: user.defaultCurrency,
    openingBalanceCents: 0,
    identifiers: [],
    isArchived: false,
  });
  return restored !== undefined;
}
