import type { UserRow } from '../../db/schema';
import {
  BUDGET_MESSAGES,
  daysInMonth,
  ErrorCode,
  fromStoredHundredths,
  isBuiltInCategory,
  toStoredHundredths,
  type Budget,
  type BudgetCopyResult,
  type BudgetDeleteQuery,
  type BudgetListQuery,
  type BudgetMonthQuery,
  type BudgetSummary,
  type ValidBudgetCopyInput,
  type ValidBudgetInput,
} from '@moneta/shared';
import type { Database, Executor } from '../../db/database';
import { isUniqueViolation } from '../../db/postgres-errors';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import { createRememberedAnswers } from '../answer-cache/remembered-answers';
import { createCategoriesReader } from '../categories/categories-reader';
import { rememberCategory } from '../categories/remember-category';
import type { TransactionTotalsRepository } from '../transactions/transaction-totals-repository';
import { toBudgetDto } from './budget-dto';
import {
  BUDGET_MONTH_KEY,
  createBudgetsRepository,
  monthIndex,
  type BudgetFilter,
  type BudgetValues,
} from './budgets-repository';
import { defaultHouseholdOf } from '../households/default-household';

const budgetNotFound = () => notFound('Budget not found.', ErrorCode.BUDGET_NOT_FOUND);

/**
 * Budgets measure spending (the product's words: "progress against spending"; only expenses count towards
 * `spent`): a category that is only an income category, built-in or the user's, would show a
 * budget that nothing ever fills, so it is refused. A name that is an expense category too, or
 * a new one (it becomes a custom expense category), is taken.
 */
async function assertExpenseCategory(tx: Executor, userId: string, category: string) {
  if (isBuiltInCategory(category, false)) return;
  const categories = createCategoriesReader(tx);
  if (await categories.exists(userId, category, [false])) return;
  if (isBuiltInCategory(category, true) || (await categories.exists(userId, category, [true]))) {
    throw badRequest(
      `"${category}" is an income category: a budget limits spending, so choose an expense category.`,
      ErrorCode.VALIDATION,
    );
  }
}

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
    repeat: input.repeat,
  };
}

/** Who reads: spending is in their base currency. */
type Reader = Pick<UserRow, 'id' | 'defaultCurrency'>;

export interface BudgetsServiceDependencies {
  /** The month's income and spending, read from the transactions' derived totals. */
  totals: Pick<TransactionTotalsRepository, 'totalsBetween'>;
}

export function createBudgetsService(db: Database, { totals }: BudgetsServiceDependencies) {
  const budgets = createBudgetsRepository(db);
  // A month's budgets chain back over every earlier month they roll over from: remembered until
  // the user's data or the rates change (remembered-answers.ts).
  const remembered = createRememberedAnswers(db);

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
      return remembered.remember(
        (await defaultHouseholdOf(db, reader.id)).id,
        ['budgets.list', reader.defaultCurrency, filter],
        async () =>
          (await budgets.list(reader.id, reader.defaultCurrency, filter)).map(toBudgetDto),
      );
    },

    /**
     * The month's budgets added up (what the table's totals row shows) and the month's income,
     * all in the base currency.
     */
    async summary(reader: Reader, { month, year }: BudgetMonthQuery): Promise<BudgetSummary> {
      const question = ['budgets.summary', reader.defaultCurrency, { month, year }];
      const householdId = (await defaultHouseholdOf(db, reader.id)).id;
      return remembered.remember(householdId, question, async () => {
        const rows = await budgets.list(reader.id, reader.defaultCurrency, { month, year });
        const from = `${year}-${String(month).padStart(2, '0')}-01`;
        const to = `${from.slice(0, 8)}${String(daysInMonth(year, month)).padStart(2, '0')}`;
        const monthTotals = await totals.totalsBetween(
          householdId,
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
          income: fromStoredHundredths(monthTotals.incomeCents),
          unconverted: monthTotals.unconverted,
        };
      });
    },

    /**
     * Gives the target month each budget the source month shows (its own and those repeated
     * into it) whose category the target month shows none of, with the same amount, rollover
     * and repeat. Nothing to copy is a 400; nothing missing is `{ created: 0 }`.
     */
    async copy(reader: Reader, input: ValidBudgetCopyInput): Promise<BudgetCopyResult> {
      return db.transaction(async (tx) => {
        const repository = createBudgetsRepository(tx);
        const [source, target] = [
          await repository.list(reader.id, reader.defaultCurrency, {
            month: input.fromMonth,
            year: input.fromYear,
          }),
          await repository.list(reader.id, reader.defaultCurrency, {
            month: input.toMonth,
            year: input.toYear,
          }),
        ];
        if (source.length === 0) {
          throw badRequest(BUDGET_MESSAGES.copyNothing, ErrorCode.NO_BUDGETS_TO_COPY);
        }
        const shown = new Set(target.map((budget) => budget.category));
        const created = await repository.insertMissing(
          reader.id,
          source
            .filter((budget) => !shown.has(budget.category))
            .map((budget) => ({
              category: budget.category,
              amountCents: budget.amountCents,
              month: input.toMonth,
              year: input.toYear,
              rollover: budget.rollover,
              repeat: budget.repeat,
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
        await assertExpenseCategory(tx, userId, input.category);
        const row = await createBudgetsRepository(tx).insert(userId, toValues(input));
        if (!row) throw budgetExists(input);
        await rememberCategory(tx, userId, input.category, false);
        return row.id;
      });
      return findWithSpending(reader, id);
    },

    /**
     * Updates the budget — except that a repeating budget edited in a later month of its
     * category (as the month it is repeated into shows it) keeps its earlier months: that month
     * gets its own budget, from the input, which repeats on when the input (or, left out, the
     * repeating budget) says so (docs/decisions.md, BUD-5). The answer is
     * then that new budget.
     */
    async update(reader: Reader, id: string, input: ValidBudgetInput): Promise<Budget> {
      const userId = reader.id;
      if (!isId(id)) throw budgetNotFound();
      const savedId = await db.transaction(async (tx) => {
        const repository = createBudgetsRepository(tx);
        const stored = await repository.findForUpdate(userId, id);
        if (!stored) throw budgetNotFound();
        // A budget kept from before the rule stays editable in its own category.
        if (input.category !== stored.category) {
          await assertExpenseCategory(tx, userId, input.category);
        }
        const isLaterMonth =
          monthIndex(input.year, input.month) > monthIndex(stored.year, stored.month);
        if (stored.repeat && input.category === stored.category && isLaterMonth) {
          const row = await repository.insert(userId, {
            ...toValues(input),
            rollover: input.rollover ?? stored.rollover,
            repeat: input.repeat ?? stored.repeat,
          });
          if (!row) throw budgetExists(input);
          return row.id;
        }
        try {
          await repository.update(userId, id, toValues(input));
        } catch (error) {
          if (isUniqueViolation(error, BUDGET_MONTH_KEY)) throw budgetExists(input);
          throw error;
        }
        await rememberCategory(tx, userId, input.category, false);
        return id;
      });
      return findWithSpending(reader, savedId);
    },

    /**
     * Deletes the budget; or, given a later month it is repeated into, stops the repeat from
     * that month on (the months before keep showing it). A month where the budget is not shown
     * is a 404, as for a budget that is not the user's.
     */
    async remove(userId: string, id: string, query: BudgetDeleteQuery = {}): Promise<void> {
      if (!isId(id)) throw budgetNotFound();
      await db.transaction(async (tx) => {
        const repository = createBudgetsRepository(tx);
        const stored = await repository.findForUpdate(userId, id);
        if (!stored) throw budgetNotFound();
        const ownIndex = monthIndex(stored.year, stored.month);
        const asked =
          query.month === undefined || query.year === undefined
            ? ownIndex
            : monthIndex(query.year, query.month);
        if (asked === ownIndex) {
          await repository.delete(userId, id);
          return;
        }
        const nextIndex = await repository.nextMonthIndex(userId, stored.category, ownIndex);
        const isShown =
          stored.repeat && asked > ownIndex && (nextIndex === undefined || asked < nextIndex);
        if (!isShown) throw budgetNotFound();
        await repository.stopRepeat(stored, asked);
      });
    },

    /**
     * A category merged into another, in the caller's transaction: `from`'s budgets become
     * `to`'s, two of one month added up (budgets-repository.ts). Answers how many moved.
     */
    mergeCategory(tx: Executor, userId: string, from: string, to: string): Promise<number> {
      return createBudgetsRepository(tx).mergeCategory(userId, from, to);
    },

    /** A deleted category's budgets go with it, in the caller's transaction. */
    deleteByCategory(tx: Executor, userId: string, category: string): Promise<number> {
      return createBudgetsRepository(tx).deleteByCategory(userId, category);
    },
  };
}

export type BudgetsService = ReturnType<typeof createBudgetsService>;
