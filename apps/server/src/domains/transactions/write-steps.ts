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
 * A transaction goes into one of its user's own accounts: an id that is not an id, or that the
 * (user, account) foreign key refuses, is someone else's or no account at all — a 404.
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

/** Tags as the user already spells them ("TRIP" joins their "Trip"). */
export async function inUsersSpelling(
  readers: DomainReaders,
  userId: string,
  tags: string[],
): Promise<string[]> {
  const spellings = await readers.tagSpellings(userId, tags);
  return tags.map((tag) => spellings.get(tagKey(tag)) ?? tag);
}
