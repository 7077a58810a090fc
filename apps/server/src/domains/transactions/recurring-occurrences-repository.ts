/**
 * The transactions that stand for a recurring rule's occurrences: found, and linked to it.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';

/** What of a recurring rule decides which transactions may be its occurrences. */
export interface OccurrenceRule {
  id: string;
  /** The household the rule's transactions are in (its own). */
  householdId: string;
  name: string;
  amountCents: number;
  isIncome: boolean;
  accountId: string | null;
}

/** A transaction that may be a rule's occurrence: linked to it already, or a likely match. */
export interface OccurrenceCandidate {
  id: string;
  addedOn: string;
  isLinked: boolean;
}

export function createRecurringOccurrencesRepository(db: Executor) {
  return {
    /**
     * The transactions dated `from` to `to` that may stand for a recurring rule's occurrences:
     * those linked to it already, and unlinked ones in its account (the first
     * account when it names none) of its direction and amount whose name, folded, contains the
     * rule's or is contained in it ("NETFLIX.COM 866-579" for "Netflix").
     */
    async occurrenceCandidates(
      rule: OccurrenceRule,
      from: string,
      to: string,
    ): Promise<OccurrenceCandidate[]> {
      const result = await db.execute<{ id: string; added_on: string; is_linked: boolean }>(sql`
        WITH rule AS MATERIALIZED (
          SELECT moneta_fold(${rule.name}::text) AS name_key,
            coalesce(${rule.accountId}::uuid, (
              SELECT id FROM accounts WHERE household_id = ${rule.householdId}
              ORDER BY is_archived, created_at, id LIMIT 1)) AS account_id
        )
        SELECT t.id, t.added_on::text AS added_on, t.recurring_id IS NOT NULL AS is_linked
        FROM transactions AS t, rule
        WHERE t.household_id = ${rule.householdId}
          AND t.added_on BETWEEN ${from}::date AND ${to}::date
          -- A row of the rule stands for an occurrence only at the rule's amount and kind: after
          -- an edit from 29.90 monthly to 34.90 weekly, the old rows are history, not this week's.
          AND ((t.recurring_id = ${rule.id} AND t.cost_cents = ${rule.amountCents}
              AND t.is_income = ${rule.isIncome})
            OR (t.recurring_id IS NULL AND t.account_id = rule.account_id
              AND t.is_income = ${rule.isIncome} AND t.cost_cents = ${rule.amountCents}
              AND rule.name_key <> '' AND moneta_fold(t.name) <> ''
              AND (strpos(moneta_fold(t.name), rule.name_key) > 0
                OR strpos(rule.name_key, moneta_fold(t.name)) > 0)))
        ORDER BY t.added_on, t.id`);
      return result.rows.map((row) => ({
        id: row.id,
        addedOn: row.added_on,
        isLinked: row.is_linked,
      }));
    },

    /** Links the household's unlinked transactions with these ids to a recurring rule. */
    async linkToRecurring(
      householdId: string,
      recurringId: string,
      ids: string[],
    ): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db.execute(sql`
        UPDATE transactions SET recurring_id = ${recurringId}, updated_at = now()
        WHERE household_id = ${householdId} AND id = ANY(${sql.param(ids)}::uuid[])
          AND recurring_id IS NULL`);
      return result.rowCount ?? 0;
    },
  };
}
