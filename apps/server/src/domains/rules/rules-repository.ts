import { and, asc, eq, gt, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { rules, type RuleRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import { asHouseholdId, type HouseholdId } from '../households/household-id';
import { householdRules, ruleMatches, storedRuleTerms } from './rule-matching';

export interface RuleValues {
  field: RuleRow['field'];
  operator: RuleRow['operator'];
  value: string;
  isIncome: boolean | null;
  category: string;
  rename: string | null;
  transferAccountId: string | null;
}

/**
 * Rules keep dense positions 1..n per household; every change of order happens under
 * lockHousehold.
 */
export function createRulesRepository(db: Executor) {
  return {
    async list(householdId: HouseholdId): Promise<RuleRow[]> {
      return db
        .select()
        .from(rules)
        .where(eq(rules.householdId, householdId))
        .orderBy(asc(rules.position), asc(rules.createdAt));
    },

    async find(householdId: HouseholdId, id: string): Promise<RuleRow | undefined> {
      const [row] = await db
        .select()
        .from(rules)
        .where(and(eq(rules.householdId, householdId), eq(rules.id, id)));
      return row;
    },

    /**
     * Serialises changes to one household's rules (positions are shifted in several
     * statements). NO KEY UPDATE leaves the household row's key lock free: the inserts that
     * reference it do not wait.
     */
    async lockHousehold(householdId: HouseholdId): Promise<void> {
      await db.execute(sql`SELECT 1 FROM households WHERE id = ${householdId} FOR NO KEY UPDATE`);
    },

    async count(householdId: HouseholdId): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(rules)
        .where(eq(rules.householdId, householdId));
      return row?.count ?? 0;
    },

    /** Inserts a rule at `position` (1..count + 1), moving the ones from there down. */
    async insert(
      { householdId, userId }: { householdId: HouseholdId; userId: string },
      values: RuleValues,
      position: number,
    ): Promise<RuleRow> {
      await db
        .update(rules)
        .set({ position: sql`${rules.position} + 1` })
        .where(and(eq(rules.householdId, householdId), gte(rules.position, position)));
      const [row] = await db
        .insert(rules)
        .values({ id: newId(), userId, householdId, ...values, position })
        .returning();
      return row!;
    },

    /** Changes a rule and moves it from `from` to `to`, shifting the rules in between. */
    async update(
      householdId: HouseholdId,
      id: string,
      values: RuleValues,
      move: { from: number; to: number },
    ): Promise<RuleRow | undefined> {
      const { from, to } = move;
      if (to < from) {
        await db
          .update(rules)
          .set({ position: sql`${rules.position} + 1` })
          .where(
            and(
              eq(rules.householdId, householdId),
              gte(rules.position, to),
              lt(rules.position, from),
            ),
          );
      } else if (to > from) {
        await db
          .update(rules)
          .set({ position: sql`${rules.position} - 1` })
          .where(
            and(
              eq(rules.householdId, householdId),
              gt(rules.position, from),
              lte(rules.position, to),
            ),
          );
      }
      const [row] = await db
        .update(rules)
        .set({ ...values, position: to, updatedAt: sql`now()` })
        .where(and(eq(rules.householdId, householdId), eq(rules.id, id)))
        .returning();
      return row;
    },

    /** Deletes a rule and closes the gap in the order; false when there is no such rule. */
    /**
     * Points the rules that give category `from` to `to` (a category rename or merge): those of
     * that kind and those for both kinds. Answers how many changed.
     */
    async moveCategory(householdId: HouseholdId, from: string, to: string, isIncome: boolean) {
      const moved = await db
        .update(rules)
        .set({ category: to, updatedAt: new Date() })
        .where(
          and(
            eq(rules.householdId, householdId),
            eq(rules.category, from),
            or(isNull(rules.isIncome), eq(rules.isIncome, isIncome)),
          ),
        )
        .returning({ id: rules.id });
      return moved.length;
    },

    async delete(householdId: HouseholdId, id: string): Promise<boolean> {
      const [removed] = await db
        .delete(rules)
        .where(and(eq(rules.householdId, householdId), eq(rules.id, id)))
        .returning({ position: rules.position });
      if (!removed) return false;
      await db
        .update(rules)
        .set({ position: sql`${rules.position} - 1` })
        .where(and(eq(rules.householdId, householdId), gt(rules.position, removed.position)));
      return true;
    },

    /**
     * The transactions of the rule's household this rule decides: it matches them and no rule
     * before it does (the first matching rule wins, as on import), and applying it would change
     * something.
     */
    async decidedTransactionIds(rule: RuleRow): Promise<string[]> {
      const text = {
        nameKey: sql`moneta_fold(t.name)`,
        noteKey: sql`coalesce(moneta_fold(t.note), '')`,
      };
      const result = await db.execute<{ id: string }>(sql`
        WITH earlier AS MATERIALIZED (
          SELECT * FROM (${householdRules(asHouseholdId(rule.householdId))}) AS r
          WHERE r.position < ${rule.position}
        )
        SELECT t.id FROM transactions t
        WHERE t.household_id = ${rule.householdId}
          AND (${rule.isIncome}::boolean IS NULL OR t.is_income = ${rule.isIncome}::boolean)
          AND (t.category <> ${rule.category} OR t.name <> coalesce(${rule.rename}::text, t.name))
          AND ${ruleMatches(
            {
              field: sql`${rule.field}::text`,
              operator: sql`${rule.operator}::text`,
              key: sql`moneta_fold(${rule.value}::text)`,
            },
            text,
          )}
          AND NOT EXISTS (
            SELECT 1 FROM earlier e
            WHERE (e.is_income IS NULL OR e.is_income = t.is_income)
              AND ${ruleMatches(storedRuleTerms('e'), text)}
          )`);
      return result.rows.map((row) => row.id);
    },
  };
}
