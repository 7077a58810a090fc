/**
 * The SQL of a bulk edit and its undo: each selected row's fields set in one statement.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { HouseholdId } from '../households/household-id';

/** The columns a bulk edit may set, by SQL name. */
export const BULK_FIELDS = ['category', 'account_id', 'name', 'added_on', 'note', 'tags'] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

/** A bulk-edited row's values before the edit. */
export type BulkBefore = {
  id: string;
  is_income: boolean;
  category: string;
  account_id: string;
  name: string;
  added_on: string;
  note: string | null;
  tags: string[];
};

export function createBulkEditRepository(db: Executor) {
  return {
    /**
     * Sets fields of the household's transactions, each row its own values (`changes`: id → fields
     * by SQL name; a field a row leaves out stays), in one statement: a bulk edit and its undo.
     * Returns, per row changed, its values before, by SQL name. `userId` made the change.
     */
    async setFields(
      householdId: HouseholdId,
      userId: string,
      changes: Array<{ id: string } & Partial<Record<BulkField, unknown>>>,
    ): Promise<BulkBefore[]> {
      if (changes.length === 0) return [];
      const assignments = BULK_FIELDS.map(
        (field) =>
          sql`${sql.identifier(field)} = CASE WHEN c.given ? ${field} THEN c.${sql.identifier(field)} ELSE t.${sql.identifier(field)} END`,
      );
      const records = changes.map((change) => ({
        ...change,
        given: Object.fromEntries(
          Object.entries(change)
            .filter(([key, value]) => key !== 'id' && value !== undefined)
            .map(([key]) => [key, true]),
        ),
      }));
      const result = await db.execute<BulkBefore>(sql`
        WITH c AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS c(
            id uuid, given jsonb, category text, account_id uuid, name text, added_on date,
            note text, tags text[])
        ), before AS (
          SELECT t.id, t.is_income, t.category, t.account_id, t.name,
            t.added_on::text AS added_on, t.note, t.tags
          FROM transactions AS t JOIN c ON c.id = t.id
          WHERE t.household_id = ${householdId}
          FOR UPDATE OF t
        )
        UPDATE transactions AS t
        SET ${sql.join(assignments, sql`, `)}, updated_by = ${userId}, updated_at = now()
        FROM c, before
        WHERE t.household_id = ${householdId} AND t.id = c.id AND before.id = t.id
        RETURNING before.*`);
      return result.rows;
    },
  };
}
