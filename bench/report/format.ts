/** Number formatting for tables: three significant digits and a unit that fits the size. */

function sig(value: number): string {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  return value.toPrecision(2);
}

/**
 * A duration given in nanoseconds, in ns, µs, ms or s.
 *
 * @example
 * ```ts
 * formatNs(1234); // '1.23 µs'
 * ```
 */
export function formatNs(ns: number): string {
  if (ns < 1e3) return `${sig(ns)} ns`;
  if (ns < 1e6) return `${sig(ns / 1e3)} µs`;
  if (ns < 1e9) return `${sig(ns / 1e6)} ms`;
  return `${sig(ns / 1e9)} s`;
}

/**
 * A byte count in B, KB or MB (powers of 1000, as the baseline reported them).
 *
 * @example
 * ```ts
 * formatBytes(115_000); // '115 KB'
 * ```
 */
export function formatBytes(bytes: number): string {
  if (Math.abs(bytes) < 1e3) return `${sig(bytes)} B`;
  if (Math.abs(bytes) < 1e6) return `${sig(bytes / 1e3)} KB`;
  return `${sig(bytes / 1e6)} MB`;
}

/**
 * A ratio as `1.23x`.
 *
 * @example
 * ```ts
 * formatRatio(0.8765); // '0.88x'
 * ```
 */
export function formatRatio(ratio: number): string {
  return `${sig(ratio)}x`;
}

/**
 * A relative change as a signed percentage.
 *
 * @example
 * ```ts
 * formatChange(1.1, 1); // '+10%'
 * ```
 */
export function formatChange(now: number, before: number): string {
  if (before === 0) return '';
  const pct = (now / before - 1) * 100;
  const rounded = Math.abs(pct) < 10 ? pct.toFixed(1) : pct.toFixed(0);
  return `${pct >= 0 ? '+' : ''}${rounded}%`;
}

/**
 * A plain number with three significant digits.
 *
 * @example
 * ```ts
 * formatNumber(12.345); // '12.3'
 * ```
 */
export function formatNumber(value: number): string {
  return sig(value);
}
