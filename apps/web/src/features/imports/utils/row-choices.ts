import type { ImportCommitInput, ImportRow, ImportRowStatus } from '@moneta/shared/import-schemas';

/** What the user changed on one row of the preview; what is not set keeps the server's default. */
export type RowChoice = {
  /** The row's status when the choice was made (it decides what "included" changes). */
  status: ImportRowStatus;
  include?: boolean;
  category?: string;
};

export type RowChoices = ReadonlyMap<number, RowChoice>;

/** Problems cannot become transactions: they lack a date or an amount. */
export function canInclude(row: Pick<ImportRow, 'status'>): boolean {
  return row.status !== 'problem';
}

/**
 * New rows are in unless left out; duplicates are out unless taken in (docs/architecture.md,
 * Imports).
 */
export function isIncluded(row: Pick<ImportRow, 'index' | 'status'>, choices: RowChoices): boolean {
  if (!canInclude(row)) return false;
  return choices.get(row.index)?.include ?? row.status === 'new';
}

export function chosenCategory(
  row: Pick<ImportRow, 'index' | 'category'>,
  choices: RowChoices,
): string {
  return choices.get(row.index)?.category ?? row.category ?? '';
}

/** The choices with one row's change applied (a new map: React state). */
export function withChoice(
  choices: RowChoices,
  row: Pick<ImportRow, 'index' | 'status'>,
  change: Omit<RowChoice, 'status'>,
): Map<number, RowChoice> {
  const next = new Map(choices);
  next.set(row.index, { ...choices.get(row.index), ...change, status: row.status });
  return next;
}

/** How many transactions the commit will create: the new rows, give or take the user's choices. */
export function transactionsToCreate(newCount: number, choices: RowChoices): number {
  let count = newCount;
  for (const choice of choices.values()) {
    if (choice.include === undefined || choice.status === 'problem') continue;
    if (choice.status === 'new' && !choice.include) count -= 1;
    if (choice.status === 'duplicate' && choice.include) count += 1;
  }
  return Math.max(0, count);
}

/** The commit's body: only the rows the user changed. */
export function commitBody(choices: RowChoices): ImportCommitInput {
  const rows = [...choices.entries()].map(([index, { include, category }]) => ({
    index,
    ...(include === undefined ? {} : { include }),
    ...(category ? { category } : {}),
  }));
  return rows.length > 0 ? { rows } : {};
}
