import pg from 'pg';
import {
  createBackupWriter,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type AppliedMigration,
} from './backup-file';
import { EXACT_TEXT_SETTINGS, quoteIdentifier, tablesInDependencyOrder } from './database-tables';

const ROWS_PER_FETCH = 200;
/** Receipt files can be 10 MB each: a few at a time keeps memory flat. */
const FILES_PER_FETCH = 4;
/** Every value as the text PostgreSQL prints: exact for every type, bytea included. */
const AS_TEXT = { getTypeParser: () => (value: string) => value };

export interface DumpSummary {
  file: string;
  tables: Record<string, number>;
}

/**
 * Writes every row of Moneta's tables to `file` from one consistent snapshot (a repeatable-read,
 * read-only transaction), so it is safe while the server runs and writes.
 */
export async function dumpDatabase(databaseUrl: string, file: string): Promise<DumpSummary> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const writer = createBackupWriter(file);
  try {
    for (const setting of EXACT_TEXT_SETTINGS) await client.query(setting);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: version } = await client.query<{ server_version: string }>('SHOW server_version');
    await writer.write({
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      postgresVersion: version[0]!.server_version,
      migrations: await appliedMigrations(client),
    });

    const tables: Record<string, number> = {};
    for (const table of await tablesInDependencyOrder(client)) {
      await writer.write({ table: table.name, columns: table.columns });
      const columnList = table.columns.map(quoteIdentifier).join(', ');
      await client.query(
        `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT ${columnList} FROM ${quoteIdentifier(table.name)}`,
      );
      const perFetch = table.hasFiles ? FILES_PER_FETCH : ROWS_PER_FETCH;
      let count = 0;
      for (;;) {
        const { rows } = await client.query<Array<string | null>>({
          text: `FETCH ${perFetch} FROM backup_rows`,
          rowMode: 'array',
          types: AS_TEXT,
        });
        for (const row of rows) await writer.write({ row });
        count += rows.length;
        if (rows.length < perFetch) break;
      }
      await client.query('CLOSE backup_rows');
      await writer.write({ end: table.name, rows: count });
      tables[table.name] = count;
    }
    await writer.write({ complete: true, tables });
    await client.query('COMMIT');
    await writer.close();
    return { file, tables };
  } catch (error) {
    await writer.abandon();
    throw error;
  } finally {
    await client.end();
  }
}

/** The migrations drizzle recorded as applied, oldest first (none on an empty database). */
export async function appliedMigrations(client: pg.ClientBase): Promise<AppliedMigration[]> {
  const { rows: exists } = await client.query<{ present: boolean }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present",
  );
  if (!exists[0]!.present) return [];
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    'SELECT hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at',
  );
  return rows.map((row) => ({ hash: row.hash, createdAt: row.created_at }));
}
