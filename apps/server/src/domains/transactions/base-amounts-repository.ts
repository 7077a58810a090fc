import type { RateSource } from '@moneta/shared';
import { sql } from 'drizzle-orm';
import { convertedCents, transactionRate } from '../../db/base-amount-sql';
import type { Executor } from '../../db/database';
import { preparedStatement } from '../../db/prepared-statements';
import type { HouseholdId } from '../households/household-id';

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

const placeholder = sql.placeholder;

/**
 * The statement behind `of`, named (prepared-statements.ts): a list page with rows in other
 * currencies runs it on every read, and building it and planning it each time cost more than
 * running it.
 */
function baseAmountsStatement(db: Executor) {
  return preparedStatement(db, 'transaction_base_amounts', (name) => {
    const base = placeholder('base');
    const charged = sql`t.base_cost_currency = ${base}::text`;
    return db
      .select({
        id: sql<string>`t.id`,
        baseCents: sql<string | null>`CASE WHEN ${charged} THEN t.base_cost_cents
          ELSE ${convertedCents(sql`t.cost_cents`, sql`r.rate`, base)} END`,
        rate: sql<string | null>`CASE WHEN ${charged}
          THEN trim_scale(round(t.base_cost_cents::numeric / t.cost_cents, 10)) ELSE r.rate END`,
        rateDate: sql<string | null>`CASE WHEN ${charged} THEN t.added_on ELSE r.rate_date END`,
        source: sql<RateSource>`CASE WHEN ${charged} THEN 'manual'
          ELSE coalesce(r.source, 'none') END`,
      })
      .from(sql`transactions AS t LEFT JOIN LATERAL ${transactionRate('t', base)} AS r ON true`)
      .where(
        sql`t.household_id = ${placeholder('householdId')}::uuid AND t.id = ANY(${placeholder('ids')}::uuid[])`,
      )
      .prepare(name);
  });
}

/**
 * The base amounts of transactions in other currencies than the base, one query for a page of
 * them (docs/currencies.md): the bank's charge where it was given in this base currency (rate
 * source `manual`, the rate following from it), else the day's rate (`ecb`, or the user's own:
 * `manual`), else none. Rows in the base currency need no query: their base amount is their cost.
 */
export function createBaseAmountsRepository(db: Executor) {
  return {
    async of(
      householdId: HouseholdId,
      base: string,
      rows: ReadonlyArray<{ id: string; currency: string }>,
    ): Promise<Map<string, BaseAmount>> {
      const ids = rows.filter((row) => row.currency !== base).map((row) => row.id);
      if (ids.length === 0) return new Map();
      const found = await baseAmountsStatement(db).execute({ householdId, base, ids });
      return new Map(
        found.map((row) => [
          row.id,
          {
            baseCents: row.baseCents === null ? null : Number(row.baseCents),
            rate: row.rate === null ? null : Number(row.rate),
            rateDate: row.rateDate,
            source: row.source,
          },
        ]),
      );
    },
  };
}
