import type { Suggestion } from '@moneta/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { HouseholdId } from '../households/household-id';
import { categoryPipeline } from './rule-matching';

export interface CategorySuggestion extends Suggestion {
  /** The matching rule's new name for the transaction, if it gives one. */
  rename: string | null;
}

/**
 * The category for one transaction's text (docs/architecture.md, Rules): the first matching rule,
 * else the history with that payee, else the default. Used by the transaction form's
 * suggestion and by receipts.
 */
export async function suggestCategory(
  db: Executor,
  householdId: HouseholdId,
  text: { name: string; note?: string | null; isIncome: boolean },
): Promise<CategorySuggestion> {
  const keys = sql`SELECT moneta_fold(${text.name}::text) AS name_key,
    coalesce(moneta_fold(${text.note ?? null}::text), '') AS note_key,
    ${text.isIncome}::boolean AS is_income`;
  const result = await db.execute<{
    category: string;
    source: Suggestion['source'];
    rename: string | null;
  }>(categoryPipeline(householdId, keys));
  const [row] = result.rows;
  return { category: row!.category, source: row!.source, rename: row!.rename };
}
