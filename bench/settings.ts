/** How much the suite measures: the full run, or the quick smoke run the tests use. */
import type { Plan } from './harness/compare.js';

export interface Settings {
  readonly mode: 'full' | 'quick';
  readonly seed: number;
  /** Record counts of the filter comparison. */
  readonly filterSizes: readonly number[];
  /** Record counts of the per-record curve. */
  readonly curveSizes: readonly number[];
  /** Fresh processes for the cold-start measurement. */
  readonly coldStartProcesses: number;
  /** Parses per measured batch in the allocation child. */
  readonly allocationBatch: number;
  /** The sampling plan for a filter over `records` records. */
  readonly filterPlan: (records: number) => Plan;
  /** The sampling plan for calls (parsing, cache look-ups). */
  readonly callPlan: Plan;
  /** Progress lines (to stderr), so a long run shows where it is. */
  readonly log: (line: string) => void;
}

/**
 * The full run: 100k and 1M records, enough samples for stable ratios, a few minutes on a
 * 2-core machine. A 1M pass of the slowest peers takes over a second, so 1M gets few samples.
 */
export function fullSettings(log: (line: string) => void): Settings {
  return {
    mode: 'full',
    seed: 20261122,
    filterSizes: [100_000, 1_000_000],
    curveSizes: [10_000, 100_000, 1_000_000],
    coldStartProcesses: 21,
    allocationBatch: 200,
    filterPlan: (records) =>
      records >= 1_000_000 ? { samples: 3, minSampleMs: 0, warmupMs: 0 } : { samples: 5, minSampleMs: 50, warmupMs: 100 },
    callPlan: { samples: 9, minSampleMs: 40, warmupMs: 150 },
    log,
  };
}

/** The smoke run: tiny sizes, one or two samples; it proves the suite works, not how fast tql is. */
export function quickSettings(log: (line: string) => void): Settings {
  return {
    mode: 'quick',
    seed: 20261122,
    filterSizes: [2_000],
    curveSizes: [500, 2_000],
    coldStartProcesses: 1,
    allocationBatch: 5,
    filterPlan: () => ({ samples: 2, minSampleMs: 0, warmupMs: 0 }),
    callPlan: { samples: 2, minSampleMs: 1, warmupMs: 1 },
    log,
  };
}
