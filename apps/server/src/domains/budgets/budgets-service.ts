import type { UserRow } from '../../db/schema';
import {
  ErrorCode,
  toStoredHundredths,
  type Budget,
  type BudgetListQuery,
  type ValidBudgetInput,
} from '@moneta/shared';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/postgres-errors';
import { conflict, notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import { rememberCategory } from '../categories/remember-category';
import { toBudgetDto } from './budget-dto';
import { BUDGET_MONTH_KEY, createBudgetsRepository, type BudgetValues } from './budgets-repository';

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
      return (await budgets.list(reader.id, reader.defaultCurrency, query)).map(toBudgetDto);
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
