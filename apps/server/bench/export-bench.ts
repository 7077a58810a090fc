// `npm run bench:export`: the export and restore of the heavy user (docs/export-format.md).
//
// Seeds, in a fresh embedded PostgreSQL, one user with 100,000 transactions (bench/lib's seed:
// five accounts, three currencies, weekly transfers, 50 × 24 budgets) and 5,000 receipts whose
// files are small real JPEG and PNG images (sharp, a different colour each, so every file has
// its own SHA-256; one receipt in two is attached to a transaction). Then, against the built
// server in its own process:
//
// - GET /api/export, read to the end as a client does: the seconds, the zip's size, and the
//   server's memory growth — its resident set (VmRSS of /proc/<pid>/status) sampled every 20 ms
//   during the export, peak minus the value just before;
// - POST /api/export/restore of that zip into a new user: the seconds, and the counts checked
//   against the export's manifest;
// - the ceiling: the same rows out of PostgreSQL with nothing else to do (one plain query each
//   for the user's transactions, transfers and receipts with their bytes, read to the end
//   through pg), and the floor of a restore: the same transaction rows copied by PostgreSQL
//   into a scratch table (INSERT … SELECT, no client, no checks).
//
// Targets: export ≤ 30 s with memory growth ≤ 150 MB, restore ≤ 60 s. The figures
// are recorded in docs/benchmarks.md. BENCH_TRANSACTIONS and BENCH_RECEIPTS scale the case
// down for a quick look.
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { createWriteStream, openAsBlob, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { todayIn } from '@moneta/shared';
import pg from 'pg';
import sharp from 'sharp';
import { createHash } from 'node:crypto';
import { openDatabase } from '../src/db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres';
import { runMigrations } from '../src/db/migrate';
import { asHouseholdId } from '../src/domains/households/household-id';
import {
  createReceiptsRepository,
  type NewReceipt,
} from '../src/domains/receipts/receipts-repository';
import { freePort, signInBenchUser, startBenchServer } from './lib/bench-server';
import { seedTransactions } from './lib/seed-transactions';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 5_000);
const TARGETS = { exportSeconds: 30, memoryMb: 150, restoreSeconds: 60 };

const quietLog = {
  info: () => undefined,
  warn: (message: string) => console.warn(message),
  debug: () => undefined,
};

const cleanups: Array<() => Promise<unknown> | unknown> = [];
async function cleanUp() {
  for (const cleanup of cleanups.reverse()) await cleanup();
}

/** VmRSS of a process in MB (0 once it is gone). */
function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return Number(match?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every 20 ms until stopped; returns the peak. */
function sampleRss(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

/**
 * A small real receipt image, JPEG or PNG: noise, so that it neither compresses to nothing nor
 * repeats (each file its own SHA-256), 96 × 128 px — some 4 KB as JPEG, 30 KB as PNG.
 */
async function receiptImage(index: number): Promise<{ bytes: Buffer; mimeType: string }> {
  const image = sharp({
    create: {
      width: 96,
      height: 128,
      channels: 3,
      background: { r: 255, g: 255, b: 255 },
      noise: { type: 'gaussian', mean: 200, sigma: 20 },
    },
  });
  return index % 4 !== 3
    ? { bytes: await image.jpeg({ quality: 80 }).toBuffer(), mimeType: 'image/jpeg' }
    : { bytes: await image.png().toBuffer(), mimeType: 'image/png' };
}

async function seedReceipts(
  database: ReturnType<typeof openDatabase>,
  userId: string,
): Promise<number> {
  const receipts = createReceiptsRepository(database.db);
  // The bench user's data is in the personal household sign-up made them.
  const { rows } = await database.pool.query<{ id: string }>(
    'SELECT default_household_id AS id FROM users WHERE id = $1',
    [userId],
  );
  const owner = { householdId: asHouseholdId(rows[0]!.id), userId };
  let bytes = 0;
  const ids: string[] = [];
  let batch: NewReceipt[] = [];
  for (let index = 0; index < RECEIPTS; index++) {
    const { bytes: content, mimeType } = await receiptImage(index);
    bytes += content.length;
    batch.push({
      fileName: `receipt-${index}.${mimeType === 'image/png' ? 'png' : 'jpg'}`,
      mimeType: mimeType as 'image/png' | 'image/jpeg',
      sizeBytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      content,
      pagePng: null,
      // A reading in the shape the receipt reader stores (what a restore checks it against).
      reading: {
        merchant: 'Coffee Corner',
        amount: 4.5,
        category: 'Food',
        date: '2026-03-14',
        currency: 'EUR',
        confidence: { merchant: 0.9, total: 0.95, date: 0.9, category: 0.6 },
        source: 'ocr',
      },
      shop: null,
    });
    if (batch.length === 200 || index === RECEIPTS - 1) {
      ids.push(...(await receipts.insertMany(owner, batch)));
      batch = [];
    }
  }
  // PNG every fourth: most receipts are phone photos (JPEG).
  // One receipt in two is the receipt of an expense, as an upload leaves it.
  await database.pool.query(
    `UPDATE transactions t SET receipt_id = r.id
     FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM unnest($2::uuid[]) AS id) r,
       (SELECT id, row_number() OVER (ORDER BY added_on DESC, id) AS n FROM transactions
        WHERE user_id = $1 AND NOT is_income LIMIT $3) e
     WHERE t.id = e.id AND e.n = r.n`,
    [userId, ids.filter((_, index) => index % 2 === 0), Math.ceil(RECEIPTS / 2)],
  );
  return bytes;
}

/** Seconds to read each query's rows to the end (their text length counted, nothing kept). */
async function readOutSeconds(
  url: string,
  sqls: string[],
): Promise<{ seconds: number; mb: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  let bytes = 0;
  try {
    for (const sql of sqls) {
      const result = await client.query({ text: sql, rowMode: 'array' });
      for (const row of result.rows as unknown[][]) {
        for (const cell of row) bytes += cell === null ? 0 : String(cell).length;
      }
    }
  } finally {
    await client.end();
  }
  return { seconds: (performance.now() - started) / 1000, mb: bytes / 1e6 };
}

async function main() {
  console.log(
    `Moneta export benchmark — heavy user with ${TRANSACTIONS.toLocaleString('en-US')} transactions and ${RECEIPTS.toLocaleString('en-US')} receipt files`,
  );
  const dataDir = await mkdtemp(join(tmpdir(), 'moneta-export-bench-'));
  await chmod(dataDir, 0o755);
  let embedded: EmbeddedPostgres | undefined = await startEmbeddedPostgres(dataDir, quietLog);
  cleanups.push(async () => {
    await embedded?.stop();
    embedded = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });
  const url = embedded.url;
  const database = openDatabase(url, { maxConnections: 5 });
  cleanups.push(() => database.close());
  await runMigrations(database.pool);

  const seed = await seedTransactions(database.db, database.pool, {
    userCount: 1,
    totalTransactions: TRANSACTIONS,
    heavyCount: TRANSACTIONS,
    today: todayIn('UTC'),
  });
  const userId = seed.heavyUser.id;
  const seedStarted = performance.now();
  const receiptBytes = await seedReceipts(database, userId);
  await database.pool.query('VACUUM ANALYZE receipts');
  await database.pool.query('VACUUM ANALYZE transactions');
  console.log(
    `  seeded ${seed.transactions.toLocaleString('en-US')} transactions in ${seed.seconds.toFixed(1)} s, ${RECEIPTS.toLocaleString('en-US')} receipts (${(receiptBytes / 1e6).toFixed(1)} MB of images) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const port = await freePort();
  const server = await startBenchServer(url, port);
  cleanups.push(() => server.kill('SIGTERM'));
  const base = `http://127.0.0.1:${port}`;
  const token = await signInBenchUser(base, seed.heavyUser.email);

  // Export: read to the end into a file, the server's RSS sampled meanwhile.
  const zipPath = join(dataDir, 'export.zip');
  const before = rssMb(server.pid!);
  const sampler = sampleRss(server.pid!);
  const exportStarted = performance.now();
  const response = await fetch(`${base}/api/export`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok || !response.body) throw new Error(`export: ${response.status}`);
  await pipeline(
    Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
    createWriteStream(zipPath),
  );
  const exportSeconds = (performance.now() - exportStarted) / 1000;
  const peak = sampler.stop();
  const zipMb = (await stat(zipPath)).size / 1e6;
  const growthMb = peak - before;

  // Restore into a new user.
  const email = `restore-${Date.now()}@moneta.dev`;
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Bench#2026-rs' }),
  });
  if (!signup.ok) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  const restoreToken = ((await signup.json()) as { token: string }).token;
  const form = new FormData();
  form.append('file', await openAsBlob(zipPath), 'moneta-export.zip');
  const restoreStarted = performance.now();
  const restored = await fetch(`${base}/api/export/restore`, {
    method: 'POST',
    headers: { authorization: `Bearer ${restoreToken}` },
    body: form,
  });
  const restoreSeconds = (performance.now() - restoreStarted) / 1000;
  if (!restored.ok) throw new Error(`restore: ${restored.status} ${await restored.text()}`);
  const { counts } = (await restored.json()) as { counts: Record<string, number> };
  if (counts.transactions !== seed.transactions || counts.receipts !== RECEIPTS) {
    throw new Error(`restore counts ${JSON.stringify(counts)}`);
  }

  // Ceilings: the rows alone out of PostgreSQL, and the transaction rows alone back in.
  const ceilingOut = await readOutSeconds(url, [
    `SELECT * FROM transactions WHERE user_id = '${userId}'`,
    `SELECT * FROM transfers WHERE user_id = '${userId}'`,
    `SELECT id, file_name, mime_type, sha256, reading, content FROM receipts WHERE user_id = '${userId}'`,
  ]);
  const floorStarted = performance.now();
  const client = await database.pool.connect();
  try {
    await client.query('CREATE TEMP TABLE scratch_in (LIKE transactions INCLUDING DEFAULTS)');
    await client.query(`INSERT INTO scratch_in SELECT * FROM transactions WHERE user_id = $1`, [
      userId,
    ]);
  } finally {
    client.release();
  }
  const floorSeconds = (performance.now() - floorStarted) / 1000;

  const verdict = (value: number, target: number) => (value <= target ? 'ok' : 'OVER');
  console.log(
    [
      `  export:  ${exportSeconds.toFixed(1)} s (target ≤ ${TARGETS.exportSeconds} s: ${verdict(exportSeconds, TARGETS.exportSeconds)}), zip ${zipMb.toFixed(1)} MB`,
      `           server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB: growth ${growthMb.toFixed(0)} MB (target ≤ ${TARGETS.memoryMb} MB: ${verdict(growthMb, TARGETS.memoryMb)})`,
      `  restore: ${restoreSeconds.toFixed(1)} s (target ≤ ${TARGETS.restoreSeconds} s: ${verdict(restoreSeconds, TARGETS.restoreSeconds)}), counts ${JSON.stringify(counts)}`,
      `  ceiling: the same rows read out of PostgreSQL alone ${ceilingOut.seconds.toFixed(1)} s (${ceilingOut.mb.toFixed(0)} MB as text); the transaction rows copied into a table alone ${floorSeconds.toFixed(1)} s`,
    ].join('\n'),
  );
}

try {
  await main();
} finally {
  await cleanUp();
}
