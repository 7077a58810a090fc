import { and, asc, eq, lte, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { moveCategoryIn } from '../../db/move-category';
import { households, recurringRules, users, type RecurringRuleRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { HouseholdId } from '../households/household-id';

/**
 * The zone a rule's "today" is counted in: its author's, as ever; the household's once the
 * author has left the instance (their rows stay, the column null).
 */
const ruleTimeZone = sql<string>`coalesce(${users.timeZone}, ${households.timeZone})`;

export type RecurringRuleValues = Pick<
  RecurringRuleRow,
  'name' | 'category' | 'amountCents' | 'isIncome' | 'frequency' | 'startDate'
> &
  Partial<Pick<RecurringRuleRow, 'accountId' | 'interval' | 'endDate' | 'note'>>;

/**
 * A rule still records occurrences while its next one is not after its end date: an ended rule
 * is never due again (else the engine would claim it on every run and record nothing).
 */
const isRunning = sql`(${recurringRules.endDate} IS NULL OR ${recurringRules.nextDueDate} <= ${recurringRules.endDate})`;

/** A due rule, claimed (row-locked) by this transaction, with its owner's today. */
export interface ClaimedRecurringRule {
  rule: RecurringRuleRow;
  today: string;
}

export function createRecurringRepository(db: Executor) {
  return {
    /** The household's rules by next due date, then name. */
    async list(householdId: HouseholdId): Promise<RecurringRuleRow[]> {
      return db
        .select()
        .from(recurringRules)
        .where(eq(recurringRules.householdId, householdId))
        .orderBy(
          asc(recurringRules.nextDueDate),
          sql`lower(${recurringRules.name})`,
          asc(recurringRules.name),
          asc(recurringRules.id),
        );
    },

    /** The household's rules that have not ended, for the occurrences still to come. */
    async listRunning(householdId: HouseholdId): Promise<RecurringRuleRow[]> {
      return db
        .select()
        .from(recurringRules)
        .where(and(eq(recurringRules.householdId, householdId), isRunning));
    },

    /**
     * A new rule of the household, made by `userId`, is due from its start date; the caller then
     * catches it up.
     */
    async insert(
      { householdId, userId }: { householdId: HouseholdId; userId: string },
      values: RecurringRuleValues,
    ): Promise<RecurringRuleRow> {
      const [row] = await db
        .insert(recurringRules)
        .values({ id: newId(), userId, householdId, ...values, nextDueDate: values.startDate })
        .returning();
      return row!;
    },

    /**
     * An edited rule is due again from its (new) start date: catching it up then records only
     * the occurrences that do not exist yet, and recomputes the next due date.
     */
    async update(
      householdId: HouseholdId,
      id: string,
      values: RecurringRuleValues,
    ): Promise<RecurringRuleRow | undefined> {
      const [row] = await db
        .update(recurringRules)
        .set({ ...values, nextDueDate: values.startDate, updatedAt: sql`now()` })
        .where(and(eq(recurringRules.householdId, householdId), eq(recurringRules.id, id)))
        .returning();
      return row;
    },

    /** Its transactions stay, with recurring_id set to NULL by the foreign key. */
    async delete(householdId: HouseholdId, id: string): Promise<boolean> {
      const deleted = await db
        .delete(recurringRules)
        .where(and(eq(recurringRules.householdId, householdId), eq(recurringRules.id, id)))
        .returning({ id: recurringRules.id });
      return deleted.length > 0;
    },

    async moveCategory(
      householdId: HouseholdId,
      from: string,
      to: string,
      kinds: boolean[],
    ): Promise<number> {
      return moveCategoryIn(db, recurringRules, { householdId, from, to, kinds });
    },

    async setNextDueDate(id: string, nextDueDate: string): Promise<RecurringRuleRow> {
      const [row] = await db
        .update(recurringRules)
        .set({ nextDueDate })
        .where(eq(recurringRules.id, id))
        .returning();
      return row!;
    },

    /** The time zones of the rules that may be due (next due date ≤ `latestToday`). */
    async dueTimeZones(latestToday: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ timeZone: ruleTimeZone })
        .from(recurringRules)
        .innerJoin(households, eq(households.id, recurringRules.householdId))
        .leftJoin(users, eq(users.id, recurringRules.userId))
        .where(and(lte(recurringRules.nextDueDate, latestToday), isRunning));
      return rows.map((row) => row.timeZone);
    },

    /**
     * Claims up to `limit` due rules for this transaction: a rule is due when its next due date
     * is on or before its owner's today (`todayByZone`). `FOR UPDATE SKIP LOCKED` hands each
     * rule to one instance only; others skip it rather than wait, and once the claiming
     * transaction commits the rule is no longer due.
     */
    async claimDue(
      todayByZone: Record<string, string>,
      limit: number,
      excludedIds: string[],
    ): Promise<ClaimedRecurringRule[]> {
      const latestToday = Object.values(todayByZone).sort().at(-1);
      if (!latestToday) return [];
      const ownerToday = sql`(${JSON.stringify(todayByZone)}::jsonb ->> ${ruleTimeZone})::date`;
      return db
        .select({ rule: recurringRules, today: sql<string>`${ownerToday}` })
        .from(recurringRules)
        .innerJoin(households, eq(households.id, recurringRules.householdId))
        .leftJoin(users, eq(users.id, recurringRules.userId))
        .where(
          and(
            // The plain bound lets the scan use recurring_rules_next_due_date_idx.
            lte(recurringRules.nextDueDate, latestToday),
            sql`${recurringRules.nextDueDate} <= ${ownerToday}`,
            isRunning,
            excludedIds.length > 0 ? notInArray(recurringRules.id, excludedIds) : undefined,
          ),
        )
        .orderBy(asc(recurringRules.nextDueDate), asc(recurringRules.id))
        .limit(limit)
        .for('update', { of: recurringRules, skipLocked: true });
    },
  };
}

export type RecurringRepository = ReturnType<typeof createRecurringRepository>;
