// Backup and restore of a whole database (docs/reliability.md).
import { randomUUID } from 'node:crypto';
import { chmod, cp, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { BackupError } from '../../src/backup/backup-file';
import { dumpDatabase } from '../../src/backup/dump-database';
import { restoreDatabase } from '../../src/backup/restore-database';
import { openDatabase } from '../../src/db/database';
import { migrationsFolder, runMigrations } from '../../src/db/migrate';
import { totpCode } from '../../src/domains/two-factor/totp';
import { GOOD_PASSWORD, TEST_CONFIG, TEST_JWT_SECRET } from '../test-app';
import {
  CLI,
  clock,
  contentDigest,
  createEmptyDatabase,
  emails,
  execFileAsync,
  holdEmbeddedPostgres,
  query,
  receiptHashes,
  source,
  twoFactorSecrets,
  workDir,
} from './backup-restore-setup';

describe('backup and restore: a round trip into an empty database', () => {
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
});

describe('backup and restore: partial files, older backups and the npm scripts', () => {
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
