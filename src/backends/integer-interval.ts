/**
 * The integers a Number comparison allows: a column that holds only integers cannot take the
 * query's number itself where it is no integer (`14.5`) or lies outside the column's type
 * (`3000000000` against a 32-bit integer), so a backend compares the integers the bound allows
 * instead. `GT 14.5` is `≥ 15`, `EQ 14.5` allows none, and a bound beyond the type allows all of
 * its integers or none.
 */

/** A range of numbers: `lo ≤ x ≤ hi`, each side strict when its `open` flag is set, absent when open-ended. */
export interface NumberRange {
  readonly lo?: number | undefined;
  readonly loOpen?: boolean | undefined;
  readonly hi?: number | undefined;
  readonly hiOpen?: boolean | undefined;
}

/** The integers of a signed 64-bit column (PostgreSQL `bigint`, MySQL `BIGINT`, DuckDB `BIGINT`). */
export const INT64_RANGE: readonly [bigint, bigint] = [-(2n ** 63n), 2n ** 63n - 1n];

/**
 * The integers of `range` that lie in `[min, max]`, as the closed interval `[lo, hi]`; undefined
 * when there are none. Bounds are finite numbers (the validator reads no other).
 *
 * @example
 * ```ts
 * integerInterval({ lo: 14.5, loOpen: true }, INT64_RANGE); // { lo: 15n, hi: 9223372036854775807n }
 * integerInterval({ lo: 14.5, hi: 14.5 }, INT64_RANGE); // undefined
 * integerInterval({ hi: 3e9 }, [-(2n ** 31n), 2n ** 31n - 1n]); // { lo: -2147483648n, hi: 2147483647n }
 * ```
 */
export function integerInterval(range: NumberRange, [min, max]: readonly [bigint, bigint]): { readonly lo: bigint; readonly hi: bigint } | undefined {
  const lo = range.lo === undefined ? min : range.loOpen === true ? BigInt(Math.floor(range.lo)) + 1n : BigInt(Math.ceil(range.lo));
  const hi = range.hi === undefined ? max : range.hiOpen === true ? BigInt(Math.ceil(range.hi)) - 1n : BigInt(Math.floor(range.hi));
  const from = lo < min ? min : lo;
  const to = hi > max ? max : hi;
  return from > to ? undefined : { lo: from, hi: to };
}
