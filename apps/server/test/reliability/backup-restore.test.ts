// Backups: a database full of what users make (accounts, transactions, budgets, recurring rules,
// receipt files) goes through a backup file and comes back identical in an empty database.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { chmod, cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { BackupError } from '../../src/backup/backup-file';
import { dumpDatabase } from '../../src/backup/dump-database';
import { restoreDatabase } from '../../src/backup/restore-database';
import { openDatabase } from '../../src/db/database';
import { migrationsFolder, runMigrations } from '../../src/db/migrate';
import { withDatabase } from '../database-url';
import { totpCode } from '../../src/domains/two-factor/totp';
import { createApiToken, enableTwoFactor, testClock } from '../support/account-security';
import { createCredential } from '../support/software-authenticator';
import { INJECT_ORIGIN } from '../security/user-data';
import { importFixture, uploadImport } from '../support/import-files';
import { multipartFile } from '../support/receipt-files';
import {
  GOOD_PASSWORD,
  TEST_CONFIG,
  TEST_JWT_SECRET,
  createTestApp,
  signUp,
  type TestContext,
} from '../test-app';

const execFileAsync = promisify(execFile);
const CLI = join(import.meta.dirname, '..', '..', 'src', 'backup', 'backup-cli.ts');

let source: TestContext;
let workDir: string;
const emptyDatabases: string[] = [];
const receiptHashes = new Map<string, string>();
const emails: string[] = [];
const twoFactorSecrets: string[] = [];
const clock = testClock();

/** A new database with nothing in it, not even Moneta's tables. */
async function createEmptyDatabase(): Promise<string> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `moneta_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  emptyDatabases.push(name);
  return withDatabase(adminUrl, name);
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Each table's row count and a digest of all its rows, Drizzle's migration journal included;
 * not the short-lived sign-in state that backups leave out (challenges, failure counters), nor
 * remembered answers and the versions they are checked against: a restore writes every row
 * anew, which gives new versions (data-versions.ts), and remembered answers are not carried.
 */
async function contentDigest(url: string): Promise<Record<string, string>> {
  const tables = await query<{ name: string }>(
    url,
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname IN ('public', 'drizzle') AND c.relkind = 'r'
       AND c.relname NOT IN ('auth_challenges', 'auth_throttles', 'answer_cache',
         'user_data_versions', 'exchange_rates_version') ORDER BY 1`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await query<{ rows: number; md5: string }>(
      url,
      `SELECT count(*)::int AS rows,
              md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5
       FROM ${name} t`,
    );
    digest[name] = `${row!.rows} rows ${row!.md5}`;
  }
  return digest;
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'moneta-backup-'));
  await chmod(workDir, 0o755);
  source = await createTestApp({ now: clock.now });
  for (let index = 0; index < 3; index++) {
    const user = await signUp(source.app, { setup: true });
    emails.push(user.email);
    const call = async (method: 'POST', url: string, payload: object, headers = {}) => {
      const response = await source.app.inject({
        method,
        url,
        headers: { ...user.headers, ...headers },
        payload,
      });
      if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`);
      return response.json<{ _id: string }>();
    };
    for (let day = 1; day <= 40; day++) {
      await call('POST', '/api/transactions', {
        name: `Coffee "${day}" ; DROP TABLE users; -- ünïcødé`,
        category: day % 4 === 0 ? 'My own category' : 'Food',
        cost: day + 0.25,
        addedOn: `2026-02-${String((day % 28) + 1).padStart(2, '0')}`,
        isIncome: day % 10 === 0,
        note: day % 2 ? `line one\nline two\ttab \\ backslash` : null,
        tags: day % 5 === 0 ? ['trip ünïcødé', 'a,b "quoted"'] : [],
      });
    }
    // A split transaction: its parts travel, and the restored totals count each in its category.
    await call('POST', '/api/transactions', {
      name: 'Market',
      category: 'Food',
      cost: 84.5,
      addedOn: '2026-02-03',
      isIncome: false,
      splits: [
        { category: 'Food', amount: 60 },
        { category: 'Household ünïcødé', amount: 24.5, note: 'soap' },
      ],
    });
    // A saved search and a deleted transaction in the trash travel too.
    await call('POST', '/api/filters', {
      name: 'Trips ünïcødé',
      query: 'amount:>5 tag:"trip ünïcødé"',
    });
    await source.app.inject({
      method: 'DELETE',
      url: `/api/transactions/${(await call('POST', '/api/transactions', { name: 'Gone', category: 'Food', cost: 1, addedOn: '2026-02-02', isIncome: false }))._id}`,
      headers: user.headers,
    });
    await call('POST', '/api/budgets', {
      category: 'Food',
      amount: 300,
      month: 2,
      year: 2026,
      rollover: true,
      repeat: true,
    });
    // A second account holding some of the transactions, and transfers between the two.
    const [main] = (
      await source.app.inject({ method: 'GET', url: '/api/accounts', headers: user.headers })
    ).json<Array<{ _id: string }>>();
    const card = await call('POST', '/api/accounts', {
      name: 'Visa ünïcødé',
      type: 'credit',
      openingBalance: -120.5,
    });
    await call('POST', '/api/goals', {
      name: 'Pay off the card ünïcødé',
      targetAmount: 500,
      targetDate: '2099-12-31',
      accountId: card._id,
    });
    // Sent with an Idempotency-Key: the key travels with the transaction it made, so a client
    // retrying after a restore still gets its first answer.
    await call(
      'POST',
      '/api/transactions',
      {
        name: 'Paid by card',
        category: 'Shopping',
        cost: 80,
        addedOn: '2026-02-03',
        isIncome: false,
        accountId: card._id,
      },
      { 'idempotency-key': `card-${index}` },
    );
    for (const amount of [200, 0.01]) {
      await call('POST', '/api/transfers', {
        fromAccountId: main!._id,
        toAccountId: card._id,
        amount,
        date: '2026-02-10',
        note: amount > 1 ? 'card bill' : null,
      });
    }
    await call('POST', '/api/recurring/create', {
      name: 'Rent',
      category: 'Bills',
      amount: 950,
      isIncome: false,
      frequency: 'monthly',
      startDate: '2025-06-30',
    });
    // Account security: an API token, two-factor with its backup codes, a passkey (bytea key),
    // a second session and the events they leave.
    await createApiToken(source.app, user, { scope: 'read' });
    // The first user signs in with a password alone, the others with two-factor.
    if (index > 0) twoFactorSecrets.push((await enableTwoFactor(source.app, user, clock)).secret);
    const options = await source.app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/register/options',
      headers: user.headers,
    });
    await call('POST', '/api/auth/passkeys/register', {
      name: 'Laptop',
      response: createCredential(options.json(), { origin: INJECT_ORIGIN }).response,
    });
    // A committed CSV import (its mapping remembered), an OFX one in preview, and a rule.
    const csv = `Date,Description,Amount\r\n2026-02-01,"Café ""ünïcødé"" ; --",-3.50\r\n2026-02-02,Salary,1200.00\r\n`;
    const imported = await uploadImport(source.app, user, 'bank.csv', Buffer.from(csv));
    if (imported.statusCode !== 201) throw new Error(`import: ${imported.body}`);
    await source.app.inject({
      method: 'POST',
      url: `/api/imports/${imported.json()._id}/commit`,
      headers: user.headers,
      payload: {},
    });
    const ofx = await uploadImport(source.app, user, 'c.ofx', importFixture('checking-ofx1.ofx'));
    if (ofx.statusCode !== 201) throw new Error(`import: ${ofx.body}`);
    await call('POST', '/api/rules', {
      value: 'coffee',
      category: 'Café ünïcødé',
      rename: 'Coffee',
    });
    // Receipt files are bytea: random bytes of several sizes, one of them several megabytes.
    for (const size of [1, 70_000, index === 0 ? 6_000_000 : 2048]) {
      const content = randomBytes(size);
      const sha256 = createHash('sha256').update(content).digest('hex');
      const id = randomUUID();
      receiptHashes.set(id, sha256);
      await source.database.pool.query(
        `INSERT INTO receipts (id, user_id, file_name, mime_type, size_bytes, sha256, content, reading, shop)
         VALUES ($1, $2, $3, 'image/png', $4, $5, $6, $7, $8)`,
        [
          id,
          user.id,
          `receipt-${size}.png`,
          size,
          sha256,
          content,
          { merchant: 'Café', total: 9.5 },
          { header: ['CAFÉ', 'Hauptstr. 5'], taxId: 'DE123456789', phone: null },
        ],
      );
      await source.database.pool.query(
        `UPDATE transactions SET receipt_id = $1
         WHERE id = (SELECT id FROM transactions WHERE user_id = $2 AND receipt_id IS NULL LIMIT 1)`,
        [id, user.id],
      );
    }
    // A file attached to a transaction, and a hidden built-in category.
    const attached = await call('POST', '/api/transactions', {
      name: 'With a warranty',
      category: 'Shopping',
      cost: 99,
      addedOn: '2026-02-04',
      isIncome: false,
    });
    const attachment = multipartFile(
      'file',
      'warranty.pdf',
      'application/pdf',
      Buffer.from(`%PDF-1.4\n% warranty ${index} ünïcødé\n${randomBytes(50_000).toString('hex')}`),
    );
    const uploaded = await source.app.inject({
      method: 'POST',
      url: `/api/transactions/${attached._id}/attachments`,
      headers: { ...user.headers, ...attachment.headers },
      payload: attachment.payload,
    });
    if (uploaded.statusCode !== 201) throw new Error(`attachment: ${uploaded.body}`);
    const hidden = await source.app.inject({
      method: 'PUT',
      url: '/api/categories/hidden',
      headers: user.headers,
      payload: { name: 'Transportation', hidden: true },
    });
    if (hidden.statusCode !== 200) throw new Error(`hidden: ${hidden.body}`);
    // What the user taught about a shop from its receipts.
    await source.database.pool.query(
      `INSERT INTO receipt_shops (id, user_id, tax_id, phone, header_lines, merchant, category)
       VALUES ($1, $2, 'DE123456789', NULL, $3, 'Café Korn', 'Food')`,
      [randomUUID(), user.id, ['CAFE', 'HAUPTSTR5']],
    );
    // The user's own exchange rate, an exact decimal that must come back as it was.
    const rate = await source.app.inject({
      method: 'PUT',
      url: '/api/rates',
      headers: user.headers,
      payload: { currency: 'GBP', date: '2026-04-13', rate: '1.3421765' },
    });
    if (rate.statusCode !== 200) throw new Error(`rate: ${rate.body}`);
  }
  // The ECB's rates: everyone's, carried too so that a restored server converts as before.
  await source.database.pool.query(
    `INSERT INTO exchange_rates (currency, date, rate)
     VALUES ('USD', '2026-04-13', 1.1684), ('GBP', '2026-04-13', 0.87058), ('JPY', '2026-04-10', 186.43)`,
  );
}, 120_000);

afterAll(async () => {
  await source?.close();
  const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await admin.connect();
  for (const name of emptyDatabases)
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  await rm(workDir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('round-trips users, transactions, budgets, recurring rules, receipt files, imports and rules into an empty database', async () => {
    const file = join(workDir, 'round-trip.jsonl.gz');
    const dumped = await dumpDatabase(source.databaseUrl, file);
    expect(dumped.tables).toMatchObject({
      users: 3,
      budgets: 3,
      goals: 3,
      saved_filters: 3,
      deleted_transactions: 3,
      recurring_rules: 3,
      receipts: 9,
      api_tokens: 3,
      two_factor_secrets: 2,
      backup_codes: 20,
      passkeys: 3,
      idempotency_keys: 3,
      imports: 6,
      import_rows: 3 * (3 + 6),
      import_mappings: 3,
      rules: 3,
      receipt_shops: 3,
      transaction_attachments: 3,
      transaction_splits: 3 * 2,
      hidden_categories: 3,
      exchange_rates: 3,
      user_exchange_rates: 3,
    });
    expect(dumped.tables.sessions).toBeGreaterThanOrEqual(3);
    expect(dumped.tables.security_events).toBe(3 + 2 + 3);
    // Challenges and failure counters live minutes: not carried.
    expect(dumped.tables).not.toHaveProperty('auth_challenges');
    expect(dumped.tables).not.toHaveProperty('auth_throttles');
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const target = await createEmptyDatabase();
    const restored = await restoreDatabase(target, file);
    expect(restored.tables).toEqual(dumped.tables);
    expect(await contentDigest(target)).toEqual(await contentDigest(source.databaseUrl));

    const files = await query<{ id: string; stored: string; actual: string; size: number }>(
      target,
      `SELECT id, sha256 AS stored, encode(sha256(content), 'hex') AS actual,
              octet_length(content) AS size FROM receipts`,
    );
    expect(files).toHaveLength(receiptHashes.size);
    for (const file of files) {
      expect(file.actual).toBe(receiptHashes.get(file.id));
      expect(file.stored).toBe(file.actual);
    }

    // The restored database serves the app: same passwords, same totals (rebuilt by triggers).
    const database = openDatabase(target, { maxConnections: 2 });
    const app = await buildApp({
      config: TEST_CONFIG,
      jwtSecret: TEST_JWT_SECRET,
      db: database.db,
      now: clock.now,
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: emails[0], password: GOOD_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const headers = { authorization: `Bearer ${login.json().token}` };
      const summary = await app.inject({
        method: 'GET',
        url: '/api/transactions/summary',
        headers,
      });
      // Sessions are rows of each database: the source is asked with a session of its own.
      const sourceLogin = await source.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: emails[0], password: GOOD_PASSWORD },
      });
      const before = await source.app.inject({
        method: 'GET',
        url: '/api/transactions/summary',
        headers: { authorization: `Bearer ${sourceLogin.json().token}` },
      });
      expect(summary.statusCode).toBe(200);
      expect(summary.json()).toEqual(before.json());
      // Two-factor came along: the second user is asked for a code, and the code works.
      const second = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: emails[1], password: GOOD_PASSWORD },
      });
      const { challenge } = second.json<{ challenge: string }>();
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/auth/login/2fa',
        payload: { challenge, code: totpCode(twoFactorSecrets[0]!, clock.ms()) },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);

  it('refuses a database that already holds data, and leaves it as it was', async () => {
    const file = join(workDir, 'refuse.jsonl.gz');
    await dumpDatabase(source.databaseUrl, file);
    const before = await contentDigest(source.databaseUrl);
    const attempt = restoreDatabase(source.databaseUrl, file);
    await expect(attempt).rejects.toBeInstanceOf(BackupError);
    await expect(attempt).rejects.toThrow(/not empty/);
    expect(await contentDigest(source.databaseUrl)).toEqual(before);
  });

  it('restores nothing from a truncated file (all or nothing)', async () => {
    const file = join(workDir, 'whole.jsonl.gz');
    await dumpDatabase(source.databaseUrl, file);
    const bytes = await readFile(file);
    const truncated = join(workDir, 'truncated.jsonl.gz');
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));

    const target = await createEmptyDatabase();
    await expect(restoreDatabase(target, truncated)).rejects.toThrow(/truncated|damaged/);
    const [counts] = await query<{ users: number; transactions: number }>(
      target,
      'SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM transactions) AS transactions',
    );
    expect(counts).toEqual({ users: 0, transactions: 0 });
    // The same database takes the whole file afterwards.
    await restoreDatabase(target, file);
    expect(await contentDigest(target)).toEqual(await contentDigest(source.databaseUrl));
  }, 60_000);

  it('brings a backup made by an older Moneta (fewer migrations) up to this schema', async () => {
    // A database at the first migration only, as an early version of Moneta left it.
    const older = await createEmptyDatabase();
    const folder = await mkdtemp(join(workDir, 'migrations-'));
    await cp(migrationsFolder(), folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
    const total = journal.entries.length;
    journal.entries = journal.entries.slice(0, 1);
    await writeFile(journalFile, JSON.stringify(journal));
    const pool = new pg.Pool({ connectionString: older, max: 1 });
    await runMigrations(pool, folder);
    await pool.query(
      `INSERT INTO users (id, email, password_hash) VALUES ($1, 'early@moneta.dev', 'x')`,
      [randomUUID()],
    );
    await pool.end();
    const file = join(workDir, 'older.jsonl.gz');
    await dumpDatabase(older, file);

    const target = await createEmptyDatabase();
    await restoreDatabase(target, file);
    expect(await query(target, 'SELECT email FROM users')).toEqual([{ email: 'early@moneta.dev' }]);
    const [applied] = await query<{ count: number }>(
      target,
      'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
    );
    expect(applied!.count).toBe(total);
    expect(total).toBeGreaterThan(1);
  });

  it('npm run backup / restore: through DATABASE_URL, from a running server’s DATA_DIR, never into it', async () => {
    const file = join(workDir, 'cli.jsonl.gz');
    const cli = (args: string[], env: Record<string, string>) =>
      execFileAsync(process.execPath, ['--import', 'tsx', CLI, ...args], {
        env: { ...process.env, DATABASE_URL: '', ...env, INIT_CWD: workDir },
      });
    await cli(['backup', 'cli.jsonl.gz'], { DATABASE_URL: source.databaseUrl });
    const target = await createEmptyDatabase();
    const restored = await cli(['restore', file], { DATABASE_URL: target });
    expect(restored.stderr).toMatch(/Restored .* \(.*receipts 9/);
    expect(await contentDigest(target)).toEqual(await contentDigest(source.databaseUrl));

    // A DATA_DIR whose embedded PostgreSQL a live process owns: backup reads it online;
    // restore refuses to fill a database under a running app.
    const dataDir = await mkdtemp(join(workDir, 'data-'));
    await chmod(dataDir, 0o755);
    const owner = await holdEmbeddedPostgres(dataDir);
    try {
      const pool = new pg.Pool({ connectionString: owner.url, max: 1 });
      await runMigrations(pool);
      await pool.query(
        `INSERT INTO users (id, email, password_hash) VALUES ($1, 'live@moneta.dev', 'x')`,
        [randomUUID()],
      );
      await pool.end();
      const backup = await cli(['backup', 'live.jsonl.gz'], { DATA_DIR: dataDir });
      expect(backup.stderr).toMatch(/running embedded PostgreSQL.*users 1/);
      await expect(
        cli(['restore', join(workDir, 'live.jsonl.gz')], { DATA_DIR: dataDir }),
      ).rejects.toThrow(/is running on DATA_DIR/);
    } finally {
      owner.child.kill('SIGKILL');
      await new Promise((resolve) => owner.child.once('exit', resolve));
      // Its orphaned postmaster: stopped by the next start, as after any crash.
      const { startEmbeddedPostgres } = await import('../../src/db/embedded-postgres');
      const quiet = { info: () => undefined, warn: () => undefined, debug: () => undefined };
      await (await startEmbeddedPostgres(dataDir, quiet)).stop();
    }
  }, 180_000);
});

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'hold-embedded-postgres.ts');

function holdEmbeddedPostgres(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.setEncoding('utf8');
    child.stdout!.once('data', (url: string) => resolve({ child, url: url.trim() }));
    child.once('exit', (code) => reject(new Error(`owner exited with ${code}`)));
  });
}
