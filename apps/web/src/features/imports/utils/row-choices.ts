import type { ImportCommitInput, ImportRow, ImportRowStatus } from '@moneta/shared/import-schemas';

/** What the user changed on one row of the preview; what is not set keeps the server's default. */
export type RowChoice = {
  /** The row's status when the choice was made (it decides what "included" changes). */
  status: ImportRowStatus;
  include?: boolean;
  category?: string;
  /** An account: the row is a transfer to or from it; null: it is not a transfer. */
  transferAccountId?: string | null;
};

export type RowChoices = ReadonlyMap<number, RowChoice>;

/** Problems cannot become transactions: they lack a date or an amount. */
export function canInclude(row: Pick<ImportRow, 'status'>): boolean {
  return row.status !== 'problem';
}

/**
 * New rows and transfers are in unless left out; duplicates are out unless taken in
 * (docs/architecture.md, Imports).
 */
export function isIncluded(row: Pick<ImportRow, 'index' | 'status'>, choices: RowChoices): boolean {
  if (!canInclude(row)) return false;
  return choices.get(row.index)?.include ?? (row.status === 'new' || row.status === 'transfer');
}

/** The account a row moves money to or from, after the user's choice; null: not a transfer. */
export function chosenTransfer(
  row: Pick<ImportRow, 'index' | 'status' | 'transferAccountId'>,
  choices: RowChoices,
): string | null {
  const chosen = choices.get(row.index)?.transferAccountId;
  if (chosen !== undefined) return chosen;
  return row.status === 'transfer' ? row.transferAccountId : null;
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

/**
 * What the commit will record: transactions (the new rows) and transfers (the transfer rows),
 * give or take the user's choices.
 */
export function commitPlan(
  counts: { new: number; transfer: number },
  choices: RowChoices,
  transferPairs = 0,
): { transactions: number; transfers: number } {
  let transactions = counts.new;
  // Two rows of a file of several accounts that are one transfer's legs are one transfer.
  let transfers = counts.transfer - transferPairs;
  for (const choice of choices.values()) {
    if (choice.status === 'problem') continue;
    const wasTransfer = choice.status === 'transfer';
    const isTransfer =
      choice.transferAccountId === undefined ? wasTransfer : choice.transferAccountId !== null;
    const wasIn = choice.status !== 'duplicate';
    const isIn = choice.include ?? wasIn;
    // Take the row out of what it counted as, and into what it counts as now.
    if (wasIn) {
      if (wasTransfer) transfers -= 1;
      else transactions -= 1;
    }
    if (isIn) {
      if (isTransfer) transfers += 1;
      else transactions += 1;
    }
  }
  return { transactions: Math.max(0, transactions), transfers: Math.max(0, transfers) };
}

/** The commit's body: only the rows the user changed. */
export function commitBody(choices: RowChoices): ImportCommitInput {
  const rows = [...choices.entries()].map(([index, { include, category, transferAccountId }]) => ({
    index,
    ...(include === undefined ? {} : { include }),
    ...(category ? { category } : {}),
    ...(transferAccountId === undefined ? {} : { transferAccountId }),
  }));
  return rows.length > 0 ? { rows } : {};
}
