import type { DatabaseHandle } from '../../src/db/database';
import { createRatesLoader } from '../../src/domains/rates/rates-loader';
import { startRatesFileServer } from '../../test/support/rates-server';

/**
 * The ECB's history (../shared/rates/eurofxref-hist.zip, to 2026-04-13) loaded through the real
 * loader, then carried on to `today` with each currency's last rate on every weekday after it,
 * so that every seeded transaction in a foreign currency has a rate of its day, as it would on a
 * server that loads the daily file. Skipped when the table holds rates already (a kept database).
 */
export async function loadBenchRates(database: DatabaseHandle, today: string): Promise<void> {
  const { rows } = await database.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM exchange_rates',
  );
  if (rows[0]!.count > 0) return;
  const files = await startRatesFileServer();
  try {
    const result = await createRatesLoader(database.db, {
      url: files.url('eurofxref-hist.zip'),
      logger: { info: () => undefined, warn: (object) => console.warn(object) },
    }).load();
    if (result.status !== 'loaded') throw new Error(`rates not loaded: ${JSON.stringify(result)}`);
  } finally {
    await files.close();
  }
  await database.pool.query(
    `INSERT INTO exchange_rates (currency, date, rate)
     SELECT last.currency, day::date, last.rate
     FROM (
       SELECT DISTINCT ON (currency) currency, date, rate FROM exchange_rates
       ORDER BY currency, date DESC
     ) AS last
     CROSS JOIN generate_series(last.date + 1, $1::date, interval '1 day') AS day
     WHERE extract(isodow FROM day) < 6 AND last.date >= DATE '2026-01-01'`,
    [today],
  );
  await database.pool.query('VACUUM ANALYZE exchange_rates');
}
