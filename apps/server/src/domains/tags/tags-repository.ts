/**
 * Tags are a column of transactions (docs/database.md): this file only reads them. Renames and
 * deletions write transactions, so they live in the transactions repository (one writer).
 */
import { tagKey } from '@moneta/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { HouseholdId } from '../households/household-id';

export function createTagsRepository(db: Executor) {
  return {
    /** The household's tags A→Z with how many transactions carry each (one spelling per tag). */
    async counts(householdId: HouseholdId): Promise<Array<{ name: string; count: number }>> {
      const result = await db.execute<{ name: string; count: number }>(sql`
        SELECT min(tag) AS name, count(*)::int AS count
        FROM transactions AS t, unnest(t.tags) AS tag
        WHERE t.household_id = ${householdId} AND t.tags <> '{}'::text[]
        GROUP BY lower(tag)
        ORDER BY lower(tag)`);
      return result.rows;
    },

    /**
     * How the household already spells each of these tags (by tagKey), for those it has: a tag
     * typed "TRIP" joins their "Trip" instead of starting a second spelling.
     */
    async spellings(householdId: HouseholdId, tags: string[]): Promise<Map<string, string>> {
      if (tags.length === 0) return new Map();
      const keys = tags.map(tagKey);
      const result = await db.execute<{ key: string; name: string }>(sql`
        SELECT lower(tag) AS key, min(tag) AS name
        FROM transactions AS t, unnest(t.tags) AS tag
        WHERE t.household_id = ${householdId} AND t.tags <> '{}'::text[]
          AND moneta_tag_keys(t.tags) && ${sql.param(keys)}::text[]
          AND lower(tag) = ANY(${sql.param(keys)}::text[])
        GROUP BY lower(tag)`);
      return new Map(result.rows.map((row) => [row.key, row.name]));
    },
  };
}
