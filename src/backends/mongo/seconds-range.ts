/**
 * Timestamp comparisons as ranges of instants (docs/language.md, rule 6). A stored instant `x`
 * counts as the whole second it falls in, so against an integer `t`: `EQ t` is `t ≤ x < t+1`,
 * `LT t` is `x < t`, `LTE t` is `x < t+1`, `GT t` is `x ≥ t+1`, `GTE t` is `x ≥ t`. Every
 * storage then compares the raw stored value against the bounds `t` or `t+1`, scaled to it.
 */
import type { Operator } from '../../ast/nodes.js';

/** The instants `from ≤ x < to`, in seconds; an absent side is open. */
export interface SecondsRange {
  readonly from?: number;
  readonly to?: number;
}

/** Every instant: what "has a value" means. */
export const ALL_INSTANTS: SecondsRange = Object.freeze({});

/** The operators that order a timestamp against one value. */
export type OrderingOperator = Extract<Operator, 'EQ' | 'LT' | 'LTE' | 'GT' | 'GTE'>;

/**
 * The instants that `operator t` selects.
 *
 * @example
 * ```ts
 * SECONDS_RANGE.EQ(1700000000); // { from: 1700000000, to: 1700000001 }
 * SECONDS_RANGE.GT(1700000000); // { from: 1700000001 }
 * ```
 */
export const SECONDS_RANGE: { readonly [Op in OrderingOperator]: (t: number) => SecondsRange } = {
  EQ: (t) => ({ from: t, to: t + 1 }),
  LT: (t) => ({ to: t }),
  LTE: (t) => ({ to: t + 1 }),
  GT: (t) => ({ from: t + 1 }),
  GTE: (t) => ({ from: t }),
};

/**
 * The seconds `values` select under `EQ` (or `IN`), as few ranges: sorted, repeats dropped,
 * consecutive seconds joined (`IN 5,6,9` is `[5, 7)` and `[9, 10)`).
 *
 * @example
 * ```ts
 * wholeSeconds([9, 5, 6, 5]); // [{ from: 5, to: 7 }, { from: 9, to: 10 }]
 * ```
 */
export function wholeSeconds(values: readonly number[]): SecondsRange[] {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const ranges: { from: number; to: number }[] = [];
  for (const t of sorted) {
    const last = ranges[ranges.length - 1];
    if (last !== undefined && last.to === t) last.to = t + 1;
    else ranges.push({ from: t, to: t + 1 });
  }
  return ranges;
}
