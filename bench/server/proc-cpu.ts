/**
 * CPU time of processes from Linux's /proc: a process's own (all its threads), and a PostgreSQL
 * server's (the postmaster, its live children, and the children that have exited since it
 * started, which the kernel adds to the postmaster's `cutime`/`cstime` when it reaps them).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of the /proc counters. */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The fields of /proc/<pid>/stat after the command name, or undefined when the process is gone. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

// Field n of proc(5) is at index n - 3 here.
const PPID = 1;
const UTIME = 11;
const STIME = 12;
const CUTIME = 13;
const CSTIME = 14;

const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;

/**
 * Milliseconds of CPU the process has used (user + system, all threads).
 *
 * @example
 * ```ts
 * processCpuMs(child.pid!); // 1234.5
 * ```
 */
export function processCpuMs(pid: number): number {
  const f = statFields(pid);
  return f === undefined ? Number.NaN : ms(Number(f[UTIME]) + Number(f[STIME]));
}

/**
 * The parent of a process (the postmaster of a PostgreSQL backend, `SELECT pg_backend_pid()`).
 *
 * @example
 * ```ts
 * parentPid(backendPid); // the postmaster's pid
 * ```
 */
export function parentPid(pid: number): number {
  const f = statFields(pid);
  if (f === undefined) throw new Error(`no process ${pid} in /proc`);
  return Number(f[PPID]);
}

/**
 * Milliseconds of CPU a PostgreSQL server has used: the postmaster, every live child (backends,
 * background workers) and every child already reaped.
 *
 * @example
 * ```ts
 * const before = serverCpuMs(postmaster); … ; serverCpuMs(postmaster) - before;
 * ```
 */
export function serverCpuMs(postmaster: number): number {
  const own = statFields(postmaster);
  if (own === undefined) return Number.NaN;
  let ticks = Number(own[UTIME]) + Number(own[STIME]) + Number(own[CUTIME]) + Number(own[CSTIME]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(entry);
    if (f !== undefined && Number(f[PPID]) === postmaster) ticks += Number(f[UTIME]) + Number(f[STIME]);
  }
  return ms(ticks);
}
