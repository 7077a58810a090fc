import { ErrorCode } from '@moneta/shared';
import { conflict } from '../../http/app-error';
import type { OtherLegCandidate } from './other-leg-candidates';

/** A row the user made a transfer whose other account holds several possible other legs. */
export interface AmbiguousLeg {
  position: number;
  dates: string[];
}

/**
 * The rows the user chose to be transfers to an account (`chosen`: position → account) that
 * holds two or more of their possible other legs not taken by another row (`matches`): Moneta
 * must not guess which one the bank's row is, nor write a second leg beside them.
 */
export function ambiguousOtherLegs(
  candidates: OtherLegCandidate[],
  chosen: Map<number, string>,
  matches: Map<number, string>,
): AmbiguousLeg[] {
  const takenByOthers = new Map<string, number>();
  for (const [position, id] of matches) takenByOthers.set(id, position);
  const free = new Map<number, Map<string, string>>();
  for (const row of candidates) {
    if (chosen.get(row.position) !== row.account_id) continue;
    const taker = takenByOthers.get(row.transaction_id);
    if (taker !== undefined && taker !== row.position) continue;
    const legs = free.get(row.position) ?? new Map<string, string>();
    legs.set(row.transaction_id, row.date);
    free.set(row.position, legs);
  }
  return [...free]
    .filter(([, legs]) => legs.size > 1)
    .map(([position, legs]) => ({ position, dates: [...legs.values()].sort() }));
}

/**
 * A row the user made a transfer to an account that already holds two or more rows that could
 * be its other side: a 409 that names them, rather than a guess or a second leg beside them.
 */
export function assertOneOtherLeg(ambiguous: AmbiguousLeg[], firstRow: number): void {
  const [first] = ambiguous;
  if (!first) return;
  throw conflict(
    `Row ${first.position - firstRow + 1}: the account you chose already holds ${first.dates.length} transactions that could be its other side (on ${first.dates.join(', ')}). Import the row without the transfer, then select it and the right one and make them one transfer.`,
    ErrorCode.TRANSFER_OTHER_LEG_AMBIGUOUS,
  );
}
