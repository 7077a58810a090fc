// The kept ECB days (exchange_rate_days): the migration fills them from the rates a database
// already holds, the triggers on exchange_rates keep them through every kind of change, and the
// rate lookup and the totals' join on them give what a backward search of the rates gives.
import { RATE_LOOKBACK_DAYS } from '@moneta/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../src/db/migrate';
import { createMigrationDatabase } from '../../support/migration-database';

const MIGRATION = '0022_exchange_rate_days';

let migration: Awaited<ReturnType<typeof createMigrationDatabase>>;
let pool: pg.Pool;

beforeAll(async () => {
  migration = await createMigrationDatabase();
  pool = new pg.Pool({ connectionString: migration.url, max: 2 });
});

afterAll(async () => {
  await pool.end();
  await migration.drop();
});

interface Rate {
  currency: string;
  date: string;
  rate: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * What the kept days must hold for `rates`, worked out here from the rule itself: every day from
 * a currency's first rate to RATE_LOOKBACK_DAYS after its last, with the latest rate at most that
 * old; no row for a day with none.
 */
function expectedDays(rates: Rate[]): string[] {
  const byCurrency = new Map<string, Map<number, string>>();
  for (const rate of rates) {
    const days = byCurrency.get(rate.currency) ?? new Map<number, string>();
    days.set(dayNumber(rate.date), rate.rate);
    byCurrency.set(rate.currency, days);
  }
  const rows: string[] = [];
  for (const [currency, days] of byCurrency) {
    const known = [...days.keys()];
    const [first, last] = [Math.min(...known), Math.max(...known)];
    for (let day = first; day <= last + RATE_LOOKBACK_DAYS; day++) {
      for (let back = 0; back <= RATE_LOOKBACK_DAYS; back++) {
        const rate = days.get(day - back);
        if (rate === undefined) continue;
        rows.push(`${currency} ${isoOf(day)} ${rate} ${isoOf(day - back)}`);
        break;
      }
    }
  }
  return rows.sort();
}

async function keptDays(): Promise<string[]> {
  const { rows } = await pool.query<{ row: string }>(
    `SELECT currency || ' ' || day::text || ' ' || rate::text || ' ' || rate_date::text AS row
     FROM exchange_rate_days`,
  );
  return rows.map((row) => row.row).sort();
}

async function storedRates(): Promise<Rate[]> {
  const { rows } = await pool.query<Rate>(
    `SELECT currency, date::text AS date, rate::text AS rate FROM exchange_rates`,
  );
  return rows;
}

/** Weekdays of [from, to] for `currency`, at a rate that moves a little each day. */
function weekdayRates(currency: string, from: string, to: string, start: number): Rate[] {
  const rates: Rate[] = [];
  for (let day = dayNumber(from); day <= dayNumber(to); day++) {
    const weekday = new Date(day * DAY_MS).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    rates.push({ currency, date: isoOf(day), rate: (start + (day % 17) / 1000).toFixed(4) });
  }
  return rates;
}

async function insertRates(rates: Rate[]) {
  await pool.query(
    `INSERT INTO exchange_rates (currency, date, rate)
     SELECT * FROM unnest($1::text[], $2::date[], $3::numeric[])`,
    [rates.map((r) => r.currency), rates.map((r) => r.date), rates.map((r) => r.rate)],
  );
}

describe('exchange_rate_days', () => {
  it('is filled by its migration from the rates already kept, and kept by every change after', async () => {
    await runMigrations(pool, await migration.migrationsBefore(MIGRATION));
    // USD and GBP on weekdays, and a JPY history with a three-week hole (no rate for most of it).
    await insertRates([
      ...weekdayRates('USD', '2026-01-01', '2026-03-31', 1.08),
      ...weekdayRates('GBP', '2026-02-01', '2026-03-31', 0.85),
      ...weekdayRates('JPY', '2026-01-01', '2026-01-20', 160),
      ...weekdayRates('JPY', '2026-02-10', '2026-02-28', 158),
    ]);

    await runMigrations(pool);
    const afterMigration = await keptDays();
    expect(afterMigration.length).toBeGreaterThan(200);
    expect(afterMigration).toEqual(expectedDays(await storedRates()));
    // The hole: nine days after 2026-01-20 (a Tuesday) JPY has no rate until 2026-02-10.
    expect(afterMigration.some((row) => row.startsWith('JPY 2026-01-27 '))).toBe(true);
    expect(afterMigration.some((row) => row.startsWith('JPY 2026-01-28 '))).toBe(false);

    // A later day (the daily file), a correction, a rate filling the hole, and deletions.
    await insertRates(weekdayRates('USD', '2026-04-01', '2026-04-10', 1.1));
    expect(await keptDays()).toEqual(expectedDays(await storedRates()));
    await pool.query(
      `UPDATE exchange_rates SET rate = rate * 2 WHERE currency = 'GBP' AND date = '2026-03-13'`,
    );
    expect(await keptDays()).toEqual(expectedDays(await storedRates()));
    await insertRates([{ currency: 'JPY', date: '2026-02-02', rate: '159.5' }]);
    expect(await keptDays()).toEqual(expectedDays(await storedRates()));
    await pool.query(
      `DELETE FROM exchange_rates WHERE currency = 'USD' AND date BETWEEN '2026-02-02' AND '2026-02-13'`,
    );
    const afterDelete = await keptDays();
    expect(afterDelete).toEqual(expectedDays(await storedRates()));
    expect(afterDelete.some((row) => row.startsWith('USD 2026-02-09 '))).toBe(false);

    // The lookup (and so every converted total) agrees with a backward search of the rates,
    // for every pair through the euro and every day of the span.
    const { rows: disagreements } = await pool.query(
      `WITH pairs AS (
         SELECT f.code AS from_code, t.code AS to_code
         FROM unnest(ARRAY['USD','GBP','JPY','EUR']) AS f(code), unnest(ARRAY['USD','GBP','JPY','EUR']) AS t(code)
         WHERE f.code <> t.code
       ), searched AS (
         SELECT p.from_code, p.to_code, d.day::date AS day,
           trim_scale(
             (CASE WHEN p.to_code = 'EUR' THEN 1::numeric ELSE (SELECT e.rate FROM exchange_rates e
               WHERE e.currency = p.to_code AND e.date <= d.day::date AND e.date >= d.day::date - 7
               ORDER BY e.date DESC LIMIT 1) END)
             / (CASE WHEN p.from_code = 'EUR' THEN 1::numeric ELSE (SELECT e.rate FROM exchange_rates e
               WHERE e.currency = p.from_code AND e.date <= d.day::date AND e.date >= d.day::date - 7
               ORDER BY e.date DESC LIMIT 1) END)) AS rate
         FROM pairs AS p
         CROSS JOIN generate_series(DATE '2025-12-25', DATE '2026-04-20', interval '1 day') AS d(day)
       )
       SELECT s.*, r.rate AS looked_up
       FROM searched AS s
       LEFT JOIN LATERAL moneta_exchange_rate(gen_random_uuid(), s.from_code, s.to_code, s.day, 7) AS r ON true
       WHERE r.rate IS DISTINCT FROM s.rate`,
    );
    expect(disagreements).toEqual([]);

    await pool.query('TRUNCATE exchange_rates');
    expect(await keptDays()).toEqual([]);
  });
});
