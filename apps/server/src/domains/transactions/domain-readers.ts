/**
 * What the transactions domain reads of other domains' data: a user's base currency, an
 * account's currency and the accounts' names, and how a user already spells their tags. The
 * parts of the transactions service receive these readers (`ReadersFor`, one per database
 * handle, so that a read inside a write sees that write's transaction); `domainReaders` is the
 * one place that binds them to the other domains' readers.
 */
import type { Executor } from '../../db/database';
import { createAccountsReader } from '../accounts/accounts-reader';
import { createTagsReader } from '../tags/tags-reader';
import { createUsersReader } from '../users/users-reader';
import { defaultHouseholdOf } from '../households/default-household';

export interface DomainReaders {
  /** The user's base currency; undefined for a user deleted since their token was checked. */
  baseCurrencyOf(userId: string): Promise<string | undefined>;
  /**
   * The currency of the user's account `accountId`, or of their default account without one;
   * undefined when it is not theirs.
   */
  accountCurrencyOf(userId: string, accountId?: string): Promise<string | undefined>;
  /** The names of the user's accounts, by id. */
  accountNames(userId: string): Promise<ReadonlyMap<string, string>>;
  /** The user's spelling of each of these tags they use already, by tag key. */
  tagSpellings(userId: string, tags: string[]): Promise<ReadonlyMap<string, string>>;
}

export type ReadersFor = (db: Executor) => DomainReaders;

export const domainReaders: ReadersFor = (db) => ({
  baseCurrencyOf: async (userId) => (await createUsersReader(db).findById(userId))?.defaultCurrency,
  accountCurrencyOf: async (userId, accountId) =>
    createAccountsReader(db).currencyOf((await defaultHouseholdOf(db, userId)).id, accountId),
  accountNames: async (userId) =>
    createAccountsReader(db).names((await defaultHouseholdOf(db, userId)).id),
  tagSpellings: (userId, tags) => createTagsReader(db).spellings(userId, tags),
});
