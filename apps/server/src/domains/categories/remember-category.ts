import { isBuiltInCategory } from '@moneta/shared';
import type { Executor } from '../../db/database';
import { createCategoriesRepository, type CategoryKey } from './categories-repository';

/**
 * A category that is not built-in becomes one of the household's custom categories of that kind
 * (docs/api.md, General rules), whether it arrives with a transaction, a recurring rule or a
 * budget; `userId` is who wrote it. One statement for all the new categories of many rows.
 */
export async function rememberCategories(db: Executor, entries: CategoryKey[]): Promise<void> {
  const custom = new Map<string, CategoryKey>();
  for (const entry of entries) {
    if (!isBuiltInCategory(entry.name, entry.isIncome)) {
      custom.set(`${entry.householdId}|${entry.isIncome}|${entry.name}`, entry);
    }
  }
  if (custom.size === 0) return;
  // In one order for every writer, so that two bulk inserts never wait on each other in a cycle.
  const sorted = [...custom.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  await createCategoriesRepository(db).addMany(sorted.map(([, entry]) => entry));
}
