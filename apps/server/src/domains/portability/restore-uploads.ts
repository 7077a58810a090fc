import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Every restore's upload lives in its own directory under the temporary folder, named with this
 * prefix and the server process's id: `moneta-restore-<pid>-<random>`. The id tells a sweep at
 * start which ones a crashed server left behind without touching another running server's.
 */
export const RESTORE_UPLOAD_PREFIX = 'moneta-restore-';

/** A new private directory for one upload (mkdtemp makes it 0700). */
export function createUploadDirectory(root: string): Promise<string> {
  return mkdtemp(join(root, `${RESTORE_UPLOAD_PREFIX}${process.pid}-`));
}

/** True while a process of this id runs (signalling 0 only asks; EPERM: it runs as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the upload directories under `root` whose server process is gone: a crash (or a kill)
 * during a restore skips the `finally` that removes its upload. Run at start; a directory
 * without a process id in its name (older servers) is old by definition and removed too.
 * Returns how many were removed.
 */
export async function sweepStaleUploads(root: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith(RESTORE_UPLOAD_PREFIX)) continue;
    const pid = Number(/^(\d+)-/.exec(name.slice(RESTORE_UPLOAD_PREFIX.length))?.[1]);
    if (pid === process.pid || (Number.isInteger(pid) && pid > 0 && isRunning(pid))) continue;
    await rm(join(root, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
