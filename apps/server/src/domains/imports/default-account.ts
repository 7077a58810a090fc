import { DEFAULT_ACCOUNT } from '@moneta/shared';
import type { Executor } from '../../db/database';
import type { ImportRecord, StoredImportStatement, UserRow } from '../../db/schema';
import { createAccountsRepository, type AccountValues } from '../accounts/accounts-repository';
import { createUsersRepository } from '../users/users-repository';

/**
 * The empty "Main" every user starts with, when another app's export is imported
 * (docs/imports-other-apps.md, Accounts): as a restore does, the export's first new account
 * takes it over rather than leaving it empty beside the imported accounts, and an undo gives it
 * back.
 */

/**
 * The user's default account when the commit of an app's export may take it over: it is the
 * user's only account and untouched — its name, type and currency as sign-up made them, no
 * opening balance, identifier, transaction or transfer, not archived. Else undefined.
 */
export async function untouchedDefaultAccount(
  tx: Executor,
  user: UserRow,
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

/** Gives the default account `id` the values of the account a statement needs. */
export async function takeOverDefaultAccount(
  tx: Executor,
  userId: string,
  id: string,
  values: AccountValues,
): Promise<void> {
  await createAccountsRepository(tx).update(userId, id, values);
}

/**
 * Whether a committed import's statement went to the default account it took over. Such a
 * statement is marked created, yet its account is the import's own: the import's account is the
 * upload's (the default, the user's only one) whenever every statement went to a created
 * account, and every other created account has an id of its own.
 */
export function tookOverDefault(record: ImportRecord, statement: StoredImportStatement): boolean {
  return statement.isCreated && statement.accountId === record.accountId;
}

/**
 * At undo: the taken-over account becomes the default account again, as sign-up made it, when
 * it then holds nothing (no transaction or transfer) and no other account has taken its name.
 * Returns whether it did; else it stays as the import left it.
 */
export async function restoreDefaultAccount(
  tx: Executor,
  userId: string,
  id: string,
): Promise<boolean> {
  const accounts = createAccountsRepository(tx);
  await accounts.lockAll(userId);
  const user = await createUsersRepository(tx).findById(userId);
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
