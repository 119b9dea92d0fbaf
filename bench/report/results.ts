/**
 * The shape of a benchmark run as written to `bench/results/*.json`. Every row has a stable key
 * (section / group / alternative), so runs can be compared row by row.
 */

/** What a section's values measure. */
export type Unit =
  /** Nanoseconds per operation (a filter pass, a parse, a call). */
  | 'ns'
  /** Bytes allocated per operation. */
  | 'bytes'
  /** Milliseconds (one-off costs such as cold start). */
  | 'ms';

export interface Row {
  /** The alternative, stable across runs (`tql`, `sift`, `hand`, …). */
  readonly id: string;
  readonly label: string;
  /** The median, in the section's unit; null when the alternative cannot run this workload. */
  readonly value: number | null;
  /** Median of per-round ratios to the group's reference row (the first); null when n/a. */
  readonly ratio: number | null;
  /** `value` divided by the group's size (records, predicates, characters), when it has one. */
  readonly perUnit: number | null;
  /** Filter workloads: records matched (equal for every row by construction). */
  readonly count: number | null;
  /** Why the row is n/a, or a remark on how it was measured. */
  readonly note: string | null;
}

export interface Group {
  readonly id: string;
  readonly title: string;
  /** The size `perUnit` divides by (records, predicates, characters), if any. */
  readonly size: number | null;
  readonly rows: readonly Row[];
}

export interface Section {
  readonly id: string;
  readonly title: string;
  /** One paragraph: what is measured and how to read it. */
  readonly about: string;
  readonly unit: Unit;
  /** What ratios are relative to, e.g. `hand-written arrow`; null when rows have no ratio. */
  readonly ratioTo: string | null;
  /** Label of `perUnit`, e.g. `ns/record`; null when groups have no size. */
  readonly perUnitLabel: string | null;
  readonly groups: readonly Group[];
  /** How long the section took to run, in milliseconds (set by the suite). */
  readonly durationMs?: number;
}

/**
 * How a goal fared: `met` / `missed` for goals with a threshold, `reported` for figures the
 * issue asks to report without one, `not measured` when this run could not measure it (for
 * example cold start without a build).
 */
export type TargetStatus = 'met' | 'missed' | 'reported' | 'not measured';

/** A goal from the issue, evaluated on this run. */
export interface TargetResult {
  readonly id: string;
  readonly goal: string;
  readonly measured: string;
  readonly status: TargetStatus;
}

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly node: string;
  readonly v8: string;
  readonly os: string;
  readonly commit: string;
  /** The 1-minute load average when the run started and when it ended (other work slows the run). */
  readonly loadAverage: { readonly start: number; readonly end: number };
}

export interface BenchResults {
  readonly format: 1;
  readonly mode: 'full' | 'quick';
  readonly startedAt: string;
  readonly durationMs: number;
  readonly machine: Machine;
  readonly sections: readonly Section[];
  readonly targets: readonly TargetResult[];
}

/** The key that identifies a row across runs. */
export function rowKey(section: Section, group: Group, row: Row): string {
  return `${section.id}/${group.id}/${row.id}`;
}
