import { MAX_SPLIT_PARTS, MIN_SPLIT_PARTS, type ExportSplit } from '@moneta/shared';
import { damaged } from './zip-reader';

/** What the parts and files of a transaction need of it while an export is checked. */
export interface LinkedTransaction {
  costCents: number;
  isIncome: boolean;
}

/** Split parts grouped by the transaction they belong to, in the order they were read. */
export function partsByTransaction(parts: readonly ExportSplit[]): Map<string, ExportSplit[]> {
  const grouped = new Map<string, ExportSplit[]>();
  for (const part of parts) {
    const group = grouped.get(part.transactionId);
    if (group) group.push(part);
    else grouped.set(part.transactionId, [part]);
  }
  return grouped;
}

/**
 * Each split transaction's parts as the API would take them: its transaction in the export,
 * 2–50 parts at positions 0…n−1, summing exactly to the transaction's cost.
 */
export function checkSplits(
  parts: readonly ExportSplit[],
  transactions: ReadonlyMap<string, LinkedTransaction>,
): void {
  for (const [transactionId, group] of partsByTransaction(parts)) {
    const transaction = transactions.get(transactionId);
    if (!transaction) {
      throw damaged(`a split part names transaction ${transactionId}, which the export lacks.`);
    }
    const positions = new Set(group.map((part) => part.position));
    const sum = group.reduce((total, part) => total + part.amountCents, 0);
    if (
      group.length < MIN_SPLIT_PARTS ||
      group.length > MAX_SPLIT_PARTS ||
      positions.size !== group.length ||
      group.some((part) => part.position >= group.length) ||
      sum !== transaction.costCents
    ) {
      throw damaged(`the parts of transaction ${transactionId} are not a valid split.`);
    }
  }
}
