import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { preparedStatement } from '../../db/prepared-statements';
import type { HouseholdId } from '../households/household-id';

/** The versions of a household's data and of the rates, as of one statement (data-versions.ts). */
export interface DataVersions {
  dataVersion: number;
  ratesVersion: number;
}

/** How many answers are kept per household: enough for every screen's questions, not a store. */
export const ANSWERS_KEPT_PER_HOUSEHOLD = 64;

const placeholder = sql.placeholder;
const currentDataVersion = (householdId: unknown) =>
  sql`coalesce((SELECT v.version FROM household_data_versions AS v
    WHERE v.household_id = ${householdId}::uuid), 0)`;
const currentRatesVersion = sql`coalesce((SELECT r.version FROM exchange_rates_version AS r), 0)`;

/**
 * The answer_cache table's SQL (docs/database.md, "Remembered answers"): an answer is read
 * only with the versions it was computed from still current, and stored only if they still are.
 */
export function createAnswerCacheRepository(db: Executor) {
  return {
    /**
     * The current versions, and the answer remembered for `key` if it was computed from them:
     * one statement, a named one, since every read of a remembered screen starts with it.
     */
    async find(householdId: HouseholdId, key: string): Promise<DataVersions & { answer: unknown }> {
      const statement = preparedStatement(db, 'answer_cache_find', (name) =>
        db
          .select({
            dataVersion: sql<number>`now_versions.data_version`.mapWith(Number),
            ratesVersion: sql<number>`now_versions.rates_version`.mapWith(Number),
            answer: sql<unknown>`(SELECT c.answer FROM answer_cache AS c
              WHERE c.household_id = ${placeholder('householdId')}::uuid AND c.key = ${placeholder('key')}::text
                AND c.data_version = now_versions.data_version
                AND c.rates_version = now_versions.rates_version)`,
          })
          .from(
            sql`(SELECT ${currentDataVersion(placeholder('householdId'))} AS data_version,
              ${currentRatesVersion} AS rates_version) AS now_versions`,
          )
          .prepare(name),
      );
      const [row] = await statement.execute({ householdId, key });
      return {
        dataVersion: row!.dataVersion,
        ratesVersion: row!.ratesVersion,
        answer: row!.answer ?? undefined,
      };
    },

    /**
     * Remembers `answer` for `key` if `versions` are still the current ones — that is, no write
     * committed since they were read, so everything computed in between saw one state of the
     * data. Answers of older versions and beyond the newest ANSWERS_KEPT_PER_HOUSEHOLD go.
     * Returns whether it was stored.
     */
    async store(
      householdId: HouseholdId,
      key: string,
      versions: DataVersions,
      answer: unknown,
    ): Promise<boolean> {
      const result = await db.execute<{ stored: boolean }>(sql`
        WITH still_current AS (
          SELECT ${currentDataVersion(householdId)} = ${versions.dataVersion}::bigint
            AND ${currentRatesVersion} = ${versions.ratesVersion}::bigint AS yes
        ), stored AS (
          INSERT INTO answer_cache AS kept (household_id, key, data_version, rates_version, answer)
          SELECT ${householdId}::uuid, ${key}::text, ${versions.dataVersion}::bigint,
            ${versions.ratesVersion}::bigint, ${JSON.stringify(answer)}::jsonb
          WHERE (SELECT yes FROM still_current)
          ON CONFLICT (household_id, key) DO UPDATE SET data_version = excluded.data_version,
            rates_version = excluded.rates_version, answer = excluded.answer, stored_at = now()
          RETURNING 1
        ), pruned AS (
          DELETE FROM answer_cache AS old
          WHERE old.household_id = ${householdId}::uuid AND (SELECT yes FROM still_current)
            AND old.key <> ${key}::text
            AND (old.data_version <> ${versions.dataVersion}::bigint
              OR old.rates_version <> ${versions.ratesVersion}::bigint
              OR old.key NOT IN (
                SELECT newest.key FROM answer_cache AS newest
                WHERE newest.household_id = ${householdId}::uuid
                ORDER BY newest.stored_at DESC LIMIT ${ANSWERS_KEPT_PER_HOUSEHOLD - 1}))
        )
        SELECT EXISTS (SELECT 1 FROM stored) AS stored`);
      return result.rows[0]?.stored === true;
    },
  };
}

export type AnswerCacheRepository = ReturnType<typeof createAnswerCacheRepository>;
