// CPU time used so far, read from /proc (Linux): a process's own, or a PostgreSQL cluster's
// (the postmaster, every backend it runs, and those that have ended). Time spent waiting for a
// core is not counted, so CPU per request moves far less with a shared machine's load than
// requests per second do.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), or none. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** ppid is the second field after the name; utime, stime, cutime, cstime the 12th to 15th. */
const ticks = (fields: string[], first: number, last: number) =>
  fields.slice(first, last + 1).reduce((sum, field) => sum + Number(field), 0);

/** User + system CPU seconds of the process so far. */
export function processCpuSeconds(pid: number): number {
  const fields = statFields(pid);
  return fields ? ticks(fields, 11, 12) / TICKS_PER_SECOND : 0;
}

/**
 * CPU seconds of a PostgreSQL cluster so far: the postmaster's own and its ended children's
 * (a backend's time moves there when it exits), and each running backend's.
 */
export function clusterCpuSeconds(postmasterPid: number): number {
  const postmaster = statFields(postmasterPid);
  if (!postmaster) return 0;
  let total = ticks(postmaster, 11, 14);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields && Number(fields[1]) === postmasterPid) total += ticks(fields, 11, 12);
  }
  return total / TICKS_PER_SECOND;
}
