import {
  DEFAULT_INCOME_CATEGORY,
  ErrorCode,
  FALLBACK_CATEGORY,
  fromStoredHundredths,
  transactionInputSchema,
} from '@moneta/shared';
import type { BankConnectionAccountRow, UserRow } from '../../db/schema';
import { conflict } from '../../http/app-error';
import { asHouseholdId } from '../households/household-id';
import type { BankContext } from './bank-context';
import { createBankConnectionsRepository } from './bank-connections-repository';

/** The name of the transaction that makes Moneta's balance the bank's. */
export const ADJUSTMENT_NAME = 'Balance adjustment';

/**
 * Makes a mapped account's balance on the bank's balance date what the bank says: one
 * transaction of the difference (an income when the bank says more), dated that day, and the
 * difference checked again in the same database transaction.
 */
export async function adjustBalance(
  context: BankContext,
  user: UserRow,
  account: BankConnectionAccountRow,
): Promise<void> {
  const { balance, balanceDate, balanceDifference, accountId } = account;
  if (!accountId || balance === null || !balanceDate || !balanceDifference) {
    throw conflict(
      "This account's balance agrees with the bank's, or is not compared: nothing to adjust.",
      ErrorCode.CONFLICT,
    );
  }
  const householdId = asHouseholdId(account.householdId);
  await context.db.transaction(async (tx) => {
    const isIncome = balanceDifference > 0;
    await context.writers.transactions.create(
      householdId,
      user.id,
      transactionInputSchema.parse({
        name: ADJUSTMENT_NAME,
        category: isIncome ? DEFAULT_INCOME_CATEGORY : FALLBACK_CATEGORY,
        cost: fromStoredHundredths(Math.abs(balanceDifference)),
        addedOn: balanceDate,
        isIncome,
        accountId,
        note: `Your bank says ${fromStoredHundredths(balance)} on ${balanceDate}.`,
      }),
      { tx },
    );
    const repository = createBankConnectionsRepository(tx);
    const difference = balance - (await repository.balanceOn(householdId, accountId, balanceDate));
    await repository.updateAccount(householdId, account.connectionId, account.providerAccountId, {
      balanceDifference: difference === 0 ? null : difference,
    });
  });
}
