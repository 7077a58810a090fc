// `npm run backup [FILE]` and `npm run restore FILE`: see README (Backups). Reads the same
// configuration as the server (DATABASE_URL, or the embedded PostgreSQL in DATA_DIR).
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { BackupError } from './backup-file';
import { openBackupDatabase } from './backup-connection';
import { dumpDatabase } from './dump-database';
import { restoreDatabase } from './restore-database';

const USAGE = 'Usage: npm run backup [FILE]  |  npm run restore FILE';

/** npm runs scripts from the repository root; a FILE given by the user is relative to where they were. */
function userPath(file: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

function defaultBackupName(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  return `moneta-backup-${stamp}.jsonl.gz`;
}

function describe(tables: Record<string, number>): string {
  return Object.entries(tables)
    .map(([table, rows]) => `${table} ${rows}`)
    .join(', ');
}

async function main(argv: string[]): Promise<number> {
  const [command, file] = argv;
  if (command !== 'backup' && command !== 'restore') {
    console.error(USAGE);
    return 2;
  }
  if (command === 'restore' && !file) {
    console.error(`restore needs the backup FILE. ${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const log = { info: () => undefined, warn: console.warn, debug: () => undefined };
  const database = await openBackupDatabase(config, command, log);
  try {
    if (command === 'backup') {
      const target = userPath(file ?? defaultBackupName());
      const summary = await dumpDatabase(database.url, target);
      console.warn(`Backed up ${database.description} to ${target} (${describe(summary.tables)})`);
    } else {
      const summary = await restoreDatabase(database.url, userPath(file!));
      console.warn(
        `Restored ${userPath(file!)} into ${database.description} (${describe(summary.tables)})`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const isExpected = error instanceof BackupError || error instanceof ConfigError;
    console.error(isExpected ? (error as Error).message : error);
    process.exit(1);
  },
);
