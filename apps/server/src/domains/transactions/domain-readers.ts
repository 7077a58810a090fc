/**
 * What the transactions domain reads of other domains' data: a household's base currency, an
 * account's currency and the accounts' names, and how a household already spells its tags. The
 * parts of the transactions service receive these readers (`ReadersFor`, one per database
 * handle, so that a read inside a write sees that write's transaction); `domainReaders` is the
 * one place that binds them to the other domains' readers.
 */
import type { Executor } from '../../db/database';
import { createAccountsReader } from '../accounts/accounts-reader';
import type { HouseholdId } from '../households/household-id';
import { createHouseholdsReader } from '../households/households-reader';
import { createTagsReader } from '../tags/tags-reader';

export interface DomainReaders {
  /** The household's base currency; undefined for one deleted since the request was checked. */
  baseCurrencyOf(householdId: HouseholdId): Promise<string | undefined>;
  /**
   * The currency of the household's account `accountId`, or of its default account without
   * one; undefined when it is not the household's.
   */
  accountCurrencyOf(householdId: HouseholdId, accountId?: string): Promise<string | undefined>;
  /** The names of the household's accounts, by id. */
  accountNames(householdId: HouseholdId): Promise<ReadonlyMap<string, string>>;
  /** The household's spelling of each of these tags it uses already, by tag key. */
  tagSpellings(householdId: HouseholdId, tags: string[]): Promise<ReadonlyMap<string, string>>;
}

export type ReadersFor = (db: Executor) => DomainReaders;

export const domainReaders: ReadersFor = (db) => ({
  baseCurrencyOf: async (householdId) =>
    (await createHouseholdsReader(db).findById(householdId))?.baseCurrency,
  accountCurrencyOf: (householdId, accountId) =>
    createAccountsReader(db).currencyOf(householdId, accountId),
  accountNames: (householdId) => createAccountsReader(db).names(householdId),
  tagSpellings: (householdId, tags) => createTagsReader(db).spellings(householdId, tags),
});
