import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';
import { startEmbeddedPostgres, type EmbeddedPostgresLogger } from '../db/embedded-postgres';
import { BackupError } from './backup-file';

export interface BackupDatabase {
  url: string;
  /** Where the data is, in words, for the command's output. */
  description: string;
  close(): Promise<void>;
}

/**
 * The database a backup reads or a restore fills: DATABASE_URL when set; else the embedded
 * PostgreSQL in DATA_DIR. A backup uses the running server's PostgreSQL when there is one (its
 * snapshot is consistent while the server writes) and otherwise starts it for the while. A
 * restore refuses while a server runs on DATA_DIR: it never fills a database under a live app.
 */
export async function openBackupDatabase(
  config: Config,
  /** 'maintenance' (the owner's user CLI) opens the database as a backup does. */
  purpose: 'backup' | 'restore' | 'maintenance',
  log: EmbeddedPostgresLogger,
): Promise<BackupDatabase> {
  if (config.DATABASE_URL) {
    return {
      url: config.DATABASE_URL,
      description: `DATABASE_URL (${new URL(config.DATABASE_URL).host})`,
      close: async () => undefined,
    };
  }
  const dataDir = config.DATA_DIR;
  const clusterDir = join(dataDir, 'postgres');
  const running = await runningPostmaster(clusterDir);
  const owner = await readPid(join(dataDir, 'moneta.pid'));
  const isServerRunning = owner !== undefined && owner !== process.pid && isAlive(owner);

  const isLiveUse = purpose !== 'restore';
  if (running && isLiveUse) {
    const password = (await readFile(join(dataDir, 'postgres-password'), 'utf8')).trim();
    return {
      url: `postgres://moneta:${encodeURIComponent(password)}@127.0.0.1:${running.port}/moneta`,
      description: `the running embedded PostgreSQL in ${clusterDir}`,
      close: async () => undefined,
    };
  }
  if (purpose === 'restore' && isServerRunning) {
    throw new BackupError(
      `A Moneta server (pid ${owner}) is running on DATA_DIR ${dataDir}: stop it before restoring, ` +
        'or restore into a new DATA_DIR and point the server at it',
    );
  }
  if (isLiveUse && !(await exists(join(clusterDir, 'PG_VERSION')))) {
    throw new BackupError(`There is no Moneta database in DATA_DIR ${dataDir}`);
  }
  const embedded = await startEmbeddedPostgres(dataDir, log);
  return {
    url: embedded.url,
    description: `the embedded PostgreSQL in ${clusterDir}`,
    close: () => embedded.stop(),
  };
}

/** The postmaster serving `clusterDir`, if one is alive (its pid file's 4th line is the port). */
async function runningPostmaster(clusterDir: string): Promise<{ port: number } | undefined> {
  let lines: string[];
  try {
    lines = (await readFile(join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !port) return undefined;
  try {
    const commandLine = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    if (!commandLine.includes(clusterDir)) return undefined; // A reused pid.
  } catch {
    // No /proc (not Linux): trust the pid file.
  }
  return { port };
}

async function readPid(path: string): Promise<number | undefined> {
  try {
    const pid = Number((await readFile(path, 'utf8')).trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
