import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { HouseholdId } from '../households/household-id';

/**
 * Gives each transfer leg an import's bank row is a duplicate of (`duplicate_of_transfer`) the
 * date its bank booked it, when the leg has no bank row of its own yet (no bank id: another
 * app's register or a transfer typed by hand, dated by the person): each leg keeps its own
 * bank's date (the savings statement's 6th, where the register said the 5th). The leg takes the
 * row's bank id too, so that the next re-import finds it by id. Returns how many legs changed.
 */
export async function adoptBankDates(
  db: Executor,
  householdId: HouseholdId,
  scope: { importId: string; firstRow: number },
): Promise<number> {
  const result = await db.execute(sql`
    WITH leg AS (
      SELECT r.duplicate_of_transfer AS id, coalesce(r.is_income_choice, r.is_income) AS is_in,
        r.date, r.bank_id
      FROM import_rows r
      WHERE r.import_id = ${scope.importId} AND r.position >= ${scope.firstRow}
        AND r.status = 'duplicate' AND r.duplicate_of_transfer IS NOT NULL
        AND r.include IS NOT TRUE
    )
    UPDATE transfers AS t
    SET date = CASE WHEN leg.is_in THEN t.date ELSE leg.date END,
      to_date = CASE WHEN NOT leg.is_in THEN
          (CASE WHEN coalesce(t.to_date, t.date) = leg.date THEN NULL ELSE coalesce(t.to_date, t.date) END)
        WHEN leg.date = t.date THEN NULL ELSE leg.date END,
      from_bank_id = CASE WHEN leg.is_in THEN t.from_bank_id ELSE leg.bank_id END,
      to_bank_id = CASE WHEN leg.is_in THEN leg.bank_id ELSE t.to_bank_id END,
      updated_at = now()
    FROM leg
    WHERE t.household_id = ${householdId} AND t.id = leg.id
      AND CASE WHEN leg.is_in THEN t.to_bank_id IS NULL AND coalesce(t.to_date, t.date) <> leg.date
        ELSE t.from_bank_id IS NULL AND t.date <> leg.date END`);
  return result.rowCount ?? 0;
}
