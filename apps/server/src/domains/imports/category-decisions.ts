import type { CategorySource } from '@moneta/shared';

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
 * name (DESIGN §5.3): the user's choice, else the file's own category, else the pipeline's
 * answer (rule → history → default); the name a matching rule gives, else the file's.
 */
export class CategoryDecisions {
  private readonly byKey = new Map<string, CategoryDecision>();

  add(nameKey: string, noteKey: string, isIncome: boolean, decision: CategoryDecision): void {
    this.byKey.set(keyOf(nameKey, noteKey, isIncome), decision);
  }

  apply(row: CategorisableRow): {
    name: string;
    category: string | null;
    categorySource: CategorySource | null;
  } {
    if (row.isIncome === null) return { name: row.name, category: null, categorySource: null };
    const decision = this.byKey.get(keyOf(row.nameKey, row.noteKey, row.isIncome));
    const name = decision?.rename ?? row.name;
    if (row.categoryChoice) return { name, category: row.categoryChoice, categorySource: 'user' };
    if (row.fileCategory) return { name, category: row.fileCategory, categorySource: 'file' };
    return { name, category: decision?.category ?? null, categorySource: decision?.source ?? null };
  }
}
