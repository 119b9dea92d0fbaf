/**
 * Timestamp comparisons in memory (docs/language.md, rule 6): every one asks whether the whole
 * second a stored instant counts as lies in a window `[low, high)` of seconds, and since that
 * second is the instant floored, the window applies to the stored value itself, with its bounds
 * in the storage's unit. `EQ t` is `[t, t+1)`, `LT t` is `[−∞, t)`, `LTE t` is `[−∞, t+1)`, `GT t`
 * is `[t+1, ∞)`, `GTE t` is `[t, ∞)`, and "has a value" (the complement of `EQ null`) is
 * `[−∞, ∞)`. What counts as a valid instant of each storage is src/schema/stored-instant.ts's.
 */
import { canonicalIsoRange, canonicalIsoSeconds } from '../../schema/canonical-iso.js';
import { dateMilliseconds, isoTextSeconds, MAX_DATE_MILLISECONDS } from '../../schema/stored-instant.js';
import type { TimestampStorage, TimestampStorageKind } from '../../schema/types.js';

/** A window of whole seconds, `low` included, `high` not; either may be infinite. */
export interface InstantWindow {
  readonly storage: TimestampStorage;
  readonly low: number;
  readonly high: number;
}

/**
 * A window over a storage that holds numbers, in the storage's unit: a number `x` is in it when
 * `lo <= x && x < hi` (which also refuses NaN and the infinities), and a bigint when `other(x)`
 * holds (within the window). Links ask `typeof x === 'bigint'` inline before calling `other`, so
 * the common value that is no number, `null`, costs no call.
 */
export interface NumberWindow {
  readonly lo: number;
  readonly hi: number;
  readonly other: (x: unknown) => boolean;
}

/** What a window tests, for one storage: a number window where the storage holds numbers. */
interface InstantTests {
  readonly numbers: NumberWindow | undefined;
  readonly test: (x: unknown) => boolean;
}

type StorageOf<K extends TimestampStorageKind> = Extract<TimestampStorage, { kind: K }>;

/** One entry per storage kind: a new kind does not compile until its window can be tested. */
const TESTS: { readonly [K in TimestampStorageKind]: (storage: StorageOf<K>, low: number, high: number) => InstantTests } = {
  // Any finite number is an instant; a bigint only within ±(2^53 − 1). The lowest bound is the
  // most negative double, so that −∞ is refused.
  unix_seconds: (_, low, high) =>
    numbersTests(Math.max(low, -Number.MAX_VALUE), high, Math.max(low, -Number.MAX_SAFE_INTEGER), Math.min(high, Number.MAX_SAFE_INTEGER + 1)),
  // Within the range of a Date, numbers and bigints alike: 8.64e15 + 1 is the next double above
  // the largest (below 2^53 doubles are whole numbers apart).
  unix_milliseconds: (_, low, high) => {
    const lo = Math.max(low * 1000, -MAX_DATE_MILLISECONDS);
    const hi = Math.min(high * 1000, MAX_DATE_MILLISECONDS + 1);
    return numbersTests(lo, hi, lo, hi);
  },
  date: (_, low, high) => {
    const lo = low * 1000;
    const hi = high * 1000;
    // NaN (no Date, or an invalid one) fails both comparisons.
    return { numbers: undefined, test: (x) => within(dateMilliseconds(x), lo, hi) };
  },
  iso_text: ({ timeZone }, low, high) => ({
    numbers: undefined,
    test: (x) => typeof x === 'string' && within(isoTextSeconds(x, timeZone, false), low, high),
  }),
  // A range on the text first (canonical texts order as their instants), then the text's form.
  iso_canonical: (_, low, high) => {
    const range = canonicalIsoRange(Number.isFinite(low) ? low : undefined, Number.isFinite(high) ? high : undefined);
    if (range === undefined) return { numbers: undefined, test: () => false };
    const { from, to } = range;
    return { numbers: undefined, test: (x) => typeof x === 'string' && x >= from && x <= to && !Number.isNaN(canonicalIsoSeconds(x)) };
  },
};

function within(n: number, lo: number, hi: number): boolean {
  return n >= lo && n < hi;
}

/** Numbers in `[lo, hi)`, bigints in `[bigLo, bigHi)` (a bigint compares exactly with a number). */
function numbersTests(lo: number, hi: number, bigLo: number, bigHi: number): InstantTests {
  const other = (x: unknown) => typeof x === 'bigint' && x >= bigLo && x < bigHi;
  return { numbers: { lo, hi, other }, test: (x) => (typeof x === 'number' ? x >= lo && x < hi : other(x)) };
}

function testsOf({ storage, low, high }: InstantWindow): InstantTests {
  // The table is keyed by kind, so the storage matches its entry; TS cannot see the correlation.
  return (TESTS[storage.kind] as (s: TimestampStorage, low: number, high: number) => InstantTests)(storage, low, high);
}

/**
 * Whether a stored value is an instant of the window's storage whose whole second lies in the
 * window.
 *
 * @example
 * ```ts
 * const eq = instantPredicate({ storage: { kind: 'unix_milliseconds' }, low: 1714555800, high: 1714555801 });
 * eq(1714555800999); // true: EQ 2024-05-01T09:30:00Z
 * eq(1714555801000); // false
 * ```
 */
export function instantPredicate(window: InstantWindow): (x: unknown) => boolean {
  return testsOf(window).test;
}

/**
 * The window in the unit of a storage that holds numbers (Unix seconds or milliseconds), for
 * code that inlines the test of a number; undefined for other storages.
 *
 * @example
 * ```ts
 * numberWindow({ storage: { kind: 'unix_milliseconds' }, low: 10, high: Infinity }); // { lo: 10000, hi: 8640000000000001, other }
 * ```
 */
export function numberWindow(window: InstantWindow): NumberWindow | undefined {
  return testsOf(window).numbers;
}
