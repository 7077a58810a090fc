import { ErrorCode, MAX_AMOUNT } from '@moneta/shared';
import type { Executor } from '../../db/database';
import { badRequest, conflict } from '../../http/app-error';
import { createAccountsReader } from '../accounts/accounts-reader';
import { accountNotFound } from '../accounts/accounts-service';
import { createRatesReader } from '../rates/rates-reader';
import type { TransactionSnapshot } from '../transactions/transactions-service';
import { otherLegsOf } from './other-legs-repository';
import type { TransferFromRows } from './transfers-repository';
import type { HouseholdId } from '../households/household-id';

/**
 * Whether an amount converted at a day's rate can be stored as a transfer leg: any amount at
 * any rate converts (docs/decisions.md, REL-1), but a leg is an amount like any
 * other, at most MAX_AMOUNT.
 */
export const isStorable = (cents: number) => Math.abs(cents) <= MAX_AMOUNT * 100;

export const convertedTooLarge = (from: string, to: string, instead: string) =>
  badRequest(
    `The amount converted from ${from} to ${to} at the day's rate is more than ${MAX_AMOUNT.toLocaleString('en-US')}: ${instead}`,
    ErrorCode.VALIDATION,
  );

export const snapshotText = (snapshot: TransactionSnapshot | undefined, key: string) => {
  const value = snapshot?.[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

/**
 * One transfer from a transaction of each leg (either may be missing: a leg with no row of its
 * own is dated like the other). Out of the account of the expense, into that of the income;
 * each leg keeps its date, import and bank id; the note is the first leg's note or name.
 */
export function transferOfLegs(
  out: { accountId: string; date: string; importId: string | null; bankId: string | null },
  into: { accountId: string; date: string; importId: string | null; bankId: string | null },
  amountCents: number,
  note: string | null,
  replaced: TransactionSnapshot[],
): TransferFromRows {
  return {
    fromAccountId: out.accountId,
    toAccountId: into.accountId,
    amountCents,
    date: out.date,
    toDate: into.date === out.date ? null : into.date,
    note,
    fromImportId: out.importId,
    toImportId: into.importId,
    fromBankId: out.bankId,
    toBankId: into.bankId,
    replaced: replaced.length > 0 ? replaced : null,
  };
}

/** A transaction's leg as transferOfLegs takes it. */
export function legOf(snapshot: TransactionSnapshot) {
  return {
    accountId: String(snapshot.account_id),
    date: String(snapshot.added_on),
    importId: snapshotText(snapshot, 'import_id'),
    bankId: snapshotText(snapshot, 'bank_id'),
  };
}

/**
 * One transfer of two taken transactions: an expense and an income in two accounts, of the same
 * amount in one currency (each keeps its own between two). Anything else is a 400.
 */
export function transferOfTwo(taken: TransactionSnapshot[]): TransferFromRows {
  const expense = taken.find((snapshot) => snapshot.is_income === false);
  const income = taken.find((snapshot) => snapshot.is_income === true);
  if (!expense || !income) {
    throw badRequest(
      'A transfer is made of an expense and an income: choose one of each.',
      ErrorCode.TRANSFER_LEGS_INVALID,
    );
  }
  if (expense.account_id === income.account_id) {
    throw badRequest(
      'The two transactions are in the same account: a transfer moves money between two accounts.',
      ErrorCode.TRANSFER_LEGS_INVALID,
    );
  }
  // Between two currencies each leg keeps its own amount; in one, they must agree.
  const isOneCurrency = expense.currency === income.currency;
  if (isOneCurrency && Number(expense.cost_cents) !== Number(income.cost_cents)) {
    throw badRequest(
      'The two transactions have different amounts: a transfer moves one amount.',
      ErrorCode.TRANSFER_LEGS_INVALID,
    );
  }
  const note = snapshotText(expense, 'note') ?? snapshotText(income, 'note');
  return {
    ...transferOfLegs(legOf(expense), legOf(income), Number(expense.cost_cents), note, taken),
    toAmountCents: isOneCurrency ? null : Number(income.cost_cents),
  };
}

/**
 * The id of the transaction of `accountId` that is the other side of `only` (otherLegsOf), or
 * undefined when it holds none. Two or more are a 409 that names them: the person says which
 * (by making the transfer of both transactions), rather than Moneta guessing.
 */
export async function existingOtherLeg(
  tx: Executor,
  householdId: HouseholdId,
  only: TransactionSnapshot,
  accountId: string,
): Promise<string | undefined> {
  const found = await otherLegsOf(
    tx,
    householdId,
    {
      id: only.id,
      accountId: String(only.account_id),
      date: String(only.added_on),
      amountCents: Number(only.cost_cents),
      currency: String(only.currency),
      isIncome: only.is_income === true,
    },
    accountId,
  );
  if (found.length > 1) {
    throw conflict(
      `The other account already holds ${found.length} transactions that could be this transfer's other side (on ${found
        .map((leg) => leg.date)
        .sort()
        .join(', ')}): select this transaction and the right one, and make them one transfer.`,
      ErrorCode.TRANSFER_OTHER_LEG_AMBIGUOUS,
    );
  }
  return found[0]?.id;
}

/**
 * One transfer of one taken transaction and the other account, which has no row of this
 * movement: that side is dated like the transaction, its amount converted at the day's rate
 * (a 400 without one).
 */
export async function transferToAccount(
  tx: Executor,
  householdId: HouseholdId,
  only: TransactionSnapshot,
  other: string,
): Promise<TransferFromRows> {
  const amountCents = Number(only.cost_cents);
  const leg = legOf(only);
  const otherLeg = { accountId: other, date: leg.date, importId: null, bankId: null };
  const note = snapshotText(only, 'note') ?? snapshotText(only, 'name');
  // The other account's side, in its currency: the transaction's amount at its day's rate.
  const ownCurrency = String(only.currency);
  const otherCurrency = (await createAccountsReader(tx).currencies(householdId)).get(other);
  if (!otherCurrency) throw accountNotFound();
  const otherCents = await createRatesReader(tx).convert(
    householdId,
    amountCents,
    ownCurrency,
    otherCurrency,
    leg.date,
  );
  if (otherCents === undefined) {
    throw badRequest(
      `No exchange rate from ${ownCurrency} to ${otherCurrency} is known for ${leg.date}: record the transfer with the amount received instead.`,
      ErrorCode.TRANSFER_LEGS_INVALID,
    );
  }
  if (!isStorable(otherCents)) {
    throw convertedTooLarge(
      ownCurrency,
      otherCurrency,
      'record the transfer with the amount received instead.',
    );
  }
  const isOneCurrency = ownCurrency === otherCurrency;
  return only.is_income === true
    ? {
        ...transferOfLegs(otherLeg, leg, otherCents, note, [only]),
        toAmountCents: isOneCurrency ? null : amountCents,
      }
    : {
        ...transferOfLegs(leg, otherLeg, amountCents, note, [only]),
        toAmountCents: isOneCurrency ? null : otherCents,
      };
}
