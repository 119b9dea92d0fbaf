/** Row-by-row comparison of a run with earlier ones (the previous run, the committed baseline). */
import { existsSync, readFileSync } from 'node:fs';
import { rowKey, type BenchResults } from './results.js';

/** Values of an earlier run by row key. */
export type Earlier = ReadonlyMap<string, number>;

/**
 * Reads a results file, or returns null when there is none or it has another format.
 *
 * @example
 * ```ts
 * readResults('bench/results/baseline.json')?.mode; // 'full'
 * ```
 */
export function readResults(file: string): BenchResults | null {
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
    return parsed.format === 1 ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The measured values of a run by row key; empty for no run, or for a run of another mode
 * (a quick run's numbers say nothing about a full run's).
 *
 * @example
 * ```ts
 * earlierValues(baseline, 'full').get('filter/agent-3@100k/tql'); // ns per pass
 * ```
 */
export function earlierValues(run: BenchResults | null, mode: BenchResults['mode']): Earlier {
  const values = new Map<string, number>();
  if (run === null || run.mode !== mode) return values;
  for (const section of run.sections) {
    for (const group of section.groups) {
      for (const row of group.rows) if (row.value !== null) values.set(rowKey(section, group, row), row.value);
    }
  }
  return values;
}
