// `npm run bench:import`: the built server with its embedded PostgreSQL, on 127.0.0.1 only.
// Generates a bank CSV of 100,000 rows (about 8 MB), uploads it (upload → preview), commits it,
// and imports it a second time (every row a duplicate, nothing created), sampling the server's
// resident memory all along. In the same run, a COPY of the same rows into the transactions
// table (same indexes, same triggers, and the same columns the commit fills: the note, which
// the mapping reads from the Reference column, and an import id) gives the ceiling a commit
// is compared with.
//
// Environment: BENCH_IMPORT_ROWS (100000).
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import {
  api,
  buildServerBundle,
  embeddedDatabaseUrl,
  freeLoopbackPort,
  signUpOver,
  startMonetaServer,
  type MonetaServer,
} from '../test/support/moneta-server';
import { rssMb, sampleRss } from './lib/load';
import { random } from './lib/seed-transactions';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);

/** The import's targets (docs/benchmarks.md, Import), on the 2-core development machine. */
const TARGETS = { previewSeconds: 5, commitSeconds: 10, rssGrowthMb: 100 };

const MERCHANTS = [
  'STARBUCKS STORE',
  'WHOLE FOODS MARKET',
  'TRADER JOE S',
  'SHELL OIL',
  'CHEVRON',
  'UBER TRIP',
  'LYFT RIDE',
  'NETFLIX.COM',
  'SPOTIFY USA',
  'AMAZON MKTPLACE PMTS',
  'TARGET',
  'WALMART SUPERCENTER',
  'COSTCO WHSE',
  'CVS PHARMACY',
  'WALGREENS',
  'HOME DEPOT',
  'IKEA',
  'APPLE.COM/BILL',
  'COMCAST CABLE',
  'T-MOBILE',
  'PG&E WEB ONLINE',
  'CITY WATER DEPT',
  'CHIPOTLE',
  'MCDONALD S',
  'SUBWAY',
  'PANERA BREAD',
  'BLUE BOTTLE COFFEE',
  'SAFEWAY',
  'KROGER',
  'BEST BUY',
];
const CITIES = ['SEATTLE WA', 'PORTLAND OR', 'OAKLAND CA', 'AUSTIN TX', 'DENVER CO', 'BOSTON MA'];
const INCOMES = [
  'ACME CORP PAYROLL PPD',
  'ZELLE FROM JANE DOE',
  'INTEREST PAYMENT',
  'VENMO CASHOUT',
];

interface BenchRow {
  date: string;
  name: string;
  cents: number;
}

/** Three years of a busy account, oldest first: shops in several cities, a few incomes. */
function generateRows(count: number): BenchRow[] {
  const next = random(14);
  const start = Date.UTC(2023, 0, 1);
  const rows: BenchRow[] = [];
  for (let i = 0; i < count; i++) {
    const day = new Date(start + Math.floor((i / count) * 3 * 365) * 86_400_000);
    const date = day.toISOString().slice(0, 10);
    const isIncome = next() < 0.06;
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const name = isIncome
      ? pick(INCOMES)
      : `${pick(MERCHANTS)} #${1000 + Math.floor(next() * 60)} ${pick(CITIES)}`;
    const cents = Math.round(
      (isIncome ? 50_000 + next() * 250_000 : 100 + next() * 15_000) * (isIncome ? 1 : -1),
    );
    rows.push({ date, name, cents });
  }
  return rows;
}

/** The bank's reference of the row at `index`: the import reads it as the note. */
const referenceOf = (row: BenchRow, index: number) =>
  `POS ${row.date.replaceAll('-', '')}${String(index).padStart(7, '0')}`;

/** The rows as a US bank's CSV: MM/DD/YYYY, one signed amount, a running balance, a reference. */
function toBankCsv(rows: BenchRow[]): Buffer {
  let balance = 1_000_000;
  const lines = ['Posting Date,Description,Amount,Balance,Reference'];
  for (const [index, row] of rows.entries()) {
    balance += row.cents;
    const [year, month, day] = row.date.split('-');
    lines.push(
      `${month}/${day}/${year},"${row.name}",${(row.cents / 100).toFixed(2)},${(balance / 100).toFixed(2)},${referenceOf(row, index)}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/**
 * The same rows as the transactions the commit creates, in COPY's CSV format: every column
 * the commit fills (the reference as the note, the import's id), so that the COPY pays the
 * same index entries, foreign-key checks and kept counts.
 */
function toCopyCsv(
  rows: BenchRow[],
  target: { userId: string; accountId: string; importId: string },
): string {
  const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
  return rows
    .map((row, index) =>
      [
        uuidv7(),
        target.userId,
        quote(row.name),
        row.cents > 0 ? 'Other Income' : 'Miscellaneous',
        Math.abs(row.cents),
        row.date,
        row.cents > 0,
        quote(referenceOf(row, index)),
        target.accountId,
        target.importId,
      ].join(','),
    )
    .join('\n');
}

async function upload(server: MonetaServer, token: string, csv: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'statement.csv');
  const response = await fetch(`${server.baseUrl}/api/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as {
    _id: string;
    rowCount: number;
    counts: { new: number; duplicate: number; problem: number };
    message?: string;
  };
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${body.message}`);
  return body;
}

async function commit(server: MonetaServer, token: string, id: string) {
  const result = await api(server.baseUrl, 'POST', `/api/imports/${id}/commit`, {
    token,
    body: {},
  });
  if (result.status !== 200)
    throw new Error(`commit: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body as { created: number; skippedDuplicates: number };
}

/** Runs `work`, returning its result, its seconds and the server's peak RSS meanwhile. */
/**
 * The median time of a search of the imported transactions (page 1 with its count), over
 * `times` requests after two warm-ups: what the commit's kept search counts are for.
 */
async function searchMs(server: MonetaServer, token: string, term: string, times = 25) {
  const path = `/api/transactions?search=${encodeURIComponent(term)}&page=1&limit=10`;
  const took: number[] = [];
  for (let i = 0; i < times + 2; i++) {
    const started = performance.now();
    const answer = await api(server.baseUrl, 'GET', path, { token });
    if (answer.status !== 200) throw new Error(`search ${term}: ${answer.status}`);
    if (i >= 2) took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return took[Math.floor(took.length / 2)]!;
}

async function measured<T>(server: MonetaServer, work: () => Promise<T>) {
  const stop = sampleRss(server.pid);
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000, peakMb: stop() };
}

async function main() {
  console.log(
    `Moneta import benchmark — a ${ROWS.toLocaleString('en-US')}-row bank CSV; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} on ${cpus().length} cores`,
  );
  const rows = generateRows(ROWS);
  const csv = toBankCsv(rows);
  console.log(`  file: ${(csv.length / 1e6).toFixed(1)} MB`);

  buildServerBundle();
  const dataDir = await mkdtemp(join(tmpdir(), 'moneta-import-bench-'));
  await chmod(dataDir, 0o755);
  // A fixed port: the server is found by /api/health, so it may log warnings only.
  const server = await startMonetaServer(
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    { port: await freeLoopbackPort() },
  );
  const copyFile = join(dataDir, 'copy.csv');
  try {
    // Warm-up: another user (mappings are remembered per user) imports a small file.
    const warmToken = await signUpOver(server.baseUrl, 'warm-up@moneta.dev');
    const warm = await upload(server, warmToken, toBankCsv(rows.slice(0, 500)));
    await commit(server, warmToken, warm._id);
    const token = await signUpOver(server.baseUrl, 'importer@moneta.dev');
    // An American user: a date that reads both ways is month first, as the bank writes it.
    await api(server.baseUrl, 'PUT', '/api/auth/setup', {
      token,
      body: { defaultCurrency: 'USD', timeZone: 'America/New_York' },
    });
    const idleMb = rssMb(server.pid);

    const first = await measured(server, () => upload(server, token, csv));
    console.log(
      `  upload → preview: ${first.seconds.toFixed(2)} s (${JSON.stringify(first.result.counts)})`,
    );
    const committed = await measured(server, () => commit(server, token, first.result._id));
    console.log(
      `  commit: ${committed.seconds.toFixed(2)} s (${committed.result.created} created)`,
    );
    // Searched as a user would a little later: once autovacuum has seen the 100,000 new rows.
    const analysed = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
    await analysed.connect();
    await analysed.query('VACUUM ANALYZE transactions, transaction_search_counts');
    await analysed.end();
    const searches = {
      common: await searchMs(server, token, 'starbucks'),
      rare: await searchMs(server, token, 'pos 20240315'),
    };
    console.log(
      `  search after the commit: common term ${searches.common.toFixed(1)} ms, rare ${searches.rare.toFixed(1)} ms (median)`,
    );
    const second = await measured(server, () => upload(server, token, csv));
    console.log(
      `  re-import → preview: ${second.seconds.toFixed(2)} s (${JSON.stringify(second.result.counts)})`,
    );
    const recommitted = await measured(server, () => commit(server, token, second.result._id));
    console.log(
      `  re-import commit: ${recommitted.seconds.toFixed(2)} s (${recommitted.result.created} created)`,
    );
    const peakMb = Math.max(first.peakMb, committed.peakMb, second.peakMb, recommitted.peakMb);

    // The ceiling: the same rows COPYed into transactions for a third user, in one statement.
    const databaseUrl = await embeddedDatabaseUrl(dataDir);
    const copyToken = await signUpOver(server.baseUrl, 'copy@moneta.dev');
    const me = (await api(server.baseUrl, 'GET', '/api/auth/me', { token: copyToken })).body as {
      _id: string;
    };
    const accounts = (await api(server.baseUrl, 'GET', '/api/accounts', { token: copyToken }))
      .body as Array<{ _id: string }>;
    // An import of the COPY user's own (a preview of a few rows) for the import id.
    const copyImport = await upload(server, copyToken, toBankCsv(rows.slice(0, 5)));
    await writeFile(
      copyFile,
      toCopyCsv(rows, { userId: me._id, accountId: accounts[0]!._id, importId: copyImport._id }),
    );
    await chmod(copyFile, 0o644);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let copySeconds: number;
    try {
      const started = performance.now();
      await client.query(
        `COPY transactions (id, user_id, name, category, cost_cents, added_on, is_income, note,
           account_id, import_id)
         FROM '${copyFile}' WITH (FORMAT csv)`,
      );
      copySeconds = (performance.now() - started) / 1000;
    } finally {
      await client.end();
    }

    const verdict = (value: number, limit: number) => (value <= limit ? 'met' : 'MISSED');
    const growth = peakMb - idleMb;
    console.log(`
| step | seconds | target | server RSS peak MB |
|---|---|---|---|
| upload → preview (${ROWS.toLocaleString('en-US')} rows, ${(csv.length / 1e6).toFixed(1)} MB) | ${first.seconds.toFixed(2)} | ≤ ${TARGETS.previewSeconds} s: ${verdict(first.seconds, TARGETS.previewSeconds)} | ${Math.round(first.peakMb)} |
| commit (${committed.result.created.toLocaleString('en-US')} created) | ${committed.seconds.toFixed(2)} | ≤ ${TARGETS.commitSeconds} s: ${verdict(committed.seconds, TARGETS.commitSeconds)} | ${Math.round(committed.peakMb)} |
| re-import → preview (${second.result.counts.duplicate.toLocaleString('en-US')} duplicates) | ${second.seconds.toFixed(2)} | | ${Math.round(second.peakMb)} |
| re-import commit (${recommitted.result.created} created) | ${recommitted.seconds.toFixed(2)} | 0 created: ${recommitted.result.created === 0 ? 'met' : 'MISSED'} | ${Math.round(recommitted.peakMb)} |
| COPY of the same rows into transactions (ceiling) | ${copySeconds.toFixed(2)} | | |

Load average after the run: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(
        ' ',
      )}. Server RSS: ${Math.round(idleMb)} MB before, ${Math.round(peakMb)} MB peak, growth ${Math.round(growth)} MB (≤ ${TARGETS.rssGrowthMb} MB: ${verdict(growth, TARGETS.rssGrowthMb)}). Commit ÷ COPY: ${(committed.seconds / copySeconds).toFixed(1)}×.`);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
