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
import { rememberCategory } from '../categories/remember-category';
import type { TransactionsService } from '../transactions/transactions-service';
import { toRecurringDto } from './recurring-dto';
import { catchUpRecurringRule } from './recurring-engine';
import { createRecurringRepository, type RecurringRuleValues } from './recurring-repository';
import { defaultHouseholdOf } from '../households/default-household';

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
 * The (user, account) foreign key refuses an account that is not the user's: a 404, like any
 * other id of someone else's. An end before a kept start date is the database's check: a 400.
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
    async list(userId: string): Promise<Recurring[]> {
      return (await recurringRules.list(userId)).map(toRecurringDto);
    },

    /** Creates the rule and, in the same DB transaction, records its occurrences up to today. */
    async create(owner: Owner, input: ValidRecurringInput): Promise<Recurring> {
      return checked(input.accountId, () =>
        db.transaction(async (tx) => {
          const values = toValues(input);
          // Without one, the first account: named, so that the rule says where it goes.
          values.accountId ??=
            (await createAccountsReader(tx).defaultId(
              (await defaultHouseholdOf(tx, owner.id)).id,
            )) ?? null;
          const rule = await createRecurringRepository(tx).insert(owner.id, values);
          await rememberCategory(tx, owner.id, input.category, input.isIncome);
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
    async update(owner: Owner, id: string, input: ValidRecurringInput): Promise<Recurring> {
      if (!isId(id)) throw recurringNotFound();
      return checked(input.accountId, () =>
        db.transaction(async (tx) => {
          const values = toValues(input);
          if (values.accountId === null) {
            values.accountId =
              (await createAccountsReader(tx).defaultId(
                (await defaultHouseholdOf(tx, owner.id)).id,
              )) ?? null;
          }
          const rule = await createRecurringRepository(tx).update(owner.id, id, values);
          if (!rule) throw recurringNotFound();
          await rememberCategory(tx, owner.id, input.category, input.isIncome);
          return toRecurringDto(
            await catchUpRecurringRule(tx, rule, todayIn(owner.timeZone, now()), transactions),
          );
        }),
      );
    },

    /**
     * The occurrences of the user's rules from tomorrow to `days` days ahead (in the user's zone),
     * oldest first: what is still to be recorded (today's are recorded already).
     */
    async upcoming(owner: Owner, days: number): Promise<UpcomingOccurrence[]> {
      const today = todayIn(owner.timeZone, now());
      const last = addDays(today, days);
      const occurrences: UpcomingOccurrence[] = [];
      for (const rule of await recurringRules.listRunning(owner.id)) {
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
    async remove(userId: string, id: string): Promise<void> {
      if (!isId(id) || !(await recurringRules.delete(userId, id))) throw recurringNotFound();
    },

    /**
     * A category renamed, merged or deleted: its rules of the given kinds move to `to`, in the
     * caller's transaction. Answers how many moved.
     */
    moveCategory(
      tx: Executor,
      userId: string,
      change: { from: string; to: string; kinds: boolean[] },
    ): Promise<number> {
      return createRecurringRepository(tx).moveCategory(
        userId,
        change.from,
        change.to,
        change.kinds,
      );
    },
  };
}

export type RecurringService = ReturnType<typeof createRecurringService>;
