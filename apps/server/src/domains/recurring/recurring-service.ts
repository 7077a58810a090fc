import {
  addDays,
  ErrorCode,
  fromStoredHundredths,
  occurrencesBetween,
  RECURRING_MESSAGES,
  todayIn,
  toStoredHundredths,
  type Recurring,
  type UpcomingOccurrence,
  type ValidRecurringInput,
} from '@moneta/shared';
import type { Database, Executor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { isCheckViolation, isForeignKeyViolation } from '../../db/postgres-errors';
import { badRequest, notFound } from '../../http/app-error';
import { createAccountsReader } from '../accounts/accounts-reader';
import { accountNotFound } from '../accounts/accounts-service';
import { isId } from '../../lib/ids';
import { rememberCategories } from '../categories/remember-category';
import type { HouseholdId } from '../households/household-id';
import type { TransactionsService } from '../transactions/transactions-service';
import { toRecurringDto } from './recurring-dto';
import { catchUpRecurringRule } from './recurring-engine';
import { createRecurringRepository, type RecurringRuleValues } from './recurring-repository';

/** A daily rule has 366 occurrences in the longest window: enough for any list. */
const MAX_UPCOMING_PER_RULE = 366;

const recurringNotFound = () =>
  notFound('Recurring transaction not found.', ErrorCode.RECURRING_NOT_FOUND);

/** A field the input leaves out is not set: a new rule gets the column's default, an edited one keeps it. */
function toValues(input: ValidRecurringInput): RecurringRuleValues {
  return {
    name: input.name,
    category: input.category,
    amountCents: toStoredHundredths(input.amount),
    isIncome: input.isIncome,
    frequency: input.frequency,
    startDate: input.startDate,
    ...(input.accountId === undefined ? {} : { accountId: input.accountId }),
    ...(input.interval === undefined ? {} : { interval: input.interval }),
    ...(input.endDate === undefined ? {} : { endDate: input.endDate }),
    ...(input.note === undefined ? {} : { note: input.note }),
  };
}

/**
 * The (household, account) foreign key refuses an account that is not the household's: a 404,
 * like any other id of someone else's. An end before a kept start date is the database's check: a 400.
 */
async function checked<T>(accountId: string | null | undefined, write: () => Promise<T>) {
  if (accountId && !isId(accountId)) throw accountNotFound();
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error, 'recurring_rules_account_fk')) throw accountNotFound();
    if (isCheckViolation(error, 'recurring_rules_end_after_start')) {
      throw badRequest(RECURRING_MESSAGES.endBeforeStart, ErrorCode.VALIDATION);
    }
    throw error;
  }
}

type Owner = Pick<UserRow, 'id' | 'timeZone'>;

export interface RecurringServiceOptions {
  /** Records the occurrences a new or edited rule has due at once. */
  transactions: TransactionsService;
  /** The clock that decides "today" (the owner's date in their time zone). */
  now?: (() => Date) | undefined;
}

export function createRecurringService(db: Database, options: RecurringServiceOptions) {
  const { transactions } = options;
  const now = options.now ?? (() => new Date());
  const recurringRules = createRecurringRepository(db);

  return {
    async list(householdId: HouseholdId): Promise<Recurring[]> {
      return (await recurringRules.list(householdId)).map(toRecurringDto);
    },

    /** Creates the rule and, in the same DB transaction, records its occurrences up to today. */
    async create(
      householdId: HouseholdId,
      owner: Owner,
      input: ValidRecurringInput,
    ): Promise<Recurring> {
      return checked(input.accountId, () =>
        db.transaction(async (tx) => {
          const values = toValues(input);
          // Without one, the first account: named, so that the rule says where it goes.
          values.accountId ??= (await createAccountsReader(tx).defaultId(householdId)) ?? null;
          const author = { householdId, userId: owner.id };
          const rule = await createRecurringRepository(tx).insert(author, values);
          await rememberCategories(tx, [
            { ...author, name: input.category, isIncome: input.isIncome },
          ]);
          return toRecurringDto(
            await catchUpRecurringRule(tx, rule, todayIn(owner.timeZone, now()), transactions),
          );
        }),
      );
    },

    /**
     * Updates the rule, then records the occurrences from its start date up to today that do
     * not exist yet (dates already recorded are skipped by the unique index) and recomputes
     * the next due date. Transactions recorded before stay as they are.
     */
    async update(
      householdId: HouseholdId,
      owner: Owner,
      id: string,
      input: ValidRecurringInput,
    ): Promise<Recurring> {
      if (!isId(id)) throw recurringNotFound();
      return checked(input.accountId, () =>
        db.transaction(async (tx) => {
          const values = toValues(input);
          if (values.accountId === null) {
            values.accountId = (await createAccountsReader(tx).defaultId(householdId)) ?? null;
          }
          const rule = await createRecurringRepository(tx).update(householdId, id, values);
          if (!rule) throw recurringNotFound();
          await rememberCategories(tx, [
            { householdId, userId: owner.id, name: input.category, isIncome: input.isIncome },
          ]);
          return toRecurringDto(
            await catchUpRecurringRule(tx, rule, todayIn(owner.timeZone, now()), transactions),
          );
        }),
      );
    },

    /**
     * The occurrences of the household's rules from tomorrow to `days` days ahead (in the user's zone),
     * oldest first: what is still to be recorded (today's are recorded already).
     */
    async upcoming(
      householdId: HouseholdId,
      owner: Owner,
      days: number,
    ): Promise<UpcomingOccurrence[]> {
      const today = todayIn(owner.timeZone, now());
      const last = addDays(today, days);
      const occurrences: UpcomingOccurrence[] = [];
      for (const rule of await recurringRules.listRunning(householdId)) {
        const from = rule.nextDueDate > today ? rule.nextDueDate : addDays(today, 1);
        const to = rule.endDate && rule.endDate < last ? rule.endDate : last;
        for (const date of occurrencesBetween(rule, from, to, MAX_UPCOMING_PER_RULE)) {
          occurrences.push({
            recurringId: rule.id,
            name: rule.name,
            amount: fromStoredHundredths(rule.amountCents),
            isIncome: rule.isIncome,
            accountId: rule.accountId,
            date,
          });
        }
      }
      return occurrences.sort(
        (a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || a.name.localeCompare(b.name),
      );
    },

    /** Deletes the rule; the transactions it recorded stay (their recurringId becomes null). */
    async remove(householdId: HouseholdId, id: string): Promise<void> {
      if (!isId(id) || !(await recurringRules.delete(householdId, id))) throw recurringNotFound();
    },

    /**
     * A category renamed, merged or deleted: its rules of the given kinds move to `to`, in the
     * caller's transaction. Answers how many moved.
     */
    moveCategory(
      tx: Executor,
      householdId: HouseholdId,
      change: { from: string; to: string; kinds: boolean[] },
    ): Promise<number> {
      return createRecurringRepository(tx).moveCategory(
        householdId,
        change.from,
        change.to,
        change.kinds,
      );
    },
  };
}

export type RecurringService = ReturnType<typeof createRecurringService>;
