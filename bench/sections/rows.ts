/** Turning measurements into result rows. */
import type { Measured } from '../harness/compare.js';
import type { Row } from '../report/results.js';

/**
 * A measured row; `size` (records, predicates, characters) gives its per-unit value.
 *
 * @example
 * ```ts
 * measuredRow(m, 100_000).perUnit; // ns per record
 * ```
 */
export function measuredRow(m: Measured, size: number | null, note: string | null = null): Row {
  return {
    id: m.id,
    label: m.label,
    value: m.nsPerOp,
    ratio: m.ratio,
    perUnit: size === null || size === 0 ? null : m.nsPerOp / size,
    count: m.count ?? null,
    note,
  };
}

/**
 * A row for an alternative that cannot run the workload.
 *
 * @example
 * ```ts
 * naRow('liqe', 'liqe 3', 'liqe has no IN').value; // null
 * ```
 */
export function naRow(id: string, label: string, reason: string): Row {
  return { id, label, value: null, ratio: null, perUnit: null, count: null, note: `n/a: ${reason}` };
}

/**
 * Human form of a record count: `100k`, `1M`.
 *
 * @example
 * ```ts
 * sizeLabel(1_000_000); // '1M'
 * ```
 */
export function sizeLabel(n: number): string {
  if (n >= 1e6 && n % 1e6 === 0) return `${n / 1e6}M`;
  if (n >= 1e3 && n % 1e3 === 0) return `${n / 1e3}k`;
  return String(n);
}
