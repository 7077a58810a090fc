import { addDays, firstOccurrenceAfter, occurrencesBetween, todayIn } from '@moneta/shared';
import type { Database, Executor } from '../../db/database';
import type { RecurringRuleRow } from '../../db/schema';
import {
  createTransactionsService,
  type TransactionsService,
} from '../transactions/transactions-service';
import { matchOccurrences, OCCURRENCE_TOLERANCE_DAYS } from './match-occurrences';
import { createRecurringRepository, type ClaimedRecurringRule } from './recurring-repository';
import { asHouseholdId } from '../households/household-id';

/** How many occurrences the create/edit path records per statement while catching a rule up. */
const CATCH_UP_STEP = 1000;

export interface RecurringEngineLogger {
  error(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface RecurringEngineOptions {
  /**
   * The app's transactions service, the one writer of transactions. Tests that run an engine
   * alone on a database leave it out and get one on that database.
   */
  transactions?: TransactionsService;
  /** The clock that decides "today"; tests move it instead of waiting. */
  now?: () => Date;
  logger?: RecurringEngineLogger;
  /** Rules claimed (and row-locked) per database transaction. */
  recurringRulesPerBatch?: number;
  /** Occurrences recorded per rule per claim; a longer backlog continues in a later batch. */
  occurrencesPerRecurringRule?: number;
  /** Batches per run; what is left over waits for the next run. */
  maxBatchesPerRun?: number;
}

export interface RecurringRunResult {
  /** Rule claims processed (a rule with a long backlog may be claimed more than once). */
  rulesProcessed: number;
  transactionsCreated: number;
  /** Occurrences that already existed (the unique index skipped them). */
  duplicatesSkipped: number;
  failedRules: number;
  /** True when the run stopped at its bound with due rules possibly left. */
  hasMore: boolean;
}

export interface RecordOutcome {
  rule: RecurringRuleRow;
  created: number;
  skipped: number;
  /** The rule's next due date is after today. */
  isCaughtUp: boolean;
}

/**
 * Records the rule's occurrences from its next due date up to `today` (at most `limit` of them)
 * as transactions, skipping any that exist, then moves next_due_date to the first occurrence
 * not recorded: after today once the rule has caught up. The transactions are written by
 * `transactions` (the app's service, joined to `db`'s transaction); one on `db` by default.
 */
export async function recordOccurrences(
  db: Executor,
  rule: RecurringRuleRow,
  today: string,
  limit: number,
  transactions: TransactionsService = createTransactionsService(db),
): Promise<RecordOutcome> {
  const repository = createRecurringRepository(db);
  const inTransaction = { tx: db };
  const until = rule.endDate && rule.endDate < today ? rule.endDate : today;
  const dates = occurrencesBetween(rule, rule.nextDueDate, until, limit);
  let created = 0;
  if (dates.length > 0) {
    // An occurrence that a transaction stands for already (imported, or recorded before an
    // edit) is linked, not recorded again.
    const from = addDays(dates[0]!, -OCCURRENCE_TOLERANCE_DAYS);
    const to = addDays(dates.at(-1)!, OCCURRENCE_TOLERANCE_DAYS);
    const candidates = await transactions.occurrenceCandidates(rule, { from, to }, inTransaction);
    const plan = matchOccurrences(dates, occurrencesBetween(rule, from, to), candidates);
    await transactions.linkToRecurring(rule, plan.toLink, inTransaction);
    // The transactions writer skips occurrences that exist already (a unique index).
    created = await transactions.createMany(
      plan.toCreate.map((addedOn) => ({
        householdId: asHouseholdId(rule.householdId),
        // The engine made the row, no member: who wrote the rule stays the rule's.
        createdBy: null,
        userId: rule.userId,
        name: rule.name,
        category: rule.category,
        costCents: rule.amountCents,
        addedOn,
        isIncome: rule.isIncome,
        note: rule.note,
        recurringId: rule.id,
        accountId: rule.accountId,
      })),
      inTransaction,
    );
  }
  // After the last recorded date; with nothing to record, the first occurrence from the due date.
  const nextDueDate = firstOccurrenceAfter(rule, dates.at(-1) ?? addDays(rule.nextDueDate, -1));
  const updated =
    nextDueDate === rule.nextDueDate ? rule : await repository.setNextDueDate(rule.id, nextDueDate);
  return {
    rule: updated,
    created,
    skipped: dates.length - created,
    // Caught up once the next occurrence is after today, or after the rule's end.
    isCaughtUp: nextDueDate > until,
  };
}

/** Right after a rule is created or edited: every occurrence up to today, in bounded steps. */
export async function catchUpRecurringRule(
  db: Executor,
  rule: RecurringRuleRow,
  today: string,
  transactions: TransactionsService,
): Promise<RecurringRuleRow> {
  let outcome = await recordOccurrences(db, rule, today, CATCH_UP_STEP, transactions);
  while (!outcome.isCaughtUp) {
    outcome = await recordOccurrences(db, outcome.rule, today, CATCH_UP_STEP, transactions);
  }
  return outcome.rule;
}

/** Today in a zone; a zone this runtime does not know counts as UTC rather than stopping runs. */
function safeTodayIn(timeZone: string, now: Date): string {
  try {
    return todayIn(timeZone, now);
  } catch {
    return todayIn('UTC', now);
  }
}

/**
 * One lock order for every batch: the rows a rule's inserts touch besides its own (per-household
 * aggregates such as transaction_totals) are keyed by household, kind and category, so two
 * instances processing their batches in this order cannot deadlock.
 */
function compareLockOrder(a: ClaimedRecurringRule, b: ClaimedRecurringRule): number {
  const keyA = `${a.rule.householdId}|${a.rule.isIncome}|${a.rule.category}`;
  const keyB = `${b.rule.householdId}|${b.rule.isIncome}|${b.rule.category}`;
  return keyA < keyB ? -1 : keyA > keyB ? 1 : 0;
}

/**
 * The recurring engine: records the occurrences of every due rule of every household. Safe with any
 * number of instances on one database: each batch claims its rules with FOR UPDATE SKIP LOCKED,
 * and the unique index on (recurring_id, added_on) is the final guard.
 */
export function createRecurringEngine(db: Database, options: RecurringEngineOptions = {}) {
  const now = options.now ?? (() => new Date());
  const recurringRulesPerBatch = options.recurringRulesPerBatch ?? 50;
  const occurrencesPerRecurringRule = options.occurrencesPerRecurringRule ?? 100;
  const maxBatchesPerRun = options.maxBatchesPerRun ?? 20;
  const repository = createRecurringRepository(db);
  const transactions = options.transactions ?? createTransactionsService(db);

  return {
    /** One bounded pass over the due rules. Per-rule failures are logged and skipped. */
    async runDue(control: { shouldStop?: () => boolean } = {}): Promise<RecurringRunResult> {
      const result: RecurringRunResult = {
        rulesProcessed: 0,
        transactionsCreated: 0,
        duplicatesSkipped: 0,
        failedRules: 0,
        hasMore: false,
      };
      const at = now();
      // No zone is more than 14 hours ahead of UTC, so no one's today is past UTC's tomorrow.
      const zones = await repository.dueTimeZones(addDays(todayIn('UTC', at), 1));
      if (zones.length === 0) return result;
      const todayByZone = Object.fromEntries(zones.map((zone) => [zone, safeTodayIn(zone, at)]));
      const failedIds = new Set<string>();

      for (let batchNumber = 0; batchNumber < maxBatchesPerRun; batchNumber++) {
        if (control.shouldStop?.()) return result;
        // Counted once the batch has committed, so that a failed commit counts nothing.
        const batch = await db.transaction(async (tx) => {
          const claimed = await createRecurringRepository(tx).claimDue(
            todayByZone,
            recurringRulesPerBatch,
            [...failedIds],
          );
          const counts = { processed: 0, created: 0, skipped: 0, failed: 0, isAnyBehind: false };
          for (const { rule, today } of claimed.sort(compareLockOrder)) {
            try {
              // A savepoint per rule: one rule's failure does not undo the others'.
              const outcome = await tx.transaction((savepoint) =>
                recordOccurrences(
                  savepoint,
                  rule,
                  today,
                  occurrencesPerRecurringRule,
                  transactions,
                ),
              );
              counts.processed += 1;
              counts.created += outcome.created;
              counts.skipped += outcome.skipped;
              counts.isAnyBehind ||= !outcome.isCaughtUp;
            } catch (error) {
              failedIds.add(rule.id);
              counts.failed += 1;
              options.logger?.error(
                { err: error, recurringId: rule.id },
                'A recurring transaction could not be recorded; it will be retried on the next run',
              );
            }
          }
          return { claimedCount: claimed.length, ...counts };
        });
        result.rulesProcessed += batch.processed;
        result.transactionsCreated += batch.created;
        result.duplicatesSkipped += batch.skipped;
        result.failedRules += batch.failed;
        // Done when the due rules ran out and none of them still has a backlog.
        if (batch.claimedCount < recurringRulesPerBatch && !batch.isAnyBehind) return result;
      }
      result.hasMore = true;
      return result;
    },
  };
}

export type RecurringEngine = ReturnType<typeof createRecurringEngine>;
