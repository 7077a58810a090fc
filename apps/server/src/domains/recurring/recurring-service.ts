import {
  todayIn,
  toStoredHundredths,
  type Recurring,
  type ValidRecurringInput,
} from '@moneta/shared';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import { rememberCategory } from '../categories/remember-category';
import { toRecurringDto } from './recurring-dto';
import { catchUpRule } from './recurring-engine';
import { createRecurringRepository, type RecurringRuleValues } from './recurring-repository';

const recurringNotFound = () => notFound('Recurring transaction not found.', 'RECURRING_NOT_FOUND');

function toValues(input: ValidRecurringInput): RecurringRuleValues {
  return {
    name: input.name,
    category: input.category,
    amountCents: toStoredHundredths(input.amount),
    isIncome: input.isIncome,
    frequency: input.frequency,
    startDate: input.startDate,
  };
}

type Owner = Pick<UserRow, 'id' | 'timeZone'>;

export interface RecurringServiceOptions {
  /** The clock that decides "today" (the owner's date in their time zone). */
  now?: () => Date;
}

export function createRecurringService(db: Database, options: RecurringServiceOptions = {}) {
  const now = options.now ?? (() => new Date());
  const rules = createRecurringRepository(db);

  return {
    async list(userId: string): Promise<Recurring[]> {
      return (await rules.list(userId)).map(toRecurringDto);
    },

    /** Creates the rule and, in the same DB transaction, records its occurrences up to today. */
    async create(owner: Owner, input: ValidRecurringInput): Promise<Recurring> {
      return db.transaction(async (tx) => {
        const rule = await createRecurringRepository(tx).insert(owner.id, toValues(input));
        await rememberCategory(tx, owner.id, input.category, input.isIncome);
        return toRecurringDto(await catchUpRule(tx, rule, todayIn(owner.timeZone, now())));
      });
    },

    /**
     * Updates the rule, then records the occurrences from its start date up to today that do
     * not exist yet (dates already recorded are skipped by the unique index) and recomputes
     * the next due date. Transactions recorded before stay as they are.
     */
    async update(owner: Owner, id: string, input: ValidRecurringInput): Promise<Recurring> {
      if (!isId(id)) throw recurringNotFound();
      return db.transaction(async (tx) => {
        const rule = await createRecurringRepository(tx).update(owner.id, id, toValues(input));
        if (!rule) throw recurringNotFound();
        await rememberCategory(tx, owner.id, input.category, input.isIncome);
        return toRecurringDto(await catchUpRule(tx, rule, todayIn(owner.timeZone, now())));
      });
    },

    /** Deletes the rule; the transactions it recorded stay (their recurringId becomes null). */
    async remove(userId: string, id: string): Promise<void> {
      if (!isId(id) || !(await rules.delete(userId, id))) throw recurringNotFound();
    },
  };
}

export type RecurringService = ReturnType<typeof createRecurringService>;
