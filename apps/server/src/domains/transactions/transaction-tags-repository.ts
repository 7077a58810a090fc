/**
 * The SQL that renames and removes tags on a household's transactions (the tags live on the
 * transactions, docs/api.md, Tags).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { HouseholdId } from '../households/household-id';

export function createTransactionTagsRepository(db: Executor) {
  return {
    /**
     * Renames a tag on every one of the household's transactions that carry it; a transaction that
     * carries the new name already keeps it once (a merge). Rows with the new name in another
     * case take the new spelling too. Returns how many rows carry the new name afterwards.
     */
    async renameTag(householdId: HouseholdId, from: string, to: string): Promise<number> {
      const result = await db.execute(sql`
        UPDATE transactions AS t
        SET tags = (
          SELECT array_agg(d.tag ORDER BY d.ord) FROM (
            SELECT DISTINCT ON (lower(s.tag)) s.tag, s.ord FROM (
              SELECT CASE WHEN lower(u.tag) IN (lower(${from}), lower(${to})) THEN ${to}::text
                ELSE u.tag END AS tag, u.ord
              FROM unnest(t.tags) WITH ORDINALITY AS u(tag, ord)) AS s
            ORDER BY lower(s.tag), s.ord) AS d),
          updated_at = now()
        WHERE t.household_id = ${householdId} AND t.tags <> '{}'::text[]
          AND moneta_tag_keys(t.tags) && ARRAY[lower(${from}), lower(${to})]::text[]`);
      return result.rowCount ?? 0;
    },

    /** Takes a tag off every one of the household's transactions; returns how many lost it. */
    async removeTag(householdId: HouseholdId, tag: string): Promise<number> {
      const result = await db.execute(sql`
        UPDATE transactions AS t
        SET tags = array(SELECT u.tag FROM unnest(t.tags) WITH ORDINALITY AS u(tag, ord)
            WHERE lower(u.tag) <> lower(${tag}) ORDER BY u.ord),
          updated_at = now()
        WHERE t.household_id = ${householdId} AND t.tags <> '{}'::text[]
          AND moneta_tag_keys(t.tags) @> ARRAY[lower(${tag})]::text[]`);
      return result.rowCount ?? 0;
    },
  };
}
