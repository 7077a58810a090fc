import { sql } from 'drizzle-orm';
import type { Executor } from './database';
import type { HouseholdId } from '../domains/households/household-id';
import type { recurringRules, transactions } from './schema';

/** The tables whose rows carry a category by name (budgets key theirs by month too). */
type CategorisedTable = typeof transactions | typeof recurringRules;

/**
 * Moves one owner's rows (a household's, or a user's where a table is still read by user) of the
 * given kinds (incomes, expenses or both) from category `from` to `to`, as deleting a custom
 * category does (docs/architecture.md, Product rules), and answers how many moved.
 */
export async function moveCategoryIn(
  db: Executor,
  table: CategorisedTable,
  change: ({ userId: string } | { householdId: HouseholdId }) & {
    from: string;
    to: string;
    kinds: boolean[];
  },
): Promise<number> {
  const owner =
    'householdId' in change
      ? sql`household_id = ${change.householdId}`
      : sql`user_id = ${change.userId}`;
  const moved = await db.execute(sql`
    UPDATE ${table} SET category = ${change.to}, updated_at = now()
    WHERE ${owner} AND category = ${change.from}
      AND is_income = ANY(${sql.param(change.kinds)}::boolean[])`);
  return moved.rowCount ?? 0;
}
