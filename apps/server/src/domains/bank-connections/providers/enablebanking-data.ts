import { z } from 'zod';
import { readProviderAmount } from './provider-amount';
import type { ProviderAccount, ProviderProblem, ProviderTransaction } from './provider-types';

/**
 * Readers for Enable Banking's data shapes (its OpenAPI: AccountResource, BalanceResource,
 * Transaction, AmountType). Only the fields Moneta uses are checked; the rest may come or not.
 */
const amountSchema = z.object({ currency: z.string(), amount: z.string() });
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const accountResourceSchema = z.object({
  uid: z.string().min(1).optional(),
  identification_hash: z.string().min(1),
  name: z.string().nullish(),
  details: z.string().nullish(),
  product: z.string().nullish(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  cash_account_type: z.string(),
  account_id: z.object({ iban: z.string().nullish() }).loose().nullish(),
  account_servicer: z.object({ name: z.string().nullish() }).loose().nullish(),
});

/**
 * A bank account of a session. `providerAccountId` is the identification hash, which stays
 * the same across sessions (a renewed consent gives new `uid`s); `uid` is what the calls use.
 */
export interface EnableBankingAccount extends ProviderAccount {
  uid: string;
}

export function readAccountResource(
  raw: unknown,
): { account: EnableBankingAccount } | { problem: ProviderProblem } {
  const parsed = accountResourceSchema.safeParse(raw);
  if (!parsed.success || !parsed.data.uid) {
    return {
      problem: {
        code: 'ACCOUNT_UNREADABLE',
        providerAccountId: parsed.success ? parsed.data.identification_hash : null,
        providerTransactionId: null,
        message: parsed.success
          ? 'The bank gives no access to one of the accounts (it may be blocked or closed).'
          : 'An account lacks its currency, type or identification and was left out.',
      },
    };
  }
  const resource = parsed.data;
  const iban = resource.account_id?.iban;
  return {
    account: {
      providerAccountId: resource.identification_hash,
      uid: resource.uid!,
      name:
        resource.name?.trim() ||
        resource.product?.trim() ||
        resource.details?.trim() ||
        (iban ? `…${iban.slice(-4)}` : resource.cash_account_type),
      currency: resource.currency,
      type: resource.cash_account_type,
      balance: null,
      balanceDate: null,
      institution: resource.account_servicer?.name ?? null,
    },
  };
}

const balanceSchema = z.object({
  balances: z.array(
    z.object({
      balance_amount: amountSchema,
      balance_type: z.string(),
      reference_date: isoDay.nullish(),
      last_change_date_time: z.string().nullish(),
    }),
  ),
});

/**
 * The balances Moneta compares with its own, best first: booked ones (closing, interim,
 * opening), then expected and available ones. A booked balance counts what a register counts.
 */
const BALANCE_PREFERENCE = ['CLBD', 'ITBD', 'XPCD', 'OPBD', 'CLAV', 'ITAV', 'OPAV', 'FWAV'];

export function readBalances(
  raw: unknown,
  today: string,
): { balance: number; balanceDate: string; currency: string } | { problem: string } | undefined {
  const parsed = balanceSchema.safeParse(raw);
  if (!parsed.success)
    return { problem: 'The balances answer is not what Enable Banking documents.' };
  const rank = (type: string) => {
    const at = BALANCE_PREFERENCE.indexOf(type);
    return at === -1 ? BALANCE_PREFERENCE.length : at;
  };
  const [best] = [...parsed.data.balances].sort(
    (a, b) => rank(a.balance_type) - rank(b.balance_type),
  );
  if (!best) return undefined;
  const balance = readProviderAmount(best.balance_amount.amount);
  if (balance === undefined) return { problem: 'The balance is not an amount in cents.' };
  const balanceDate = best.reference_date ?? best.last_change_date_time?.slice(0, 10) ?? today;
  if (!isoDay.safeParse(balanceDate).success) return { problem: 'The balance date is not a date.' };
  if (balanceDate > today)
    return { problem: 'The balance is dated in the future, so it is not compared.' };
  return { balance, balanceDate, currency: best.balance_amount.currency };
}

const transactionSchema = z.object({
  entry_reference: z.string().nullish(),
  transaction_id: z.string().nullish(),
  transaction_amount: amountSchema,
  credit_debit_indicator: z.enum(['CRDT', 'DBIT']),
  status: z.string(),
  booking_date: isoDay.nullish(),
  value_date: isoDay.nullish(),
  transaction_date: isoDay.nullish(),
  creditor: z.object({ name: z.string().nullish() }).loose().nullish(),
  debtor: z.object({ name: z.string().nullish() }).loose().nullish(),
  remittance_information: z.array(z.string()).nullish(),
  note: z.string().nullish(),
});

/** Booked rows are posted; pending and held card payments are pending; the rest moved no money. */
const POSTED_STATUSES = new Set(['BOOK']);
const PENDING_STATUSES = new Set(['PDNG', 'HOLD']);

/**
 * One transaction: its id is `entry_reference` (unique and stable within an account, per the
 * API), else `transaction_id`; DBIT is money out. Undefined for a cancelled, rejected or
 * scheduled row, which moved no money; a problem for one Moneta cannot read.
 */
export function readTransaction(
  raw: unknown,
  providerAccountId: string,
): ProviderTransaction | ProviderProblem | undefined {
  const rawObject = (raw ?? {}) as { entry_reference?: unknown; transaction_id?: unknown };
  const rawId = [rawObject.entry_reference, rawObject.transaction_id].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  const problem = (code: ProviderProblem['code'], message: string): ProviderProblem => ({
    code,
    providerAccountId,
    providerTransactionId: rawId ?? null,
    message,
  });
  const parsed = transactionSchema.safeParse(raw);
  if (!parsed.success) {
    return problem(
      'TRANSACTION_UNREADABLE',
      'A transaction lacks its amount, direction or status.',
    );
  }
  const transaction = parsed.data;
  const isPending = PENDING_STATUSES.has(transaction.status);
  if (!isPending && !POSTED_STATUSES.has(transaction.status)) return undefined;
  if (!rawId) return problem('TRANSACTION_WITHOUT_ID', 'A transaction has no id and was left out.');
  const magnitude = readProviderAmount(transaction.transaction_amount.amount);
  if (magnitude === undefined) {
    return problem(
      'AMOUNT_UNREADABLE',
      `The amount of transaction ${rawId} is not an amount in cents.`,
    );
  }
  const date = transaction.booking_date ?? transaction.value_date ?? transaction.transaction_date;
  if (!date) return problem('DATE_UNREADABLE', `Transaction ${rawId} has no booking date.`);
  const isDebit = transaction.credit_debit_indicator === 'DBIT';
  const counterpart = isDebit ? transaction.creditor?.name : transaction.debtor?.name;
  const remittance = (transaction.remittance_information ?? [])
    .map((line) => line.trim())
    .filter(Boolean);
  return {
    providerAccountId,
    providerTransactionId: rawId,
    date,
    amount: isDebit ? -Math.abs(magnitude) : Math.abs(magnitude),
    currency: transaction.transaction_amount.currency,
    payee: counterpart?.trim() || null,
    description: remittance.join(' ') || transaction.note?.trim() || counterpart?.trim() || '',
    isPending,
  };
}

export function isProblem(value: ProviderTransaction | ProviderProblem): value is ProviderProblem {
  return 'code' in value;
}
