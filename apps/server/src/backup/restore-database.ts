import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrationsFolder, runMigrations } from '../db/migrate';
import { BackupError, readBackup, type AppliedMigration, type BackupHeader } from './backup-file';
import { appliedMigrations } from './dump-database';
import { EXACT_TEXT_SETTINGS, allTables, quoteIdentifier } from './database-tables';

/** PostgreSQL takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 60_000;
const MAX_BATCH_ROWS = 500;
const MAX_BATCH_CHARACTERS = 16 * 1024 * 1024;

export interface RestoreSummary {
  tables: Record<string, number>;
}

/**
 * Restores a backup into an EMPTY database (no Moneta rows; tables may be missing or empty):
 * brings the schema to the backup's migration, copies every row in one transaction (all or
 * nothing: a damaged or truncated file leaves the database as it was), then applies any newer
 * migrations of this Moneta so that an older backup comes back upgraded.
 */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<RestoreSummary> {
  const lines = readBackup(file);
  const header = (await lines.next()).value as BackupHeader;
  const journal = await migrationJournal();
  if (!isPrefix(header.migrations, journal)) {
    throw new BackupError(
      `${file} was made by a newer or different Moneta (its schema has migrations this one does not know)`,
    );
  }

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const client = await pool.connect();
    try {
      await refuseUnlessEmpty(client);
      if (!isPrefix(await appliedMigrations(client), header.migrations)) {
        throw new BackupError(
          'The target database has a newer schema than the backup: restore into a new, empty database',
        );
      }
    } finally {
      client.release();
    }
    await migrateTo(pool, header.migrations.length, journal.length);
    const tables = await copyRows(pool, lines, file);
    await runMigrations(pool);
    return { tables };
  } finally {
    await pool.end();
  }
}

async function copyRows(
  pool: pg.Pool,
  lines: AsyncGenerator<unknown>,
  file: string,
): Promise<Record<string, number>> {
  const client = await pool.connect();
  try {
    for (const setting of EXACT_TEXT_SETTINGS) await client.query(setting);
    await client.query('BEGIN');
    const counts: Record<string, number> = {};
    let table = '';
    let columns: string[] = [];
    let batch: Array<Array<string | null>> = [];
    let batchCharacters = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      await insertRows(client, table, columns, batch);
      counts[table] = (counts[table] ?? 0) + batch.length;
      batch = [];
      batchCharacters = 0;
    };

    let isComplete = false;
    for await (const line of lines as AsyncGenerator<Record<string, unknown>>) {
      if ('table' in line) {
        table = line.table as string;
        columns = line.columns as string[];
        counts[table] = 0;
      } else if ('row' in line) {
        const row = line.row as Array<string | null>;
        batch.push(row);
        batchCharacters += row.reduce((sum, value) => sum + (value?.length ?? 0), 0);
        const rowsAllowed = Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMETERS / columns.length));
        if (batch.length >= rowsAllowed || batchCharacters >= MAX_BATCH_CHARACTERS) await flush();
      } else if ('end' in line) {
        await flush();
        if (counts[table] !== line.rows) {
          throw new BackupError(`${file} is damaged: ${table} should have ${line.rows} rows`);
        }
      } else if ('complete' in line) {
        isComplete = true;
      }
    }
    if (!isComplete) throw new BackupError(`${file} is truncated: it has no end marker`);
    await resetSequences(client);
    await client.query('COMMIT');
    return counts;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** One multi-row INSERT; text values are parsed by PostgreSQL's input for each column's type. */
async function insertRows(
  client: pg.PoolClient,
  table: string,
  columns: string[],
  rows: Array<Array<string | null>>,
): Promise<void> {
  const values: Array<string | null> = [];
  const tuples = rows.map((row) => {
    if (row.length !== columns.length) throw new BackupError(`A ${table} row has the wrong width`);
    const placeholders = row.map((value) => {
      values.push(value);
      return `$${values.length}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  await client.query(
    `INSERT INTO ${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(', ')})
     OVERRIDING SYSTEM VALUE VALUES ${tuples.join(', ')}`,
    values,
  );
}

async function refuseUnlessEmpty(client: pg.PoolClient): Promise<void> {
  for (const table of await allTables(client)) {
    const { rows } = await client.query<{ used: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${quoteIdentifier(table)}) AS used`,
    );
    if (rows[0]!.used) {
      throw new BackupError(
        `The target database is not empty (table ${table} has rows): restore into a new database ` +
          '(a new DATA_DIR, or a new database in DATABASE_URL) so that nothing is overwritten',
      );
    }
  }
}

/** Sequences behind serial or identity columns continue after the restored values. */
async function resetSequences(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ table: string; column: string; sequence: string }>(
    `SELECT c.relname AS table, a.attname AS column,
            pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS sequence
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
       AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL`,
  );
  for (const row of rows) {
    await client.query(
      `SELECT setval($1, coalesce(max(${quoteIdentifier(row.column)}), 0) + 1, false)
       FROM ${quoteIdentifier(row.table)}`,
      [row.sequence],
    );
  }
}

interface JournalEntry {
  when: number;
  tag: string;
}

async function migrationJournal(): Promise<AppliedMigration[]> {
  const journal = JSON.parse(
    await readFile(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  return journal.entries.map((entry) => ({ hash: '', createdAt: String(entry.when) }));
}

/** Whether `older` is the start of `newer`, comparing the migrations' timestamps. */
function isPrefix(older: AppliedMigration[], newer: AppliedMigration[]): boolean {
  return (
    older.length <= newer.length &&
    older.every((migration, index) => migration.createdAt === newer[index]!.createdAt)
  );
}

/** Applies the first `count` migrations only: the schema the backup's rows were written in. */
async function migrateTo(pool: pg.Pool, count: number, total: number): Promise<void> {
  if (count === total) {
    await runMigrations(pool);
    return;
  }
  const folder = await mkdtemp(join(tmpdir(), 'moneta-migrations-'));
  try {
    await cp(migrationsFolder(), folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: JournalEntry[] };
    journal.entries = journal.entries.slice(0, count);
    await writeFile(journalFile, JSON.stringify(journal));
    await runMigrations(pool, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
