import type { RateSource } from '@moneta/shared';
import { sql } from 'drizzle-orm';
import { convertedCents, transactionRate } from '../../db/base-amount-sql';
import type { Executor } from '../../db/database';

/** A transaction's amount in the base currency, and the rate that gave it. */
export interface BaseAmount {
  /** null: no rate within the lookback (`source` none). */
  baseCents: number | null;
  /** Base units per unit of the transaction's currency. */
  rate: number | null;
  rateDate: string | null;
  source: RateSource;
}

/** A row in the base currency itself. */
export const SAME_CURRENCY: BaseAmount = {
  baseCents: null,
  rate: 1,
  rateDate: null,
  source: 'same',
};

/**
 * The base amounts of transactions in other currencies than the base, one query for a page of
 * them (docs/currencies.md): the bank's charge where it was given in this base currency (rate
 * source `manual`, the rate following from it), else the day's rate (`ecb`, or the user's own:
 * `manual`), else none. Rows in the base currency need no query: their base amount is their cost.
 */
export function createBaseAmountsRepository(db: Executor) {
  return {
    async of(
      userId: string,
      base: string,
      rows: ReadonlyArray<{ id: string; currency: string }>,
    ): Promise<Map<string, BaseAmount>> {
      const ids = rows.filter((row) => row.currency !== base).map((row) => row.id);
      if (ids.length === 0) return new Map();
      const charged = sql`t.base_cost_currency = ${base}::text`;
      const result = await db.execute<{
        id: string;
        base_cents: number | null;
        rate: string | null;
        rate_date: string | null;
        source: RateSource;
      }>(sql`
        SELECT t.id,
          CASE WHEN ${charged} THEN t.base_cost_cents
            ELSE ${convertedCents(sql`t.cost_cents`, sql`r.rate`, base)} END AS base_cents,
          CASE WHEN ${charged} THEN trim_scale(round(t.base_cost_cents::numeric / t.cost_cents, 10))
            ELSE r.rate END AS rate,
          CASE WHEN ${charged} THEN t.added_on ELSE r.rate_date END AS rate_date,
          CASE WHEN ${charged} THEN 'manual' ELSE coalesce(r.source, 'none') END AS source
        FROM transactions AS t
        LEFT JOIN LATERAL ${transactionRate('t', base)} AS r ON true
        WHERE t.user_id = ${userId} AND t.id = ANY(${sql.param(ids)}::uuid[])`);
      return new Map(
        result.rows.map((row) => [
          row.id,
          {
            baseCents: row.base_cents === null ? null : Number(row.base_cents),
            rate: row.rate === null ? null : Number(row.rate),
            rateDate: row.rate_date,
            source: row.source,
          },
        ]),
      );
    },
  };
}
