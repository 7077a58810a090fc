import type { Executor } from '../../db/database';
import { createAccountsRepository, type AccountsRepository } from './accounts-repository';

/**
 * What other domains may read of the user's accounts, on any executor (their own database
 * transaction included): the repository's reads, never its writes (docs/architecture.md, One
 * writer per entity). `lockAll` reads with a row lock: a restore holds the accounts still while
 * it checks that the user has nothing yet.
 */
export type AccountsReader = Pick<
  AccountsRepository,
  | 'list'
  | 'find'
  | 'isOwn'
  | 'typeOf'
  | 'currencyOf'
  | 'currencies'
  | 'names'
  | 'defaultId'
  | 'findByIdentifier'
  | 'holdingIdentifiers'
  | 'listForMatching'
  | 'lockAll'
>;

export function createAccountsReader(executor: Executor): AccountsReader {
  return createAccountsRepository(executor);
}
