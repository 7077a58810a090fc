import {
  ErrorCode,
  fromStoredHundredths,
  GOAL_MESSAGES,
  goalProgress,
  todayIn,
  toStoredHundredths,
  type Goal,
  type ValidGoalInput,
} from '@moneta/shared';
import type { Database } from '../../db/database';
import type { GoalRow, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import { accountNotFound } from '../accounts/accounts-service';
import { createAccountsReader } from '../accounts/accounts-reader';
import { assertCurrencyDecimals } from '../rates/currency-rules';
import { createGoalsRepository, type GoalValues } from './goals-repository';
import { defaultHouseholdOf } from '../households/default-household';

const goalNotFound = () => notFound('Goal not found.', ErrorCode.GOAL_NOT_FOUND);

/** Who reads: a new goal's currency defaults to their base currency; "today" is in their zone. */
type Reader = Pick<UserRow, 'id' | 'defaultCurrency' | 'timeZone'>;

/**
 * The goal as the API shows it. `savedCents` is the linked account's balance in the goal's
 * currency (null: no rate between the two), or what the user recorded.
 */
function toGoalDto(row: GoalRow, savedCents: number | null, today: string): Goal {
  const progress =
    savedCents === null
      ? null
      : goalProgress({
          targetCents: row.targetCents,
          savedCents,
          currency: row.currency,
          targetDate: row.targetDate,
          today,
        });
  return {
    _id: row.id,
    name: row.name,
    targetAmount: fromStoredHundredths(row.targetCents),
    currency: row.currency,
    targetDate: row.targetDate,
    accountId: row.accountId,
    saved: savedCents === null ? null : fromStoredHundredths(savedCents),
    percent: progress?.percent ?? null,
    monthlyNeeded:
      progress?.monthlyNeededCents === null || progress === null
        ? null
        : fromStoredHundredths(progress.monthlyNeededCents),
  };
}

export function createGoalsService(db: Database, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const goals = createGoalsRepository(db);
  const accounts = createAccountsReader(db);

  /**
   * What each goal has saved: the linked account's balance converted into the goal's currency
   * at the latest rate known (the account list once per currency among the goals), or what the
   * user recorded.
   */
  async function withSaved(reader: Reader, rows: GoalRow[]): Promise<Goal[]> {
    const balances = new Map<string, number | null>();
    const currencies = new Set(rows.filter((row) => row.accountId).map((row) => row.currency));
    for (const currency of currencies) {
      const household = await defaultHouseholdOf(db, reader.id);
      for (const account of await accounts.list(household.id, currency)) {
        balances.set(`${account.id}|${currency}`, account.baseBalanceCents);
      }
    }
    const today = todayIn(reader.timeZone, now());
    return rows.map((row) =>
      toGoalDto(
        row,
        row.accountId ? (balances.get(`${row.accountId}|${row.currency}`) ?? null) : row.savedCents,
        today,
      ),
    );
  }

  /** The stored values of the input, checked: the account is the user's, the date not past. */
  async function toValues(
    reader: Reader,
    input: ValidGoalInput,
    stored?: GoalRow,
  ): Promise<GoalValues> {
    const accountId = input.accountId === undefined ? (stored?.accountId ?? null) : input.accountId;
    let accountCurrency: string | undefined;
    if (accountId !== null) {
      const account = isId(accountId)
        ? await accounts.find(
            (await defaultHouseholdOf(db, reader.id)).id,
            accountId,
            reader.defaultCurrency,
          )
        : undefined;
      if (!account) throw accountNotFound();
      accountCurrency = account.currency;
    }
    const currency =
      input.currency ?? stored?.currency ?? accountCurrency ?? reader.defaultCurrency;
    assertCurrencyDecimals(input.targetAmount, currency, 'The target amount');
    if (input.saved !== undefined)
      assertCurrencyDecimals(input.saved, currency, 'The amount saved');
    const targetDate =
      input.targetDate === undefined ? (stored?.targetDate ?? null) : input.targetDate;
    // A goal whose date has passed can still be renamed; a new date must not be in the past.
    if (targetDate !== null && targetDate !== stored?.targetDate) {
      if (targetDate < todayIn(reader.timeZone, now())) {
        throw badRequest(GOAL_MESSAGES.targetDatePast, ErrorCode.GOAL_DATE_PAST);
      }
    }
    return {
      name: input.name,
      targetCents: toStoredHundredths(input.targetAmount),
      currency,
      targetDate,
      accountId,
      savedCents:
        input.saved === undefined ? (stored?.savedCents ?? 0) : toStoredHundredths(input.saved),
    };
  }

  return {
    async list(reader: Reader): Promise<Goal[]> {
      return withSaved(reader, await goals.list(reader.id));
    },

    async create(reader: Reader, input: ValidGoalInput): Promise<Goal> {
      const row = await goals.insert(reader.id, await toValues(reader, input));
      const [goal] = await withSaved(reader, [row]);
      return goal!;
    },

    /** Fields left out keep their stored values; null clears the date or the account. */
    async update(reader: Reader, id: string, input: ValidGoalInput): Promise<Goal> {
      if (!isId(id)) throw goalNotFound();
      const stored = await goals.find(reader.id, id);
      if (!stored) throw goalNotFound();
      const row = await goals.update(reader.id, id, await toValues(reader, input, stored));
      if (!row) throw goalNotFound();
      const [goal] = await withSaved(reader, [row]);
      return goal!;
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!isId(id) || !(await goals.delete(userId, id))) throw goalNotFound();
    },
  };
}

export type GoalsService = ReturnType<typeof createGoalsService>;
