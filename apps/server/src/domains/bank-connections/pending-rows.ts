import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { HouseholdId } from '../households/household-id';
import type { TransactionsService } from '../transactions/transactions-service';

/** A booked row a provider sent, by the id its pending version had. */
export interface BookedRow {
  bankId: string;
  date: string;
  /** Integer hundredths, negative for money out. */
  amountCents: number;
}

/**
 * Pending transactions of the account whose booked version has come (same bank id), before
 * the booked rows are imported. One a member changed (`updated_by` set) becomes the booked row
 * in place: the bank's day, amount and kind, its category, name and note kept (parts that no
 * longer add up to a changed amount are dropped, the category staying). One nobody changed is
 * deleted, so that its booked version comes in through the import like any new row (the rules
 * name it from the booked text). Answers how many were booked in place.
 */
export async function bookPendingRows(
  tx: Executor,
  scope: { householdId: HouseholdId; accountId: string },
  booked: BookedRow[],
): Promise<number> {
  if (booked.length === 0) return 0;
  const given = sql`unnest(
      ${sql.param(booked.map((row) => row.bankId))}::text[],
      ${sql.param(booked.map((row) => row.date))}::date[],
      ${sql.param(booked.map((row) => Math.abs(row.amountCents)))}::bigint[],
      ${sql.param(booked.map((row) => row.amountCents > 0))}::boolean[]
    ) AS b(bank_id, day, cents, is_income)`;
  const mine = sql`t.household_id = ${scope.householdId} AND t.account_id = ${scope.accountId}
    AND t.is_pending`;
  await tx.execute(sql`
    DELETE FROM transactions AS t USING ${given}
    WHERE ${mine} AND t.updated_by IS NULL AND t.bank_id = b.bank_id`);
  await tx.execute(sql`
    DELETE FROM transaction_splits AS s USING transactions AS t, ${given}
    WHERE s.transaction_id = t.id AND ${mine} AND t.bank_id = b.bank_id
      AND (t.cost_cents <> b.cents OR t.is_income <> b.is_income)`);
  const updated = await tx.execute(sql`
    UPDATE transactions AS t
    SET is_pending = false, added_on = b.day, cost_cents = b.cents, is_income = b.is_income,
      updated_at = now()
    FROM ${given}
    WHERE ${mine} AND t.bank_id = b.bank_id`);
  return updated.rowCount ?? 0;
}

/** Marks the transactions an import just made from pending rows as pending. */
export async function markPending(
  tx: Executor,
  scope: { householdId: HouseholdId; importId: string },
  bankIds: string[],
): Promise<void> {
  if (bankIds.length === 0) return;
  await tx.execute(sql`
    UPDATE transactions SET is_pending = true
    WHERE household_id = ${scope.householdId} AND import_id = ${scope.importId}
      AND bank_id = ANY(${sql.param(bankIds)}::text[])`);
}

/** A pending row the provider stops sending goes once it is this old, window or not. */
export const CANCELLED_PENDING_DAYS = 10;

/** What a provider's answer says of one Moneta account. */
export interface AnswerOfAccount {
  /** Every row id the provider sent for the bank accounts that feed it. */
  sentIds: string[];
  /** The first day the answer covers (YYYY-MM-DD). */
  windowStart: string;
  today: string;
}

/**
 * Pending transactions of the account, brought by this connection, that the provider no longer
 * sends: cancelled at the bank, they never booked. One goes when the answer's window covers its
 * day (the provider would have sent it), or once it is 10 days old (a window that starts later
 * cannot tell). One nobody changed is deleted; one a member changed goes to the trash with its
 * files, where it can be restored for 30 days. Only an answer that read every bank account
 * feeding this account may be asked. Answers how many went.
 */
export async function dropCancelledPendingRows(
  tx: Executor,
  trash: Pick<TransactionsService, 'removeMany'>,
  scope: { householdId: HouseholdId; accountId: string; connectionId: string },
  answer: AnswerOfAccount,
): Promise<number> {
  const gone = await tx.execute<{ id: string; is_changed: boolean }>(sql`
    SELECT t.id, t.updated_by IS NOT NULL AS is_changed
    FROM transactions AS t JOIN imports AS i ON i.id = t.import_id
    WHERE t.household_id = ${scope.householdId} AND t.account_id = ${scope.accountId}
      AND t.is_pending AND i.connection_id = ${scope.connectionId} AND t.bank_id IS NOT NULL
      AND t.bank_id <> ALL(${sql.param(answer.sentIds)}::text[])
      AND (t.added_on >= ${answer.windowStart}::date
        OR t.added_on <= ${answer.today}::date - ${CANCELLED_PENDING_DAYS}::int)`);
  const untouched = gone.rows.filter((row) => !row.is_changed).map((row) => row.id);
  const changed = gone.rows.filter((row) => row.is_changed).map((row) => row.id);
  if (untouched.length > 0) {
    await tx.execute(sql`
      DELETE FROM transactions
      WHERE household_id = ${scope.householdId} AND id = ANY(${sql.param(untouched)}::uuid[])`);
  }
  if (changed.length > 0) await trash.removeMany(scope.householdId, changed, { tx });
  return gone.rows.length;
}
