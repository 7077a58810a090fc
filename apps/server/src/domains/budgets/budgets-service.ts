import type { UserRow } from '../../db/schema';
import {
  BUDGET_MESSAGES,
  daysInMonth,
  ErrorCode,
  fromStoredHundredths,
  toStoredHundredths,
  type Budget,
  type BudgetCopyResult,
  type BudgetListQuery,
  type BudgetMonthQuery,
  type BudgetSummary,
  type ValidBudgetCopyInput,
  type ValidBudgetInput,
} from '@moneta/shared';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/postgres-errors';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import { rememberCategory } from '../categories/remember-category';
import { createTransactionTotalsRepository } from '../transactions/transaction-totals-repository';
import { toBudgetDto } from './budget-dto';
import {
  BUDGET_MONTH_KEY,
  createBudgetsRepository,
  type BudgetFilter,
  type BudgetValues,
} from './budgets-repository';

const budgetNotFound = () => notFound('Budget not found.', ErrorCode.BUDGET_NOT_FOUND);

const budgetExists = (input: ValidBudgetInput) =>
  conflict(
    `A budget for ${input.category} in ${input.month}/${input.year} already exists.`,
    ErrorCode.BUDGET_EXISTS,
  );

function toValues(input: ValidBudgetInput): BudgetValues {
  return {
    category: input.category,
    amountCents: toStoredHundredths(input.amount),
    month: input.month,
    year: input.year,
    rollover: input.rollover,
  };
}

/** Who reads: spending is in their base currency. */
type Reader = Pick<UserRow, 'id' | 'defaultCurrency'>;

export function createBudgetsService(db: Database) {
  const budgets = createBudgetsRepository(db);

  async function findWithSpending(reader: Reader, id: string): Promise<Budget> {
    const [row] = await budgets.list(reader.id, reader.defaultCurrency, { id });
    if (!row) throw budgetNotFound();
    return toBudgetDto(row);
  }

  return {
    async list(reader: Reader, query: BudgetListQuery): Promise<Budget[]> {
      const filter: BudgetFilter =
        query.month !== undefined && query.year !== undefined
          ? { month: query.month, year: query.year }
          : {};
      return (await budgets.list(reader.id, reader.defaultCurrency, filter)).map(toBudgetDto);
    },

    /**
     * The month's budgets added up (what the table's totals row shows) and the month's income,
     * all in the base currency.
     */
    async summary(reader: Reader, { month, year }: BudgetMonthQuery): Promise<BudgetSummary> {
      const rows = await budgets.list(reader.id, reader.defaultCurrency, { month, year });
      const from = `${year}-${String(month).padStart(2, '0')}-01`;
      const to = `${from.slice(0, 8)}${String(daysInMonth(year, month)).padStart(2, '0')}`;
      const totals = await createTransactionTotalsRepository(db).totalsBetween(
        reader.id,
        reader.defaultCurrency,
        from,
        to,
      );
      let budgeted = 0;
      let spent = 0;
      let available = 0;
      for (const row of rows) {
        budgeted += row.amountCents;
        spent += row.spentCents;
        available += row.amountCents + row.carriedCents;
      }
      return {
        budgeted: fromStoredHundredths(budgeted),
        spent: fromStoredHundredths(spent),
        available: fromStoredHundredths(available),
        remaining: fromStoredHundredths(available - spent),
        income: fromStoredHundredths(totals.incomeCents),
        unconverted: totals.unconverted,
      };
    },

    /**
     * Gives the target month each budget of the source month whose category it lacks, with the
     * same amount and rollover. Nothing to copy is a 400; nothing missing is `{ created: 0 }`.
     */
    async copy(userId: string, input: ValidBudgetCopyInput): Promise<BudgetCopyResult> {
      return db.transaction(async (tx) => {
        const repository = createBudgetsRepository(tx);
        const source = await repository.ofMonth(userId, input.fromMonth, input.fromYear);
        if (source.length === 0) {
          throw badRequest(BUDGET_MESSAGES.copyNothing, ErrorCode.NO_BUDGETS_TO_COPY);
        }
        const created = await repository.insertMissing(
          userId,
          source.map((budget) => ({
            category: budget.category,
            amountCents: budget.amountCents,
            month: input.toMonth,
            year: input.toYear,
            rollover: budget.rollover,
          })),
        );
        return { created };
      });
    },

    /**
     * Budgets measure expenses, so a budget's category that is not built-in becomes one of the
     * user's custom expense categories (and can later be deleted with its budgets).
     */
    async create(reader: Reader, input: ValidBudgetInput): Promise<Budget> {
      const userId = reader.id;
      const id = await db.transaction(async (tx) => {
        const row = await createBudgetsRepository(tx).insert(userId, toValues(input));
        if (!row) throw budgetExists(input);
        await rememberCategory(tx, userId, input.category, false);
        return row.id;
      });
      return findWithSpending(reader, id);
    },

    async update(reader: Reader, id: string, input: ValidBudgetInput): Promise<Budget> {
      const userId = reader.id;
      if (!isId(id)) throw budgetNotFound();
      await db.transaction(async (tx) => {
        let isUpdated: boolean;
        try {
          isUpdated = await createBudgetsRepository(tx).update(userId, id, toValues(input));
        } catch (error) {
          if (isUniqueViolation(error, BUDGET_MONTH_KEY)) throw budgetExists(input);
          throw error;
        }
        if (!isUpdated) throw budgetNotFound();
        await rememberCategory(tx, userId, input.category, false);
      });
      return findWithSpending(reader, id);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!isId(id) || !(await budgets.delete(userId, id))) throw budgetNotFound();
    },
  };
}

export type BudgetsService = ReturnType<typeof createBudgetsService>;
