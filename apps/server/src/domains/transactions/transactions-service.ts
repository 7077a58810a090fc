import {
  addDays,
  datesBetween,
  fromMinorUnits,
  isCalendarDate,
  todayIn,
  toDayNumber,
  toMinorUnits,
  type ChartData,
  type Transaction,
  type TransactionFilters,
  type TransactionPage,
  type TransactionSummary,
  type ValidTransactionInput,
} from '@moneta/shared';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import { rememberCategory } from '../categories/remember-category';
import { toTransactionDto } from './transaction-dto';
import { createTransactionsRepository, type TransactionValues } from './transactions-repository';

const RECENT_COUNT = 5;
const CHART_DAYS = 30;
/** Two years of daily points at most: a longer window is a request for a different chart. */
const MAX_CHART_DAYS = 731;

const transactionNotFound = () => notFound('Transaction not found.', 'TRANSACTION_NOT_FOUND');

function toValues(input: ValidTransactionInput): TransactionValues {
  return {
    name: input.name,
    category: input.category,
    costCents: toMinorUnits(input.cost),
    addedOn: input.addedOn,
    isIncome: input.isIncome,
    note: input.note,
  };
}

export function createTransactionsService(db: Database) {
  const transactions = createTransactionsRepository(db);

  return {
    async list(
      userId: string,
      filters: Partial<TransactionFilters>,
      page: number,
      limit: number,
    ): Promise<TransactionPage> {
      const { rows, total } = await transactions.pageWithCount(userId, filters, {
        limit,
        offset: (page - 1) * limit,
      });
      return {
        transactions: rows.map(toTransactionDto),
        totalPages: Math.max(1, Math.ceil(total / limit)),
        currentPage: page,
        total,
      };
    },

    async create(
      userId: string,
      input: ValidTransactionInput,
      links: Pick<TransactionValues, 'receiptId' | 'recurringId'> = {},
    ): Promise<Transaction> {
      return db.transaction(async (tx) => {
        await rememberCategory(tx, userId, input.category, input.isIncome);
        const row = await createTransactionsRepository(tx).insert(userId, {
          ...toValues(input),
          ...links,
        });
        return toTransactionDto(row);
      });
    },

    async update(userId: string, id: string, input: ValidTransactionInput): Promise<Transaction> {
      if (!isId(id)) throw transactionNotFound();
      return db.transaction(async (tx) => {
        const row = await createTransactionsRepository(tx).update(userId, id, toValues(input));
        if (!row) throw transactionNotFound();
        await rememberCategory(tx, userId, input.category, input.isIncome);
        return toTransactionDto(row);
      });
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!isId(id) || !(await transactions.delete(userId, id))) throw transactionNotFound();
    },

    /** All or nothing: if any id is not one of the user's transactions, nothing is deleted. */
    async removeMany(userId: string, transactionIds: string[]): Promise<number> {
      const ids = [...new Set(transactionIds)];
      if (!ids.every(isId))
        throw notFound(
          'Some of the selected transactions were not found.',
          'TRANSACTION_NOT_FOUND',
        );
      return db.transaction(async (tx) => {
        const repository = createTransactionsRepository(tx);
        const deleted = await repository.deleteMany(userId, ids);
        if (deleted !== ids.length) {
          // Throwing rolls the deletion back.
          throw notFound(
            'Some of the selected transactions were not found. Nothing was deleted.',
            'TRANSACTION_NOT_FOUND',
          );
        }
        return deleted;
      });
    },

    async summary(userId: string): Promise<TransactionSummary> {
      const [totals, recent] = await Promise.all([
        transactions.totals(userId),
        transactions.page(userId, {}, { limit: RECENT_COUNT, offset: 0 }),
      ]);
      return {
        totalIncome: fromMinorUnits(totals.incomeCents),
        totalExpenses: fromMinorUnits(totals.expenseCents),
        balance: fromMinorUnits(totals.incomeCents - totals.expenseCents),
        recentTransactions: recent.map(toTransactionDto),
      };
    },

    /** Chart data over [from, to]; by default the last 30 days ending today in the user's zone. */
    async charts(
      user: Pick<UserRow, 'id' | 'timeZone'>,
      window: { from?: string | undefined; to?: string | undefined },
    ): Promise<ChartData> {
      const to =
        window.to ?? (window.from ? addDays(window.from, CHART_DAYS - 1) : todayIn(user.timeZone));
      const from = window.from ?? addDays(to, -(CHART_DAYS - 1));
      // A default end 29 days after 9999-12-02 (or start before 0001-01-30) is off the calendar.
      if (!isCalendarDate(from) || !isCalendarDate(to)) {
        throw badRequest(
          'The chart window must lie between 0001-01-01 and 9999-12-31.',
          'WINDOW_OUT_OF_RANGE',
        );
      }
      if (toDayNumber(to) - toDayNumber(from) + 1 > MAX_CHART_DAYS) {
        throw badRequest(
          `The chart window can be at most ${MAX_CHART_DAYS} days.`,
          'WINDOW_TOO_LONG',
        );
      }
      const rows = await transactions.chartTotals(user.id, from, to);
      const dailyTotal = new Map<string, number>();
      const expensesByCategory: ChartData['expensesByCategory'] = [];
      for (const row of rows) {
        if (row.date !== null) dailyTotal.set(`${row.date}|${row.isIncome}`, row.totalCents);
        else if (row.category !== null && !row.isIncome)
          expensesByCategory.push({ name: row.category, total: fromMinorUnits(row.totalCents) });
      }
      const series = (isIncome: boolean) =>
        datesBetween(from, to).map((date) => ({
          date,
          total: fromMinorUnits(dailyTotal.get(`${date}|${isIncome}`) ?? 0),
        }));
      return {
        expensesByCategory,
        expensesOverTime: series(false),
        incomeOverTime: series(true),
      };
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
