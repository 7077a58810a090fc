import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { EcbRates } from './ecb-file';

/** Rows per INSERT: the full history (about 218,000 rates) is three statements. */
const ROWS_PER_STATEMENT = 100_000;

/** Arbitrary constant naming the advisory lock one instance holds while it stores rates. */
const RATES_LOCK_KEY = 7_305_142_018;

/**
 * A PostgreSQL array literal of values that need no quoting (codes, dates, plain decimals: what
 * ecb-file.ts lets through), sent as one text parameter and cast: one parameter per column
 * whatever the number of rows.
 */
function arrayLiteral(values: string[]): string {
  return `{${values.join(',')}}`;
}

async function hasNoRates(db: Executor): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(
    sql`SELECT NOT EXISTS (SELECT 1 FROM exchange_rates) AS empty`,
  );
  return result.rows[0]?.empty === true;
}

/** The ECB's reference rates (`exchange_rates`): written only by the rates loader. */
export function createEcbRatesRepository(db: Executor) {
  return {
    /**
     * Within a transaction: takes the rates lock unless another instance holds it (then false:
     * that instance is storing the same file).
     */
    async tryLock(): Promise<boolean> {
      const result = await db.execute<{ locked: boolean }>(
        sql`SELECT pg_try_advisory_xact_lock(${RATES_LOCK_KEY}) AS locked`,
      );
      return result.rows[0]?.locked === true;
    },

    /**
     * Adds the rates the table lacks and corrects those the file gives otherwise, one
     * set-based INSERT per batch; a rate stored as the file has it is not touched. Returns how
     * many rows were added or changed.
     */
    async store(rates: EcbRates): Promise<number> {
      // Into an empty table (the first start) a plain INSERT: nothing can conflict while the
      // caller holds the rates lock, and ON CONFLICT's speculative insertion costs about a
      // third more (npm run bench:rates).
      const isEmpty = await hasNoRates(db);
      let written = 0;
      for (let start = 0; start < rates.dates.length; start += ROWS_PER_STATEMENT) {
        const end = start + ROWS_PER_STATEMENT;
        const rows = sql`
          INSERT INTO exchange_rates (currency, date, rate)
          SELECT * FROM unnest(
            ${arrayLiteral(rates.currencies.slice(start, end))}::text[],
            ${arrayLiteral(rates.dates.slice(start, end))}::date[],
            ${arrayLiteral(rates.rates.slice(start, end))}::numeric[]
          )`;
        const result = await db.execute(
          isEmpty
            ? rows
            : sql`${rows} ON CONFLICT (currency, date) DO UPDATE SET rate = EXCLUDED.rate
                  WHERE exchange_rates.rate <> EXCLUDED.rate`,
        );
        written += result.rowCount ?? 0;
      }
      return written;
    },

    /** The newest day with a rate; undefined while none is kept. */
    async newestDate(): Promise<string | undefined> {
      const result = await db.execute<{ newest: string | null }>(
        sql`SELECT max(date)::text AS newest FROM exchange_rates`,
      );
      return result.rows[0]?.newest ?? undefined;
    },
  };
}
