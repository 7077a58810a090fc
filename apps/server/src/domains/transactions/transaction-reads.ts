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
import type { TransactionRow } from '../../db/schema';
import { assertOwnAccount } from '../accounts/accounts-service';
import { createRememberedAnswers } from '../answer-cache/remembered-answers';
import type { ActiveHousehold, HouseholdId } from '../households/household-id';
import { createBaseAmountsRepository } from './base-amounts-repository';
import { chartDataOf, chartWindow } from './chart-data';
import { exportCsv } from './csv-export';
import type { ReadersFor } from './domain-readers';
import { narrowOnTimeout } from './search-timeout';
import { inListOrder, toTransactionDtos, toTransferLegDto } from './transaction-dto';
import { createTransactionListRepository } from './transaction-list-repository';
import { createTransactionSplitsRepository, type SplitPart } from './transaction-splits-repository';
import { createTransactionTotalsRepository } from './transaction-totals-repository';

const RECENT_COUNT = 5;

export function createTransactionReads(db: Executor, readers: ReadersFor) {
  const list = createTransactionListRepository(db);
  const totals = createTransactionTotalsRepository(db);
  const baseAmounts = createBaseAmountsRepository(db);
  // The dashboard's summary sums all of a household's history, each row in another currency at its
  // own day's rate, and is asked on every visit: it and the charts are remembered until the
  // household's data or the rates change (remembered-answers.ts).
  const remembered = createRememberedAnswers(db);
  const splits = createTransactionSplitsRepository(db);

  /**
   * The DTOs of listed rows, with their base amounts and, for split ones, their parts (read here
   * unless the list's statement brought them: `knownParts`).
   */
  async function dtosOf(
    householdId: HouseholdId,
    base: string,
    rows: readonly TransactionRow[],
    knownParts?: ReadonlyMap<string, SplitPart[]>,
  ) {
    const [amounts, parts] = await Promise.all([
      baseAmounts.of(householdId, base, rows),
      knownParts ??
        splits.of(
          householdId,
          rows.map((row) => row.id),
        ),
    ]);
    return toTransactionDtos(rows, amounts, parts);
  }

  return {
    async list(
      household: ActiveHousehold,
      filters: Partial<TransactionFilters>,
      page: number,
      limit: number,
    ): Promise<TransactionPage> {
      const householdId = household.id;
      await assertOwnAccount(db, householdId, filters.accountId);
      const { rows, total, parts } = await narrowOnTimeout(filters, () =>
        list.select(householdId, filters).pageWithCount({ limit, offset: (page - 1) * limit }),
      );
      return {
        transactions: await dtosOf(householdId, household.baseCurrency, rows, parts),
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
      household: ActiveHousehold,
      filters: Partial<TransactionFilters>,
      page: number,
      limit: number,
    ): Promise<TransactionPage> {
      const householdId = household.id;
      const base = household.baseCurrency;
      await assertOwnAccount(db, householdId, filters.accountId);
      const selected = list.select(householdId, filters);
      const head = page * limit;
      const transfers = await narrowOnTimeout(filters, () => selected.transferLegs(base, head));
      if (transfers.total === 0) {
        // No leg to merge (most users, most filters): the list's own paged statements.
        const plain = await narrowOnTimeout(filters, () =>
          selected.pageWithCount({ limit, offset: (page - 1) * limit }),
        );
        return {
          transactions: (await dtosOf(householdId, base, plain.rows, plain.parts)).map((row) => ({
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
        ...(await dtosOf(householdId, base, rows)).map((row) => ({ ...row, isTransfer: false })),
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

    /** The household's transactions matching `filters` as a CSV stream, in list order. */
    async exportCsv(
      household: ActiveHousehold,
      filters: Partial<TransactionFilters>,
    ): Promise<Readable> {
      const householdId = household.id;
      const base = household.baseCurrency;
      await assertOwnAccount(db, householdId, filters.accountId);
      const accounts = await readers(db).accountNames(householdId);
      return exportCsv(list.select(householdId, filters), {
        base,
        accountNames: accounts,
        baseAmounts: (rows) => baseAmounts.of(householdId, base, rows),
        splitsOf: (rows) =>
          splits.of(
            householdId,
            rows.map((row) => row.id),
          ),
      });
    },

    /**
     * Income, expense and their difference over a period (inclusive), or over all time without
     * one, with the newest transactions. The answer names its period so that no screen shows a
     * figure without saying what it covers.
     */
    async summary(
      household: ActiveHousehold,
      period: SummaryQuery = {},
    ): Promise<TransactionSummary> {
      const from = period.from ?? null;
      const to = period.to ?? null;
      const householdId = household.id;
      const base = household.baseCurrency;
      const question = ['transactions.summary', base, { from, to }];
      return remembered.remember(householdId, question, async () => {
        const [sums, recent] = await Promise.all([
          from && to
            ? totals.totalsBetween(householdId, base, from, to)
            : totals.totals(householdId, base),
          list.select(householdId, {}).page({ limit: RECENT_COUNT, offset: 0 }),
        ]);
        const recentTransactions = await dtosOf(householdId, base, recent);
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

    /**
     * Chart data over [from, to]; by default the last 30 days ending today in the household's
     * time zone.
     */
    charts(
      household: ActiveHousehold,
      window: { from?: string | undefined; to?: string | undefined },
    ): Promise<ChartData> {
      const { from, to } = chartWindow(household.timeZone, window);
      const base = household.baseCurrency;
      const question = ['transactions.charts', base, { from, to }];
      return remembered.remember(household.id, question, async () =>
        chartDataOf(await totals.chartTotals(household.id, base, from, to), from, to),
      );
    },
  };
}

export type TransactionReads = ReturnType<typeof createTransactionReads>;
