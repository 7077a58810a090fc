/**
 * Pairs import rows with existing transactions, each at most once, from candidate pairs in
 * order of preference (closest date first): a row takes its first candidate not yet taken by
 * an earlier pair. Two equal coffees in the file against one in the ledger: one pair, one new.
 */
export function pairOneToOne(
  candidates: Iterable<{ position: number; transactionId: string }>,
): Map<number, string> {
  const pairs = new Map<number, string>();
  const taken = new Set<string>();
  for (const { position, transactionId } of candidates) {
    if (pairs.has(position) || taken.has(transactionId)) continue;
    pairs.set(position, transactionId);
    taken.add(transactionId);
  }
  return pairs;
}
