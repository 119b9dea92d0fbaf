/** What the benchmark ran on, so numbers are never read without their machine. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { Machine } from './results.js';

function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line !== undefined) return line.slice(line.indexOf(':') + 1).trim();
  } catch {
    // Not Linux: fall back to what Node reports.
  }
  return os.cpus()[0]?.model ?? 'unknown';
}

function commit(cwd: string): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8' }).trim();
    return head;
  } catch {
    return 'unknown';
  }
}

/**
 * The machine this process runs on.
 *
 * @example
 * ```ts
 * describeMachine(process.cwd(), os.loadavg()[0]).cores; // 2
 * ```
 */
export function describeMachine(repoRoot: string, loadAtStart: number): Machine {
  return {
    cpu: cpuModel(),
    cores: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    v8: process.versions.v8,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    commit: commit(repoRoot),
    loadAverage: { start: loadAtStart, end: os.loadavg()[0] ?? 0 },
  };
}
