/**
 * Transfers as legs of the list with transfers (docs/transfers.md): each transfer is a leg out
 * of one account (an expense's direction, on its date) and a leg into the other (an income's,
 * on the day it arrived). Reads only.
 */
import { type RateSource, type TransactionFilters } from '@moneta/shared';
import { sql, type SQL } from 'drizzle-orm';
import { convertedCents, rowRate } from '../../db/base-amount-sql';
import type { Executor } from '../../db/database';
import { SAME_CURRENCY, type BaseAmount } from './base-amounts-repository';
import { likePattern } from './list-filters';
import type { HouseholdId } from '../households/household-id';

/** One side of a transfer as the list with transfers shows it. */
export interface TransferLeg {
  transferId: string;
  /** true: the leg into `accountId`; false: the leg out of it. */
  isIncome: boolean;
  accountId: string;
  otherAccountId: string;
  date: string;
  /** In `currency`, the leg's account's. */
  amountCents: number;
  currency: string;
  /** The leg in the base currency (see BaseAmount). */
  baseAmount: BaseAmount;
  note: string | null;
  importId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function createTransferLegsRepository(db: Executor) {
  return {
    /**
     * The transfer legs the filters select, the first `count` in list order, and how many there
     * are. A category filter selects none (a transfer has no category); a search looks in the
     * note.
     */
    async legs(
      householdId: HouseholdId,
      base: string,
      filters: Partial<TransactionFilters>,
      count: number,
    ): Promise<{ legs: TransferLeg[]; total: number }> {
      if (filters.category) return { legs: [], total: 0 };
      const conditions: SQL[] = [];
      if (filters.search)
        conditions.push(sql`lower(coalesce(note, '')) LIKE ${likePattern(filters.search)}`);
      if (filters.isIncome !== undefined) conditions.push(sql`is_income = ${filters.isIncome}`);
      if (filters.startDate) conditions.push(sql`day >= ${filters.startDate}::date`);
      if (filters.endDate) conditions.push(sql`day <= ${filters.endDate}::date`);
      if (filters.accountId) conditions.push(sql`account_id = ${filters.accountId}::uuid`);
      if (filters.createdBy) conditions.push(sql`created_by = ${filters.createdBy}::uuid`);
      const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
      const result = await db.execute<{
        transfer_id: string;
        is_income: boolean;
        account_id: string;
        other_account_id: string;
        day: string;
        amount_cents: string | number;
        currency: string;
        base_cents: string | number | null;
        rate: string | null;
        rate_date: string | null;
        source: RateSource | null;
        note: string | null;
        import_id: string | null;
        created_at: string;
        updated_at: string;
        total: number;
      }>(sql`
        WITH legs AS (
          SELECT id AS transfer_id, false AS is_income, from_account_id AS account_id,
            to_account_id AS other_account_id, date AS day, amount_cents, note,
            from_import_id AS import_id, created_at, updated_at, created_by
          FROM transfers WHERE household_id = ${householdId}
          UNION ALL
          SELECT id, true, to_account_id, from_account_id, coalesce(to_date, date),
            coalesce(to_amount_cents, amount_cents), note, to_import_id, created_at, updated_at,
            created_by
          FROM transfers WHERE household_id = ${householdId}
        ), page AS (
          SELECT transfer_id, is_income, account_id, other_account_id, day, amount_cents, note,
            import_id, created_at, updated_at, count(*) OVER ()::int AS total
          FROM legs ${where}
          ORDER BY day DESC, created_at DESC, transfer_id DESC, is_income
          LIMIT ${count}
        )
        SELECT page.transfer_id, page.is_income, page.account_id, page.other_account_id,
          page.day::text AS day, page.amount_cents, a.currency,
          ${convertedCents(sql`page.amount_cents`, sql`r.rate`, base)} AS base_cents,
          r.rate, r.rate_date::text AS rate_date, r.source, page.note, page.import_id,
          page.created_at, page.updated_at, page.total
        FROM page JOIN accounts AS a ON a.id = page.account_id
        LEFT JOIN LATERAL ${rowRate(
          { householdId: sql`a.household_id`, currency: sql`a.currency`, day: sql`page.day` },
          base,
        )} AS r ON true
        ORDER BY page.day DESC, page.created_at DESC, page.transfer_id DESC, page.is_income`);
      return {
        legs: result.rows.map((row) => ({
          transferId: row.transfer_id,
          isIncome: row.is_income,
          accountId: row.account_id,
          otherAccountId: row.other_account_id,
          date: row.day,
          amountCents: Number(row.amount_cents),
          currency: row.currency,
          baseAmount:
            row.currency === base
              ? SAME_CURRENCY
              : {
                  baseCents: row.base_cents === null ? null : Number(row.base_cents),
                  rate: row.rate === null ? null : Number(row.rate),
                  rateDate: row.rate_date,
                  source: row.source ?? 'none',
                },
          note: row.note,
          importId: row.import_id,
          createdAt: new Date(row.created_at),
          updatedAt: new Date(row.updated_at),
        })),
        total: result.rows[0]?.total ?? 0,
      };
    },
  };
}
