// `npm run bench:rates`: the ECB's full history (eurofxref-hist.zip, 1999–2026, ../shared/rates)
// loaded by the rates loader into an empty table, through its real path: downloaded from a
// local HTTP server, unzipped, parsed, checked and stored in one transaction. Then the same
// file again (the daily run: nothing new), and, in the same run, the raw ceiling: the same
// rows COPYed from a file into the same empty table (same key and checks).
//
// Embedded PostgreSQL in a temporary directory, default settings (synchronous commit on).
// Environment: BENCH_RATES_ROUNDS (3): each figure is the best of that many rounds.
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/database';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { runMigrations } from '../src/db/migrate';
import { readEcbFile } from '../src/domains/rates/ecb-file';
import { createRatesLoader, type RatesLoadResult } from '../src/domains/rates/rates-loader';
import { HISTORY_ZIP, startRatesFileServer } from '../test/support/rates-server';

const ROUNDS = Number(process.env.BENCH_RATES_ROUNDS ?? 3);
/**
 * The target (docs/benchmarks.md, Exchange rates) for the 27 years of history, on the 2-core
 * development machine.
 */
const TARGET_SECONDS = 5;

const quiet = {
  info: () => undefined,
  warn: (message: string) => console.warn(message),
  debug: () => undefined,
};

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'moneta-bench-rates-'));
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres(dataDir, quiet);
  const database = openDatabase(embedded.url, { maxConnections: 2 });
  const files = await startRatesFileServer();
  const failures: string[] = [];
  const logger = {
    info: () => undefined,
    warn: (object: object) => void failures.push(JSON.stringify(object)),
  };
  try {
    await runMigrations(database.pool);
    const loader = createRatesLoader(database.db, { url: files.url('eurofxref-hist.zip'), logger });
    const timed = async <T>(work: () => Promise<T>) => {
      const started = performance.now();
      const result = await work();
      return { result, seconds: (performance.now() - started) / 1000 };
    };

    // The rows in COPY's CSV form, for the ceiling.
    const rates = readEcbFile(readFileSync(HISTORY_ZIP));
    const copyFile = join(dataDir, 'rates.csv');
    await writeFile(
      copyFile,
      rates.currencies
        .map((currency, index) => `${currency},${rates.dates[index]},${rates.rates[index]}\n`)
        .join(''),
    );
    await chmod(copyFile, 0o644);

    const best = { parse: Infinity, first: Infinity, again: Infinity, copy: Infinity };
    let loaded: Extract<RatesLoadResult, { status: 'loaded' }> | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      await database.pool.query('TRUNCATE exchange_rates');
      best.parse = Math.min(
        best.parse,
        (await timed(async () => readEcbFile(readFileSync(HISTORY_ZIP)))).seconds,
      );
      const first = await timed(() => loader.load());
      if (first.result.status !== 'loaded') throw new Error(`load failed: ${failures.join('; ')}`);
      loaded = first.result;
      best.first = Math.min(best.first, first.seconds);
      const again = await timed(() => loader.load());
      best.again = Math.min(best.again, again.seconds);

      await database.pool.query('TRUNCATE exchange_rates');
      const copy = await timed(() =>
        database.pool.query(
          `COPY exchange_rates (currency, date, rate) FROM '${copyFile}' WITH (FORMAT csv)`,
        ),
      );
      best.copy = Math.min(best.copy, copy.seconds);
      console.log(
        `round ${round + 1}: load ${first.seconds.toFixed(2)} s, again ${again.seconds.toFixed(2)} s, COPY ${copy.seconds.toFixed(2)} s`,
      );
    }

    const rows = loaded!.rates.toLocaleString('en-US');
    const verdict = best.first <= TARGET_SECONDS ? 'met' : 'MISSED';
    console.log(`
| step (best of ${ROUNDS}) | seconds |
|---|---|
| load of eurofxref-hist.zip into an empty table (${rows} rates: download, unzip, parse, store) | ${best.first.toFixed(2)} (≤ ${TARGET_SECONDS} s: ${verdict}) |
| of which unzip + parse + check (no database) | ${best.parse.toFixed(2)} |
| the same file again (daily run, nothing new) | ${best.again.toFixed(2)} |
| COPY of the same rows from a file into the empty table (ceiling) | ${best.copy.toFixed(2)} |

Load ÷ COPY: ${(best.first / best.copy).toFixed(1)}×. Machine: ${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}.`);
  } finally {
    await files.close();
    await database.close();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
