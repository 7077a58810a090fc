import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, EmbeddedPostgresError } from '../../src/db/embedded-postgres';

const fixture = join(import.meta.dirname, '..', 'fixtures', 'hold-embedded-postgres.ts');
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'moneta-pg-crash-'));
  await chmod(dir, 0o755);
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Starts a process that owns the embedded PostgreSQL; resolves with its URL. */
function startOwner(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(async () => {
      child.kill('SIGKILL');
    });
    child.stdout!.setEncoding('utf8');
    child.stdout!.once('data', (url: string) => resolve({ child, url: url.trim() }));
    child.once('exit', (code) => reject(new Error(`owner exited with ${code}`)));
  });
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

function collectingLogger() {
  const warnings: string[] = [];
  return {
    warnings,
    logger: {
      info: () => undefined,
      warn: (message: string) => warnings.push(message),
      debug: () => undefined,
    },
  };
}

describe('embedded PostgreSQL', () => {
  it('recovers after the owning process is killed with SIGKILL, keeping the data', async () => {
    const dataDir = await newDataDir();
    const first = await startOwner(dataDir);
    await query(
      first.url,
      'CREATE TABLE survivor (note text); INSERT INTO survivor VALUES ($$kept$$)',
    );
    const stalePid = Number(
      (await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );

    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    // The orphaned postmaster is still running and still holds the data directory.
    expect(() => process.kill(stalePid, 0)).not.toThrow();

    const { warnings, logger } = collectingLogger();
    const second = await startEmbeddedPostgres(dataDir, logger);
    cleanups.push(() => second.stop());
    expect(warnings.join('\n')).toMatch(/left running by an earlier crash/);
    expect(() => process.kill(stalePid, 0)).toThrow();
    expect(await query<{ note: string }>(second.url, 'SELECT note FROM survivor')).toEqual([
      { note: 'kept' },
    ]);
  });

  it('refuses, with a clear message, to share a data directory with a running server', async () => {
    const dataDir = await newDataDir();
    await startOwner(dataDir);
    const { logger } = collectingLogger();
    const attempt = startEmbeddedPostgres(dataDir, logger);
    await expect(attempt).rejects.toBeInstanceOf(EmbeddedPostgresError);
    await expect(attempt).rejects.toThrow(/in use by another Moneta server/);
  });

  it('keeps its password in a file only its owner can read, and listens on loopback only', async () => {
    const dataDir = await newDataDir();
    const { logger } = collectingLogger();
    const database = await startEmbeddedPostgres(dataDir, logger);
    cleanups.push(() => database.stop());
    const { stat } = await import('node:fs/promises');
    expect((await stat(join(dataDir, 'postgres-password'))).mode & 0o777).toBe(0o600);
    const [row] = await query<{ listen: string }>(
      database.url,
      "SELECT current_setting('listen_addresses') AS listen",
    );
    expect(row!.listen).toBe('127.0.0.1');
    expect(new URL(database.url).hostname).toBe('127.0.0.1');
  });
});
