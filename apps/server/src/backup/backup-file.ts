// Moneta's backup file: gzip-compressed JSON lines. A header (format, migrations, server), then
// for each table a line naming it and its columns, its rows as arrays of PostgreSQL text values
// (bytea as \x hex, so receipts are kept byte for byte), and a closing line with the row count;
// a last line marks the file complete, so a truncated file is refused instead of half-restored.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';

export const BACKUP_FORMAT = 'moneta-backup';
export const BACKUP_VERSION = 1;

export interface AppliedMigration {
  hash: string;
  /** drizzle's folderMillis, as text (a bigint). */
  createdAt: string;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  postgresVersion: string;
  migrations: AppliedMigration[];
}

export type BackupLine =
  | { table: string; columns: string[] }
  | { row: Array<string | null> }
  | { end: string; rows: number }
  | { complete: true; tables: Record<string, number> };

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Writes lines to `<file>.partial` and renames it into place only once it is complete. */
export function createBackupWriter(file: string) {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const output = createWriteStream(partial, { mode: 0o600 });
  gzip.pipe(output);
  const finished = once(output, 'close');
  return {
    async write(line: BackupHeader | BackupLine): Promise<void> {
      if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
    },
    async close(): Promise<void> {
      gzip.end();
      await finished;
      await rename(partial, file);
    },
    async abandon(): Promise<void> {
      gzip.destroy();
      output.destroy();
      await rm(partial, { force: true });
    },
  };
}

/** Reads a backup: the header first, then every line, checking the format as it goes. */
export async function* readBackup(file: string): AsyncGenerator<BackupHeader | BackupLine> {
  try {
    await access(file, constants.R_OK);
  } catch {
    throw new BackupError(`Cannot read ${file}: no such file, or no permission`);
  }
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  let isFirst = true;
  try {
    for await (const text of lines) {
      let line: BackupHeader | BackupLine;
      try {
        line = JSON.parse(text) as BackupHeader | BackupLine;
      } catch {
        throw new BackupError(`${file} is damaged: a line is not valid JSON`);
      }
      if (isFirst) {
        isFirst = false;
        const header = line as BackupHeader;
        if (header.format !== BACKUP_FORMAT) {
          throw new BackupError(`${file} is not a Moneta backup`);
        }
        if (header.version !== BACKUP_VERSION) {
          throw new BackupError(
            `${file} is a version ${header.version} backup; this Moneta reads version ${BACKUP_VERSION}`,
          );
        }
      }
      yield line;
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    // zlib: unexpected end of file, bad header…
    throw new BackupError(`${file} is damaged or truncated: ${(error as Error).message}`);
  }
  if (isFirst) throw new BackupError(`${file} is empty`);
}
