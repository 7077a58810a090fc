/**
 * A split transaction's parts (docs/api.md, Transaction) as its writes store them: checked
 * from the input, kept on an update that leaves them out, and read back from a snapshot.
 */
import {
  ErrorCode,
  fromStoredHundredths,
  largestSplitPart,
  toStoredHundredths,
  type ValidTransactionInput,
  type ValidTransactionUpdate,
} from '@moneta/shared';
import type { Executor } from '../../db/database';
import type { TransactionRow } from '../../db/schema';
import { badRequest } from '../../http/app-error';
import { assertCurrencyDecimals } from '../rates/currency-rules';
import type { TransactionSnapshot } from './transaction-columns';
import { createTransactionSplitsRepository, type SplitPart } from './transaction-splits-repository';
import { asHouseholdId } from '../households/household-id';

/**
 * The parts a write stores (none for an unsplit transaction), each checked against the
 * transaction's currency, and the category the transaction carries: its largest part's
 * (docs/api.md, Transaction), else the one sent. Count, direction and sum were checked by the
 * schema.
 */
export function splitValues(
  input: Pick<ValidTransactionInput, 'category' | 'splits'>,
  currency: string,
): { parts: SplitPart[]; category: string } {
  if (!input.splits?.length) return { parts: [], category: input.category };
  input.splits.forEach((part, index) =>
    assertCurrencyDecimals(part.amount, currency, `Part ${index + 1} of the split`),
  );
  return {
    parts: input.splits.map((part) => ({
      category: part.category,
      amountCents: toStoredHundredths(part.amount),
      note: part.note,
    })),
    category: largestSplitPart(input.splits).category,
  };
}

/**
 * An update that leaves `splits` out keeps the stored parts (an older client knows none), so it
 * may not change what they depend on: the amount, the direction, or the category (the largest
 * part's). Returns the parts kept; refuses such a change with what to send instead.
 */
export function keptParts(
  stored: TransactionRow,
  parts: SplitPart[],
  input: ValidTransactionUpdate,
  currency: string,
): { parts: SplitPart[]; category: string } {
  const largest = parts.reduce((a, b) => (b.amountCents > a.amountCents ? b : a));
  if (
    toStoredHundredths(input.cost) !== stored.costCents ||
    input.isIncome !== stored.isIncome ||
    input.category !== largest.category
  ) {
    throw badRequest(
      'This transaction is split: its amount, direction and category follow its parts. Send the parts (splits) with the change, or splits: null to make it whole again.',
      ErrorCode.VALIDATION,
    );
  }
  parts.forEach((part, index) =>
    assertCurrencyDecimals(
      fromStoredHundredths(part.amountCents),
      currency,
      `Part ${index + 1} of the split`,
    ),
  );
  return { parts, category: largest.category };
}

/**
 * The parts a snapshot holds (a trashed row, or one a transfer replaced: the repository puts
 * them in as `splits`); none when unsplit.
 */
export function snapshotParts(snapshot: Record<string, unknown>): SplitPart[] {
  const parts = snapshot.splits;
  if (!Array.isArray(parts)) return [];
  return parts.map((part: { category: string; amount_cents: number; note: string | null }) => ({
    category: String(part.category),
    amountCents: Number(part.amount_cents),
    note: part.note ?? null,
  }));
}

/**
 * Writes back the parts of split transactions a restore put back (`restored`: their ids), after
 * them, so that the derived triggers count each part in its category. A snapshot whose row was
 * not put back (its id taken again) leaves that row's parts alone.
 */
export async function putBackParts(
  tx: Executor,
  snapshots: readonly TransactionSnapshot[],
  restored: readonly string[],
): Promise<void> {
  const isRestored = new Set(restored);
  const splits = createTransactionSplitsRepository(tx);
  for (const snapshot of snapshots) {
    const parts = snapshotParts(snapshot);
    if (parts.length > 0 && isRestored.has(snapshot.id)) {
      await splits.replace(
        asHouseholdId(String(snapshot.household_id)),
        String(snapshot.user_id),
        snapshot.id,
        parts,
      );
    }
  }
}

/** Every category a write names: the transaction's and its parts'. */
export function categoriesOf(category: string, parts: readonly SplitPart[]): string[] {
  return [...new Set([category, ...parts.map((part) => part.category)])];
}
