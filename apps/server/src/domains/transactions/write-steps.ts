/**
 * The steps the writes of transactions share: the transaction they run in, the account they
 * go into, and the tags' spelling.
 */
import { ErrorCode, tagKey } from '@moneta/shared';
import type { Executor } from '../../db/database';
import { isForeignKeyViolation } from '../../db/postgres-errors';
import { notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import { accountNotFound } from '../accounts/accounts-service';
import type { DomainReaders } from './domain-readers';
import type { TransactionValues } from './transactions-repository';
import type { HouseholdId } from '../households/household-id';

export const transactionNotFound = () =>
  notFound('Transaction not found.', ErrorCode.TRANSACTION_NOT_FOUND);

/** What links a transaction to the thing that made it. */
export type TransactionLinks = Pick<TransactionValues, 'receiptId' | 'recurringId'>;

/** A write may join a database transaction the caller has open (a receipt and its expense). */
export interface WriteOptions {
  tx?: Executor | undefined;
}

/** Runs `work` in the caller's open transaction, or in a new one (a savepoint in `db`'s). */
export function inTransaction<T>(
  db: Executor,
  options: WriteOptions,
  work: (tx: Executor) => Promise<T>,
) {
  return options.tx ? work(options.tx) : db.transaction(work);
}

/**
 * A transaction goes into one of its household's own accounts: an id that is not an id, or that
 * the (household, account) foreign key refuses, is another household's or no account at all — a
 * 404.
 */
export async function inOwnAccount<T>(
  accountId: string | null | undefined,
  write: () => Promise<T>,
) {
  if (accountId && !isId(accountId)) throw accountNotFound();
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error, 'transactions_account_fk')) throw accountNotFound();
    throw error;
  }
}

/** Tags as the household already spells them ("TRIP" joins its "Trip"). */
export async function inHouseholdSpelling(
  readers: DomainReaders,
  householdId: HouseholdId,
  tags: string[],
): Promise<string[]> {
  const spellings = await readers.tagSpellings(householdId, tags);
  return tags.map((tag) => spellings.get(tagKey(tag)) ?? tag);
}
