import type { CategorySource } from '@moneta/shared';
import { sql, type SQL } from 'drizzle-orm';

/** The category pipeline's answer for one text (folded name and note, and kind). */
export interface CategoryDecision {
  category: string;
  source: Exclude<CategorySource, 'user' | 'file'>;
  rename: string | null;
}

/** What a row brings to the decision: its texts, its kind, and the categories it has. */
export interface CategorisableRow {
  name: string;
  nameKey: string;
  noteKey: string;
  isIncome: boolean | null;
  fileCategory: string | null;
  categoryChoice: string | null;
}

const keyOf = (nameKey: string, noteKey: string, isIncome: boolean) =>
  `${isIncome ? 'i' : 'e'}\u0000${nameKey}\u0000${noteKey}`;

/**
 * The decisions for a set of texts, and the one rule that turns them into a row's category and
 * name (docs/architecture.md, Rules): the user's choice, else the file's own category, else the
 * pipeline's answer (rule → history → default); the name a matching rule gives, else the file's.
 */
export class CategoryDecisions {
  private readonly byKey = new Map<
    string,
    { nameKey: string; noteKey: string; isIncome: boolean; decision: CategoryDecision }
  >();

  add(nameKey: string, noteKey: string, isIncome: boolean, decision: CategoryDecision): void {
    this.byKey.set(keyOf(nameKey, noteKey, isIncome), { nameKey, noteKey, isIncome, decision });
  }

  /**
   * The decisions as a table for SQL, `decided(name_key, note_key, is_income, category,
   * rename)`: five array parameters turned into rows by `unnest`.
   */
  asTable(): SQL {
    const entries = [...this.byKey.values()];
    const column = <T>(pick: (entry: (typeof entries)[number]) => T) =>
      sql.param(entries.map(pick));
    return sql`unnest(
      ${column((entry) => entry.nameKey)}::text[], ${column((entry) => entry.noteKey)}::text[],
      ${column((entry) => entry.isIncome)}::boolean[],
      ${column((entry) => entry.decision.category)}::text[],
      ${column((entry) => entry.decision.rename)}::text[]
    ) AS decided(name_key, note_key, is_income, category, rename)`;
  }

  apply(row: CategorisableRow): {
    name: string;
    category: string | null;
    categorySource: CategorySource | null;
  } {
    if (row.isIncome === null) return { name: row.name, category: null, categorySource: null };
    const decision = this.byKey.get(keyOf(row.nameKey, row.noteKey, row.isIncome))?.decision;
    const name = decision?.rename ?? row.name;
    if (row.categoryChoice) return { name, category: row.categoryChoice, categorySource: 'user' };
    if (row.fileCategory) return { name, category: row.fileCategory, categorySource: 'file' };
    return { name, category: decision?.category ?? null, categorySource: decision?.source ?? null };
  }
}

/**
 * `apply`'s rule in SQL, for rows `r` (with name, category_choice and file_category) joined
 * to `asTable()`'s `decided`: the name and the category a created transaction gets.
 */
export const appliedInSql = {
  name: sql.raw('coalesce(decided.rename, r.name)'),
  category: sql.raw(
    "coalesce(nullif(r.category_choice, ''), nullif(r.file_category, ''), decided.category)",
  ),
};
