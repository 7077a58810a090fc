// Backups: a database full of what users make (accounts, transactions, budgets, recurring rules,
// receipt files) goes through a backup file and comes back identical in an empty database.
//
// What backup-restore.test.ts runs on: importing this module makes it before the file's tests and
// removes it after them.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { withDatabase } from '../database-url';
import { createApiToken, enableTwoFactor, testClock } from '../support/account-security';
import { createCredential } from '../support/software-authenticator';
import { INJECT_ORIGIN } from '../security/user-data';
import { importFixture, uploadImport } from '../support/import-files';
import { multipartFile } from '../support/receipt-files';
import { type SignedUpUser, type TestContext, createTestApp, signUp } from '../test-app';

export const execFileAsync = promisify(execFile);

export const CLI = join(import.meta.dirname, '..', '..', 'src', 'backup', 'backup-cli.ts');

export let source: TestContext;

export let workDir: string;

export const emptyDatabases: string[] = [];

export const receiptHashes = new Map<string, string>();

export const emails: string[] = [];

export const twoFactorSecrets: string[] = [];

export const clock = testClock();

/** A new database with nothing in it, not even Moneta's tables. */
export async function createEmptyDatabase(): Promise<string> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `moneta_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  emptyDatabases.push(name);
  return withDatabase(adminUrl, name);
}

export async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
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
export async function contentDigest(url: string): Promise<Record<string, string>> {
  const tables = await query<{ name: string }>(
    url,
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname IN ('public', 'drizzle') AND c.relkind = 'r'
       AND c.relname NOT IN ('auth_challenges', 'auth_throttles', 'answer_cache',
         'household_data_versions', 'exchange_rates_version') ORDER BY 1`,
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

/** Posts as the user and fails the setup on anything but 201. */
type Call = (
  method: 'POST',
  url: string,
  payload: object,
  headers?: Record<string, string>,
) => Promise<{ _id: string }>;

function callerFor(user: SignedUpUser): Call {
  return async (method, url, payload, headers = {}) => {
    const response = await source.app.inject({
      method,
      url,
      headers: { ...user.headers, ...headers },
      payload,
    });
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`);
    return response.json<{ _id: string }>();
  };
}

/** The ledger: transactions (quoting, unicode, tags), a split, a saved search, the trash, a
 * budget, a second account with a goal, an idempotent write, transfers and a recurring rule. */
async function seedMoney(user: SignedUpUser, call: Call, index: number): Promise<void> {
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
}

/** Account security: an API token, two-factor (all but the first user), a passkey. */
async function seedSecurity(user: SignedUpUser, call: Call, index: number): Promise<void> {
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
}

/** A committed CSV import (its mapping remembered), an OFX one in preview, and a rule. */
async function seedImportsAndRules(user: SignedUpUser, call: Call): Promise<void> {
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
}

/** Files and what was learned: receipts, an attachment, a hidden category, a shop, an own rate. */
async function seedFilesAndRates(user: SignedUpUser, call: Call, index: number): Promise<void> {
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

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'moneta-backup-'));
  await chmod(workDir, 0o755);
  source = await createTestApp({ now: clock.now });
  for (let index = 0; index < 3; index++) {
    const user = await signUp(source.app, { setup: true });
    emails.push(user.email);
    const call = callerFor(user);
    await seedMoney(user, call, index);
    await seedSecurity(user, call, index);
    await seedImportsAndRules(user, call);
    await seedFilesAndRates(user, call, index);
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

export const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'hold-embedded-postgres.ts');

export function holdEmbeddedPostgres(
  dataDir: string,
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.setEncoding('utf8');
    child.stdout!.once('data', (url: string) => resolve({ child, url: url.trim() }));
    child.once('exit', (code) => reject(new Error(`owner exited with ${code}`)));
  });
}
