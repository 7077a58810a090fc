/**
 * The transactions as the API reads them: the list (with transfer legs, or without), its CSV
 * export, the dashboard's summary and the charts. Reads only.
 */
import {
  type ChartData,
  fromStoredHundredths,
  type SummaryQuery,
  type TransactionFilters,
  type TransactionPage,
  type TransactionSummary,
} from '@moneta/shared';
import type { Readable } from 'node:stream';
import type { Executor } from '../../db/database';
import type { TransactionRow, UserRow } from '../../db/schema';
import { assertOwnAccount } from '../accounts/accounts-service';
import { createRememberedAnswers } from '../answer-cache/remembered-answers';
import { createBaseAmountsRepository } from './base-amounts-repository';
import { chartDataOf, chartWindow } from './chart-data';
import { exportCsv } from './csv-export';
import type { ReadersFor } from './domain-readers';
import { narrowOnTimeout } from './search-timeout';
import { inListOrder, toTransactionDtos, toTransferLegDto } from './transaction-dto';
import { createTransactionListRepository } from './transaction-list-repository';
import { createTransactionSplitsRepository, type SplitPart } from './transaction-splits-repository';
import { createTransactionTotalsRepository } from './transaction-totals-repository';
import { defaultHouseholdOf } from '../households/default-household';

const RECENT_COUNT = 5;

/** Who reads: totals and base amounts are in their base currency. */
export type Reader = Pick<UserRow, 'id' | 'defaultCurrency'>;

export function createTransactionReads(db: Executor, readers: ReadersFor) {
  const list = createTransactionListRepository(db);
  const totals = createTransactionTotalsRepository(db);
  const baseAmounts = createBaseAmountsRepository(db);
  // The dashboard's summary sums all of a user's history, each row in another currency at its
  // own day's rate, and is asked on every visit: it and the charts are remembered until the
  // user's data or the rates change (remembered-answers.ts).
  const remembered = createRememberedAnswers(db);
  const splits = createTransactionSplitsRepository(db);

  /**
   * The DTOs of listed rows, with their base amounts and, for split ones, their parts (read here
   * unless the list's statement brought them: `knownParts`).
   */
  async function dtosOf(
    userId: string,
    base: string,
    rows: readonly TransactionRow[],
    knownParts?: ReadonlyMap<string, SplitPart[]>,
  ) {
    const [amounts, parts] = await Promise.all([
      baseAmounts.of(userId, base, rows),
      knownParts ??
        splits.of(
          userId,
          rows.map((row) => row.id),
        ),
    ]);
    return toTransactionDtos(rows, amounts, parts);
  }

  return {
    async list(
      reader: Reader,
      filters: Partial<TransactionFilters>,
      page: number,
      limit: number,
    ): Promise<TransactionPage> {
      const userId = reader.id;
      await assertOwnAccount(db, (await defaultHouseholdOf(db, userId)).id, filters.accountId);
      const { rows, total, parts } = await narrowOnTimeout(filters, () =>
        list.select(userId, filters).pageWithCount({ limit, offset: (page - 1) * limit }),
      );
      return {
        transactions: await dtosOf(userId, reader.defaultCurrency, rows, parts),
        totalPages: Math.max(1, Math.ceil(total / limit)),
        currentPage: page,
        total,
      };
    },

    /**
     * The list with transfer legs among the transactions (docs/transfers.md): the first
     * page × limit of each in list order, merged, and the page cut from them; without a leg
     * among the filtered rows, the plain list.
     */
    async listWithTransfers(
      reader: Reader,
      filters: Partial<TransactionFilters>,
      page: number,
      limit: number,
    ): Promise<TransactionPage> {
      const userId = reader.id;
      const base = reader.defaultCurrency;
      await assertOwnAccount(db, (await defaultHouseholdOf(db, userId)).id, filters.accountId);
      const selected = list.select(userId, filters);
      const head = page * limit;
      const transfers = await narrowOnTimeout(filters, () => selected.transferLegs(base, head));
      if (transfers.total === 0) {
        // No leg to merge (most users, most filters): the list's own paged statements.
        const plain = await narrowOnTimeout(filters, () =>
          selected.pageWithCount({ limit, offset: (page - 1) * limit }),
        );
        return {
          transactions: (await dtosOf(userId, base, plain.rows, plain.parts)).map((row) => ({
            ...row,
            isTransfer: false,
          })),
          totalPages: Math.max(1, Math.ceil(plain.total / limit)),
          currentPage: page,
          total: plain.total,
        };
      }
      const [rows, count] = await narrowOnTimeout(filters, () =>
        Promise.all([selected.head(head), selected.count()]),
      );
      const merged = [
        ...(await dtosOf(userId, base, rows)).map((row) => ({ ...row, isTransfer: false })),
        ...transfers.legs.map(toTransferLegDto),
      ].sort(inListOrder);
      const total = count + transfers.total;
      return {
        transactions: merged.slice((page - 1) * limit, head),
        totalPages: Math.max(1, Math.ceil(total / limit)),
        currentPage: page,
        total,
      };
    },

    /** The user's transactions matching `filters` as a CSV stream, in list order. */
    async exportCsv(reader: Reader, filters: Partial<TransactionFilters>): Promise<Readable> {
      const userId = reader.id;
      const base = reader.defaultCurrency;
      await assertOwnAccount(db, (await defaultHouseholdOf(db, userId)).id, filters.accountId);
      const accounts = await readers(db).accountNames(userId);
      return exportCsv(list.select(userId, filters), {
        base,
        accountNames: accounts,
        baseAmounts: (rows) => baseAmounts.of(userId, base, rows),
        splitsOf: (rows) =>
          splits.of(
            userId,
            rows.map((row) => row.id),
          ),
      });
    },

    /**
     * Income, expense and their difference over a period (inclusive), or over all time without
     * one, with the newest transactions. The answer names its period so that no screen shows a
     * figure without saying what it covers.
     */
    async summary(reader: Reader, period: SummaryQuery = {}): Promise<TransactionSummary> {
      const from = period.from ?? null;
      const to = period.to ?? null;
      const userId = reader.id;
      const base = reader.defaultCurrency;
      const question = ['transactions.summary', base, { from, to }];
      const householdId = (await defaultHouseholdOf(db, userId)).id;
      return remembered.remember(householdId, question, async () => {
        const [sums, recent] = await Promise.all([
          from && to
            ? totals.totalsBetween(householdId, base, from, to)
            : totals.totals(householdId, base),
          list.select(userId, {}).page({ limit: RECENT_COUNT, offset: 0 }),
        ]);
        const recentTransactions = await dtosOf(userId, base, recent);
        return {
          totalIncome: fromStoredHundredths(sums.incomeCents),
          totalExpenses: fromStoredHundredths(sums.expenseCents),
          balance: fromStoredHundredths(sums.incomeCents - sums.expenseCents),
          recentTransactions,
          from,
          to,
          currency: base,
          unconverted: sums.unconverted,
        };
      });
    },

    /** Chart data over [from, to]; by default the last 30 days ending today in the user's zone. */
    async charts(
      user: Pick<UserRow, 'id' | 'timeZone' | 'defaultCurrency'>,
      window: { from?: string | undefined; to?: string | undefined },
    ): Promise<ChartData> {
      const { from, to } = chartWindow(user.timeZone, window);
      const question = ['transactions.charts', user.defaultCurrency, { from, to }];
      const householdId = (await defaultHouseholdOf(db, user.id)).id;
      return remembered.remember(householdId, question, async () =>
        chartDataOf(
          await totals.chartTotals(householdId, user.defaultCurrency, from, to),
          from,
          to,
        ),
      );
    },
  };
}

export type TransactionReads = ReturnType<typeof createTransactionReads>;
