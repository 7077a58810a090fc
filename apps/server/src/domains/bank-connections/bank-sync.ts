import type { BankConnectionAccountRow, BankConnectionRow, UserRow } from '../../db/schema';
import type { Executor } from '../../db/database';
import { asHouseholdId, type ActiveHousehold, type HouseholdId } from '../households/household-id';
import { importProviderRows } from '../imports/provider-import';
import {
  budgetOf,
  enableBankingClientOf,
  nextSyncAt,
  simplefinClientOf,
  type BankContext,
} from './bank-context';
import { createBankConnectionsRepository } from './bank-connections-repository';
import { statusAfter } from './bank-errors';
import {
  bookPendingRows,
  dropCancelledPendingRows,
  markPending,
  type AnswerOfAccount,
} from './pending-rows';
import { BankProviderError, type ProviderTransaction } from './providers/provider-types';
import type { RequestBudget } from './providers/request-budget';
import {
  sanitizeProviderMessage,
  type SimplefinAccountSet,
} from './providers/simplefin-account-set';
import { SecretBoxError } from './secrets/secret-box';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A sync reads again from this many days before the newest booked day it has: late bookings. */
const OVERLAP_DAYS = 14;
/** The provider's own messages kept with the connection, at most. */
const MAX_MESSAGES = 3;

/** What a provider said of one account in this sync. */
interface AccountReading {
  balance: number | null;
  balanceDate: string | null;
}

interface Reading {
  /** The bank accounts the provider answered for. */
  accounts: Map<string, AccountReading>;
  /** The first day the answer covers (YYYY-MM-DD). */
  windowStart: string;
  transactions: ProviderTransaction[];
  /** The provider's words and the rows it sent that Moneta left out, for the person. */
  messages: string[];
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
/** The first day a window starting at `from` reads whole: from's day when it starts at midnight. */
const firstWholeDay = (from: Date) => dayOf(new Date(Math.ceil(from.getTime() / DAY_MS) * DAY_MS));

/** The first day to read: 14 days before the newest booked day synced, else the first days. */
function windowStart(context: BankContext, mapped: BankConnectionAccountRow[]): Date {
  const starts = mapped.map((account) =>
    account.lastPostedDate
      ? new Date(`${account.lastPostedDate}T00:00:00Z`).getTime() - OVERLAP_DAYS * DAY_MS
      : context.now().getTime() - context.firstDays * DAY_MS,
  );
  return new Date(Math.min(...starts));
}

/** The accounts a SimpleFIN answer names, kept as the connection's (to map, with balances). */
export function saveSimplefinAccounts(
  db: Executor,
  householdId: HouseholdId,
  connectionId: string,
  set: Pick<SimplefinAccountSet, 'accounts'>,
): Promise<void> {
  return createBankConnectionsRepository(db).saveSeenAccounts(
    householdId,
    connectionId,
    set.accounts.map((account) => ({
      providerAccountId: account.providerAccountId,
      providerUid: null,
      name: account.name,
      currency: account.currency,
      type: account.type,
      balance: account.balance,
      balanceDate: account.balanceDate,
    })),
  );
}

async function readSimplefin(
  context: BankContext,
  row: BankConnectionRow,
  mapped: BankConnectionAccountRow[],
  budget: RequestBudget,
): Promise<Reading> {
  const client = simplefinClientOf(context, row, budget);
  const from = windowStart(context, mapped);
  const set =
    mapped.length === 0
      ? await client.readBalances()
      : await client.readTransactions({
          from,
          to: new Date(context.now().getTime() + DAY_MS),
          accountIds: mapped.map((account) => account.providerAccountId),
        });
  await saveSimplefinAccounts(context.db, asHouseholdId(row.householdId), row.id, set);
  return {
    accounts: new Map(set.accounts.map((account) => [account.providerAccountId, account])),
    windowStart: firstWholeDay(from),
    transactions: set.transactions,
    messages: [...set.errors, ...set.problems.map((problem) => problem.message)],
  };
}

async function readEnableBanking(
  context: BankContext,
  row: BankConnectionRow,
  mapped: BankConnectionAccountRow[],
): Promise<Reading> {
  if (!row.validUntil || row.validUntil <= context.now()) {
    throw new BankProviderError(
      'SESSION_EXPIRED',
      'The consent you gave your bank has ended: connect this bank again to renew it.',
    );
  }
  const client = await enableBankingClientOf(context, asHouseholdId(row.householdId));
  const dateFrom = dayOf(windowStart(context, mapped));
  const reading: Reading = {
    accounts: new Map(),
    windowStart: dateFrom,
    transactions: [],
    messages: [],
  };
  for (const account of mapped) {
    if (!account.providerUid) continue;
    const read = await client.readTransactions(
      { uid: account.providerUid, providerAccountId: account.providerAccountId },
      { dateFrom },
    );
    reading.transactions.push(...read.transactions);
    reading.messages.push(...read.problems.map((problem) => problem.message));
    const balance = await client.readBalance(account.providerUid);
    if (balance && 'problem' in balance) reading.messages.push(balance.problem);
    reading.accounts.set(
      account.providerAccountId,
      balance && !('problem' in balance)
        ? { balance: balance.balance, balanceDate: balance.balanceDate }
        : { balance: null, balanceDate: null },
    );
  }
  return reading;
}

/**
 * What the answer says of the Moneta account a bank account feeds: every row id sent for the
 * bank accounts of this connection that feed it, when the provider answered for each of them
 * (else a row it did not send tells nothing).
 */
function answerOf(
  context: BankContext,
  reading: Reading,
  mapped: BankConnectionAccountRow[],
  account: BankConnectionAccountRow,
): AnswerOfAccount | undefined {
  const feeding = new Set(
    mapped
      .filter((other) => other.accountId === account.accountId)
      .map((other) => other.providerAccountId),
  );
  if (![...feeding].every((id) => reading.accounts.has(id))) return undefined;
  return {
    sentIds: reading.transactions
      .filter((transaction) => feeding.has(transaction.providerAccountId))
      .map((transaction) => transaction.providerTransactionId),
    windowStart: reading.windowStart,
    today: dayOf(context.now()),
  };
}

/**
 * One account's rows as an import (pending ones marked pending; a booked row whose pending
 * version is here replaces it; one the provider stopped sending goes), its newest booked day and its balance check, in ONE database
 * transaction: the account is synced entirely or not at all.
 */
async function syncAccount(
  context: BankContext,
  connection: BankConnectionRow,
  account: BankConnectionAccountRow,
  reading: Reading,
  answer: AnswerOfAccount | undefined,
  target: { household: ActiveHousehold; holder: UserRow },
): Promise<void> {
  const householdId = target.household.id;
  // A zero amount moved no money.
  const rows = reading.transactions.filter(
    (transaction) =>
      transaction.providerAccountId === account.providerAccountId && transaction.amount !== 0,
  );
  const booked = rows.filter((transaction) => !transaction.isPending);
  const seen = reading.accounts.get(account.providerAccountId);
  await context.db.transaction(async (tx) => {
    const scope = { householdId, accountId: account.accountId! };
    await bookPendingRows(
      tx,
      scope,
      booked.map((transaction) => ({
        bankId: transaction.providerTransactionId,
        date: transaction.date,
        amountCents: transaction.amount,
      })),
    );
    if (answer) {
      await dropCancelledPendingRows(
        tx,
        context.writers.transactions,
        { ...scope, connectionId: connection.id },
        answer,
      );
    }
    const imported = await importProviderRows(tx, context.writers, target, {
      format: connection.provider,
      connectionId: connection.id,
      fileName: `${connection.name} · ${account.name}`,
      accountId: account.accountId!,
      currency: account.currency,
      rows: rows.map((transaction) => ({
        bankId: transaction.providerTransactionId,
        date: transaction.date,
        name: transaction.payee || transaction.description,
        note: transaction.payee ? transaction.description : null,
        amountCents: transaction.amount,
      })),
    });
    if (imported) {
      await markPending(
        tx,
        { householdId, importId: imported.importId },
        rows.filter((row) => row.isPending).map((row) => row.providerTransactionId),
      );
    }
    const repository = createBankConnectionsRepository(tx);
    const newest = booked.reduce<string | null>(
      (latest, transaction) =>
        latest === null || transaction.date > latest ? transaction.date : latest,
      account.lastPostedDate,
    );
    const balance = seen?.balance ?? null;
    const balanceDate = seen?.balanceDate ?? null;
    const difference =
      balance === null || balanceDate === null
        ? null
        : balance - (await repository.balanceOn(householdId, account.accountId!, balanceDate));
    await repository.updateAccount(householdId, connection.id, account.providerAccountId, {
      lastPostedDate: newest,
      balance,
      balanceDate,
      balanceDifference: difference === 0 ? null : difference,
    });
  });
}

/** A failure as the connection records it: Moneta's code and words the person can read. */
function failureOf(error: unknown): { code: string; message: string } | undefined {
  if (error instanceof BankProviderError) {
    const words = (error.details.providerMessages ?? []).map(sanitizeProviderMessage);
    return { code: error.code, message: [error.message, ...words].join(' ').slice(0, 1000) };
  }
  if (error instanceof SecretBoxError) return { code: error.code, message: error.message };
  return undefined;
}

/**
 * Syncs a connection whose lock the caller holds: reads the provider, then each mapped
 * account in its own database transaction, and records the outcome on the connection (status,
 * the provider's words, the request times spent, the next sync). Never throws for a provider's
 * failure: the connection carries it, and the next scheduled sync runs as usual.
 */
export async function syncConnection(
  context: BankContext,
  connection: BankConnectionRow,
): Promise<void> {
  const householdId = asHouseholdId(connection.householdId);
  const repository = createBankConnectionsRepository(context.db);
  const budget = budgetOf(context, connection);
  const target = await repository.syncTarget(householdId, connection.createdBy);
  // The household was deleted meanwhile, and the connection with it.
  if (!target) return;
  let outcome: { status: BankConnectionRow['status']; code: string | null; message: string | null };
  try {
    const all = await repository.accounts(householdId, connection.id);
    const mapped = all.filter((account) => account.accountId && !account.isIgnored);
    const reading =
      connection.provider === 'simplefin'
        ? await readSimplefin(context, connection, mapped, budget)
        : await readEnableBanking(context, connection, mapped);
    for (const account of mapped) {
      const answer = answerOf(context, reading, mapped, account);
      await syncAccount(context, connection, account, reading, answer, target);
    }
    const messages = [...new Set(reading.messages)].slice(0, MAX_MESSAGES);
    outcome = messages.length
      ? { status: 'ok', code: 'PROVIDER_ERRORS', message: messages.join(' ') }
      : { status: 'ok', code: null, message: null };
  } catch (error) {
    const failure = failureOf(error);
    if (!failure)
      context.logger?.error({ err: error, connectionId: connection.id }, 'bank sync failed');
    outcome = failure
      ? { status: statusAfter(failure.code), ...failure }
      : {
          status: 'needs_attention',
          code: 'SYNC_FAILED',
          message: 'The sync failed on the server; nothing of this account was half-written.',
        };
  }
  await repository.update(householdId, connection.id, {
    status: outcome.status,
    lastErrorCode: outcome.code,
    lastErrorMessage: outcome.message,
    requestTimes: budget.spentAt(),
    nextSyncAt: nextSyncAt(context),
    ...(outcome.code === null || outcome.code === 'PROVIDER_ERRORS'
      ? { lastSyncedAt: context.now() }
      : {}),
  });
}
