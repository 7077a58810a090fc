import { isBuiltInCategory } from '@moneta/shared';
import type { Executor } from '../../db/database';
import { createCategoriesRepository } from './categories-repository';

/**
 * A category that is not built-in becomes one of the user's custom categories of that kind
 * (DESIGN §2), whether it arrives with a transaction, a recurring rule or a budget.
 */
export async function rememberCategory(
  db: Executor,
  userId: string,
  category: string,
  isIncome: boolean,
): Promise<void> {
  if (!isBuiltInCategory(category, isIncome)) {
    await createCategoriesRepository(db).add(userId, category, isIncome);
  }
}
