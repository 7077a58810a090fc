import { readFile, readlink, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import type pg from 'pg';

/**
 * The scheduler's niceness of the PostgreSQL processes that run expensive work (heavy work and
 * searches). On a machine with few cores the CPU, not the connections, is what one user's long
 * statements take from everyone else: at 10 a running statement gets about a tenth of the CPU
 * time of an ordinary one competing for the same core, and all of it when nobody competes.
 */
export const EXPENSIVE_WORK_NICENESS = 10;

/**
 * Lowers the CPU priority of the calling thread alone (Linux keeps a niceness per thread): a
 * worker thread of this process that reads files gives way to the thread answering requests.
 */
export function lowerPriorityOfThisThread(niceness: number): void {
  try {
    setPriority(0, niceness);
  } catch {
    // Refused by the system: the thread runs at the usual priority.
  }
}

/** A connected pg client: `processID` is the backend's process id (BackendKeyData). */
type ClientWithProcess = pg.PoolClient & { processID?: number };

/**
 * Whether the pool's server runs on this machine, so that a backend's process id names a process
 * here: the backend's working directory is its data directory. Anything else (another host, a
 * container, another OS user, no permission to read the setting) leaves priorities alone, so a
 * process id is never taken for another machine's.
 */
async function isLocalBackend(client: ClientWithProcess): Promise<boolean> {
  if (process.platform !== 'linux' || !client.processID) return false;
  try {
    const { rows } = await client.query<{ dir: string }>(
      "SELECT current_setting('data_directory') AS dir",
    );
    return (await readlink(`/proc/${client.processID}/cwd`)) === rows[0]?.dir;
  } catch {
    return false;
  }
}

/**
 * Lowers one backend's CPU priority. Its niceness alone is not enough where the kernel groups
 * tasks by session (autogroup, the default of common distributions): every PostgreSQL backend
 * starts a session of its own, so it competes as a group of its own, and only the group's
 * niceness weighs against the other processes.
 */
async function lowerPriorityOf(pid: number, niceness: number): Promise<void> {
  try {
    setPriority(pid, niceness);
  } catch {
    // The backend ended meanwhile, or the system refuses: it runs at the usual priority.
    return;
  }
  if (await leadsOwnSession(pid)) {
    await writeFile(`/proc/${pid}/autogroup`, String(niceness)).catch(() => undefined);
  }
}

/** Whether the process leads a session, so that its autogroup holds it alone (/proc/pid/stat). */
async function leadsOwnSession(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // After the command's closing parenthesis: state, parent, process group, session.
    const session = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3];
    return Number(session) === pid;
  } catch {
    return false;
  }
}

/**
 * Lowers the CPU priority of every backend process the pool connects (a niceness is never
 * raised back without privileges, so only a pool whose connections all run expensive work).
 */
export function lowerPriorityOfConnections(pool: pg.Pool, niceness: number): void {
  let isLocal: Promise<boolean> | undefined;
  pool.on('connect', (client: ClientWithProcess) => {
    isLocal ??= isLocalBackend(client);
    lowering.set(
      client,
      isLocal.then((local) => {
        if (local && client.processID) return lowerPriorityOf(client.processID, niceness);
      }),
    );
  });
}

/** Each new connection's lowering of priority, under way or done. */
const lowering = new WeakMap<pg.PoolClient, Promise<void>>();

/** Resolves once the connection runs at its pool's priority: its first statement does too. */
export async function atItsPriority(client: pg.PoolClient): Promise<pg.PoolClient> {
  await lowering.get(client);
  return client;
}
