import {
  BUILT_IN_EXPENSE_CATEGORIES,
  BUILT_IN_INCOME_CATEGORIES,
  ErrorCode,
  FALLBACK_CATEGORY,
  isAnyBuiltInCategory,
  isBuiltInCategory,
} from '@moneta/shared';
import type { Database } from '../../db/database';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { createBudgetsRepository } from '../budgets/budgets-repository';
import { createRecurringRepository } from '../recurring/recurring-repository';
import type { TransactionsService } from '../transactions/transactions-service';
import { createCategoriesRepository } from './categories-repository';

export function createCategoriesService(db: Database, transactions: TransactionsService) {
  const categories = createCategoriesRepository(db);

  async function listKind(userId: string, isIncome: boolean): Promise<string[]> {
    const builtIns = isIncome ? BUILT_IN_INCOME_CATEGORIES : BUILT_IN_EXPENSE_CATEGORIES;
    return [...builtIns, ...(await categories.listCustom(userId, isIncome))];
  }

  return {
    /** Built-ins in their fixed order, then the user's custom ones A→Z. */
    list: listKind,

    /** Both kinds, without duplicates (the recurring form's list). */
    async listAll(userId: string): Promise<string[]> {
      const [expense, income] = await Promise.all([
        listKind(userId, false),
        listKind(userId, true),
      ]);
      return [...new Set([...expense, ...income])];
    },

    /** Adds a custom category of one kind; a built-in or existing one of that kind is a 409. */
    async create(userId: string, category: { name: string; isIncome: boolean }) {
      const kind = category.isIncome ? 'income' : 'expense';
      if (isBuiltInCategory(category.name, category.isIncome)) {
        throw conflict(
          `"${category.name}" is a built-in ${kind} category already.`,
          ErrorCode.CATEGORY_EXISTS,
        );
      }
      if (!(await categories.add({ userId, ...category }))) {
        throw conflict(
          `You have the ${kind} category "${category.name}" already.`,
          ErrorCode.CATEGORY_EXISTS,
        );
      }
      return category;
    },

    /**
     * Deletes a custom category in one DB transaction: its recurring rules and transactions
     * move to Miscellaneous, its budgets are removed (unless the name is still a built-in
     * expense category), and the category is removed. Built-in categories cannot be deleted.
     */
    async remove(userId: string, name: string): Promise<{ movedCount: number }> {
      return db.transaction(async (tx) => {
        const kinds = await createCategoriesRepository(tx).remove(userId, name);
        if (kinds.length === 0) {
          if (isAnyBuiltInCategory(name)) {
            throw badRequest(
              `"${name}" is a built-in category and cannot be deleted.`,
              ErrorCode.BUILT_IN_CATEGORY,
            );
          }
          throw notFound(
            `You have no custom category named "${name}".`,
            ErrorCode.CATEGORY_NOT_FOUND,
          );
        }
        // Rules first: the recurring engine locks a rule before the per-category totals its
        // transactions touch, so taking them in the same order cannot deadlock with it.
        await createRecurringRepository(tx).moveCategory(userId, name, FALLBACK_CATEGORY, kinds);
        if (!isBuiltInCategory(name, false)) {
          await createBudgetsRepository(tx).deleteByCategory(userId, name);
        }
        const movedCount = await transactions.moveCategory(
          userId,
          { from: name, to: FALLBACK_CATEGORY, kinds },
          { tx },
        );
        return { movedCount };
      });
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
