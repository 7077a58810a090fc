import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { HouseholdId } from '../households/household-id';
import { categoryPipeline, hasNoteRules } from '../rules/rule-matching';
import { CategoryDecisions, type CategoryDecision } from './category-decisions';

/** The SQL pieces the statements over import_rows share. */

export const param = <T>(values: T[]) => sql.param(values);

/** The row's kind after the user's choice. */
export const KIND = sql.raw('coalesce(is_income_choice, is_income)');

/** A row's folded note, for rules on notes; only computed when the household has such rules. */
export const noteKey = (householdId: HouseholdId) =>
  sql`CASE WHEN ${hasNoteRules(householdId)} THEN coalesce(moneta_fold(note), '') ELSE '' END`;

/** The rows' distinct texts, as the category pipeline takes them, from a CTE `selected`. */
export const selectedKeys = sql`
  SELECT DISTINCT name_key, note_key, is_income FROM selected WHERE is_income IS NOT NULL`;

/** The rows the commit creates: new rows not left out, and duplicates the user included. */
export const selectedForCommit: SQL = sql.raw(
  "((status = 'new' AND include IS NOT FALSE) OR (status = 'duplicate' AND include IS TRUE))",
);

/**
 * Runs `work` with nested loops disabled for the rest of the transaction's statements, then
 * back to the default. Right after a bulk insert the statistics may say the import is tiny,
 * and a nested loop over two large sides never finishes.
 */
export async function withoutNestedLoops<T>(db: Executor, work: () => Promise<T>): Promise<T> {
  await db.execute(sql`SET LOCAL enable_nestloop = off`);
  const result = await work();
  await db.execute(sql`SET LOCAL enable_nestloop TO DEFAULT`);
  return result;
}

/**
 * The category pipeline's decisions (rule → history → default) for the distinct texts of
 * `keys`, a query of (name_key, note_key, is_income). Worked out when rows are shown or
 * committed, never stored: a rule added after the upload counts.
 */
export async function decideCategories(
  db: Executor,
  householdId: HouseholdId,
  keys: SQL,
): Promise<CategoryDecisions> {
  const result = await db.execute<{
    name_key: string;
    note_key: string;
    is_income: boolean;
    category: string;
    source: CategoryDecision['source'];
    rename: string | null;
  }>(categoryPipeline(householdId, keys));
  const decisions = new CategoryDecisions();
  for (const row of result.rows) {
    decisions.add(row.name_key, row.note_key, row.is_income, {
      category: row.category,
      source: row.source,
      rename: row.rename,
    });
  }
  return decisions;
}
