import { DEFAULT_ACCOUNT } from '@moneta/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { households } from '../../db/schema';
import type { ActiveHousehold, HouseholdId } from '../households/household-id';
import { createAccountsRepository } from './accounts-repository';

/**
 * The empty "Main" every household starts with, when another app's export is imported
 * (docs/imports-other-apps.md, Accounts): as a restore does, the export's first new account
 * takes it over rather than leaving it empty beside the imported accounts, and an undo gives it
 * back. Both run in the import's database transaction `tx`, with the household's accounts locked.
 */

/**
 * The household's default account when an import may take it over: it is its only account and
 * untouched — its name, type and currency as sign-up made them, no opening balance, identifier,
 * transaction or transfer, not archived. Else undefined.
 */
export async function untouchedDefaultAccount(
  tx: Executor,
  household: ActiveHousehold,
): Promise<string | undefined> {
  const accounts = createAccountsRepository(tx);
  await accounts.lockAll(household.id);
  if ((await accounts.count(household.id)) !== 1) return undefined;
  const id = await accounts.defaultId(household.id);
  const account = id && (await accounts.find(household.id, id, household.baseCurrency));
  if (!account) return undefined;
  const isUntouched =
    account.name === DEFAULT_ACCOUNT.name &&
    account.type === DEFAULT_ACCOUNT.type &&
    account.currency === household.baseCurrency &&
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
  householdId: HouseholdId,
  id: string,
): Promise<boolean> {
  const accounts = createAccountsRepository(tx);
  await accounts.lockAll(householdId);
  if (await accounts.holdsAnything(householdId, id)) return false;
  const defaultName = DEFAULT_ACCOUNT.name.toLowerCase();
  for (const [otherId, name] of await accounts.names(householdId)) {
    if (otherId !== id && name.toLowerCase() === defaultName) return false;
  }
  const [household] = await tx
    .select({ baseCurrency: households.baseCurrency })
    .from(households)
    .where(eq(households.id, householdId));
  if (!household) return false;
  const restored = await accounts.update(householdId, id, {
    name: DEFAULT_ACCOUNT.name,
    type: DEFAULT_ACCOUNT.type,
    currency: household.baseCurrency,
    openingBalanceCents: 0,
    identifiers: [],
    isArchived: false,
  });
  return restored !== undefined;
}
