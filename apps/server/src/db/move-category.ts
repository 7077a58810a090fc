import { sql } from 'drizzle-orm';
import type { Executor } from './database';
import type { recurringRules, transactions } from './schema';

/** The tables whose rows carry a user's category by name (budgets key theirs by month too). */
type CategorisedTable = typeof transactions | typeof recurringRules;

/**
 * Moves one user's rows of the given kinds (incomes, expenses or both) from category `from` to
 * `to`, as deleting a custom category does (docs/architecture.md, Product rules), and answers how
 * many moved.
 */
export async function moveCategoryIn(
  db: Executor,
  table: CategorisedTable,
  change: { userId: string; from: string; to: string; kinds: boolean[] },
): Promise<number> {
  const moved = await db.execute(sql`
    UPDATE ${table} SET category = ${change.to}, updated_at = now()
    WHERE user_id = ${change.userId} AND category = ${change.from}
      AND is_income = ANY(${sql.param(change.kinds)}::boolean[])`);
  return moved.rowCount ?? 0;
}
