import { z } from 'zod';
import { readProviderAmount } from './provider-amount';
import {
  BankProviderError,
  type ProviderAccount,
  type ProviderProblem,
  type ProviderTransaction,
} from './provider-types';

/**
 * SimpleFIN's Account Set (protocol 1.0.7, "Data"): `errors` and `accounts` required; each
 * account's org, id, name, currency, balance and balance-date required; each transaction's id,
 * posted, amount and description required. Fields the protocol does not name (its `extra`,
 * the bridge's `payee`/`memo`, version 2's `errlist`/`conn_id`) are allowed: a server may add
 * them, and an unknown field is no reason to refuse a person's data.
 */
const epochSeconds = z.number().int().nonnegative();

const accountSetSchema = z.object({
  errors: z.array(z.unknown()).optional(),
  errlist: z.array(z.object({ msg: z.unknown() }).loose()).optional(),
  accounts: z.array(z.unknown()),
});

const accountSchema = z.object({
  org: z.object({ name: z.string().optional(), domain: z.string().optional() }).loose().optional(),
  id: z.string().min(1),
  name: z.string(),
  currency: z.string(),
  balance: z.unknown(),
  'balance-date': z.unknown(),
  transactions: z.array(z.unknown()).optional(),
});

const transactionSchema = z.object({
  id: z.unknown(),
  posted: z.unknown(),
  amount: z.unknown(),
  description: z.string(),
  payee: z.string().optional(),
  memo: z.string().optional(),
  transacted_at: epochSeconds.optional(),
  pending: z.boolean().optional(),
});

export interface SimplefinAccountSet {
  accounts: ProviderAccount[];
  transactions: ProviderTransaction[];
  /** The provider's own words for the person, sanitized: no control characters, bounded. */
  errors: string[];
  problems: ProviderProblem[];
}

const MAX_ERRORS = 20;
const MAX_ERROR_LENGTH = 500;

/** The protocol asks apps to sanitize the `errors` they show: plain, short, printable text. */
export function sanitizeProviderMessage(message: unknown): string {
  return String(message)
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_ERROR_LENGTH);
}

function utcDay(epoch: number): string {
  return new Date(epoch * 1000).toISOString().slice(0, 10);
}

export function readSimplefinAccountSet(body: unknown, now: Date): SimplefinAccountSet {
  const parsed = accountSetSchema.safeParse(body);
  if (!parsed.success || (!parsed.data.errors && !parsed.data.errlist)) {
    throw new BankProviderError(
      'PROVIDER_ANSWER_INVALID',
      'The SimpleFIN server answered something that is not an account set (errors and accounts are required).',
    );
  }
  const words = [
    ...(parsed.data.errors ?? []),
    ...(parsed.data.errlist ?? []).map((entry) => entry.msg),
  ];
  const result: SimplefinAccountSet = {
    accounts: [],
    transactions: [],
    errors: [...new Set(words.map(sanitizeProviderMessage).filter(Boolean))].slice(0, MAX_ERRORS),
    problems: [],
  };
  for (const raw of parsed.data.accounts) readAccount(raw, now, result);
  return result;
}

function readAccount(raw: unknown, now: Date, result: SimplefinAccountSet): void {
  const parsed = accountSchema.safeParse(raw);
  const rawId = (raw as { id?: unknown } | null)?.id;
  const accountId = typeof rawId === 'string' ? rawId : null;
  const problem = (code: ProviderProblem['code'], message: string, transactionId?: string) =>
    result.problems.push({
      code,
      providerAccountId: accountId,
      providerTransactionId: transactionId ?? null,
      message,
    });
  if (!parsed.success) {
    problem('ACCOUNT_UNREADABLE', 'An account lacks its id, name or currency and was left out.');
    return;
  }
  const account = { ...parsed.data, name: sanitizeProviderMessage(parsed.data.name) };
  if (!/^[A-Z]{3}$/.test(account.currency)) {
    problem(
      'ACCOUNT_UNREADABLE',
      `The account "${account.name}" is in "${sanitizeProviderMessage(account.currency)}", which is not an ISO 4217 currency; it was left out.`,
    );
    return;
  }
  let balance = readProviderAmount(account.balance) ?? null;
  if (balance === null) {
    problem('AMOUNT_UNREADABLE', `The balance of "${account.name}" is not an amount in cents.`);
  }
  let balanceDate: string | null = null;
  const balanceEpoch = epochSeconds.safeParse(account['balance-date']);
  if (!balanceEpoch.success) {
    problem('DATE_UNREADABLE', `The balance date of "${account.name}" is not a time.`);
    balance = null;
  } else if (balanceEpoch.data * 1000 > now.getTime()) {
    problem(
      'BALANCE_DATE_IN_FUTURE',
      `The balance of "${account.name}" is dated in the future, so it is not compared.`,
    );
    balance = null;
  } else {
    balanceDate = utcDay(balanceEpoch.data);
  }
  result.accounts.push({
    providerAccountId: account.id,
    name: account.name,
    currency: account.currency,
    type: null,
    balance,
    balanceDate: balance === null ? null : balanceDate,
    institution: account.org?.name ?? account.org?.domain ?? null,
  });
  const seen = new Set<string>();
  for (const rawTransaction of account.transactions ?? []) {
    const transaction = readTransaction(rawTransaction, account, now, problem);
    if (!transaction) continue;
    if (seen.has(transaction.providerTransactionId)) {
      problem(
        'TRANSACTION_ID_REPEATED',
        `The id ${transaction.providerTransactionId} came twice in "${account.name}"; the second was left out.`,
        transaction.providerTransactionId,
      );
      continue;
    }
    seen.add(transaction.providerTransactionId);
    result.transactions.push(transaction);
  }
}

function readTransaction(
  raw: unknown,
  account: { id: string; name: string; currency: string },
  now: Date,
  problem: (code: ProviderProblem['code'], message: string, transactionId?: string) => void,
): ProviderTransaction | undefined {
  const parsed = transactionSchema.safeParse(raw);
  const rawId = (raw as { id?: unknown } | null)?.id;
  if (typeof rawId !== 'string' || rawId.trim() === '') {
    problem(
      'TRANSACTION_WITHOUT_ID',
      `A transaction in "${account.name}" has no id and was left out.`,
    );
    return undefined;
  }
  if (!parsed.success) {
    problem('TRANSACTION_UNREADABLE', `The transaction ${rawId} lacks a description.`, rawId);
    return undefined;
  }
  const transaction = parsed.data;
  const amount = readProviderAmount(transaction.amount);
  if (amount === undefined) {
    problem(
      'AMOUNT_UNREADABLE',
      `The amount of transaction ${rawId} is not an amount in cents.`,
      rawId,
    );
    return undefined;
  }
  const isPending = transaction.pending === true;
  const posted = epochSeconds.safeParse(transaction.posted);
  // A pending row may have posted 0 (the protocol says so); its day is when it happened.
  const day =
    posted.success && posted.data > 0
      ? posted.data
      : isPending
        ? (transaction.transacted_at ?? Math.floor(now.getTime() / 1000))
        : undefined;
  if (day === undefined) {
    problem('DATE_UNREADABLE', `Transaction ${rawId} has no posted time.`, rawId);
    return undefined;
  }
  return {
    providerAccountId: account.id,
    providerTransactionId: rawId,
    date: utcDay(day),
    amount,
    currency: account.currency,
    payee: transaction.payee?.trim() || null,
    description: [transaction.description, transaction.memo]
      .map((text) => text?.trim())
      .filter(Boolean)
      .join(' — '),
    isPending,
  };
}
