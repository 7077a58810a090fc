/**
 * Pairs import rows with existing rows (transactions, transfer legs), each at most once, from
 * candidate pairs in order of preference (closest date first): a row takes its first candidate
 * not yet taken by an earlier pair. Two equal coffees in the file against one in the ledger:
 * one pair, one new.
 */
export function pairOneToOne(
  candidates: Iterable<{ position: number; id: string }>,
): Map<number, string> {
  const pairs = new Map<number, string>();
  const taken = new Set<string>();
  for (const { position, id } of candidates) {
    if (pairs.has(position) || taken.has(id)) continue;
    pairs.set(position, id);
    taken.add(id);
  }
  return pairs;
}
