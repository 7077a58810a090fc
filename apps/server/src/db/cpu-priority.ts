import { readlink } from 'node:fs/promises';
import { setPriority } from 'node:os';
import type pg from 'pg';

/**
 * The scheduler's niceness of the PostgreSQL processes that run expensive work (heavy work and
 * searches). On a machine with few cores the CPU, not the connections, is what one user's long
 * statements take from everyone else: at 10 a running statement gets about a tenth of the CPU
 * time of an ordinary one competing for the same core, and all of it when nobody competes.
 */
export const EXPENSIVE_WORK_NICENESS = 10;

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
 * Lowers the CPU priority of every backend process the pool connects (a niceness is never
 * raised back without privileges, so only a pool whose connections all run expensive work).
 */
export function lowerPriorityOfConnections(pool: pg.Pool, niceness: number): void {
  let isLocal: Promise<boolean> | undefined;
  pool.on('connect', (client: ClientWithProcess) => {
    isLocal ??= isLocalBackend(client);
    void isLocal.then((local) => {
      if (!local || !client.processID) return;
      try {
        setPriority(client.processID, niceness);
      } catch {
        // The backend ended meanwhile, or the system refuses: it runs at the usual priority.
      }
    });
  });
}
