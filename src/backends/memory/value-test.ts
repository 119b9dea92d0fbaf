/**
 * What a positive comparison asks of one value, as data. The source compilers (`sources.ts`)
 * turn each kind into a closure shaped for where the value lives; negative operators are the
 * complement of the positive ones and never reach this level.
 *
 * Every test is false for a value that is missing or of the wrong JS type for the attribute
 * (a wrong-typed value counts as missing: docs/backends-memory.md).
 */
import type { Scalar } from '../../validate/validated-query.js';
import { caselessEquals } from './caseless.js';
import { instantPredicate, type InstantWindow } from './instant-test.js';
import type { LikeMatcher } from './like.js';

/** The JS type of an attribute's values. */
export type ValueKind = 'string' | 'number' | 'boolean';

export type RangeOperator = 'LT' | 'LTE' | 'GT' | 'GTE';

export type ValueTest =
  /**
   * `x === value` (for numbers, `value` is finite, so `x` is too). The compiler passes a string
   * {@link internalized}, as it does the values of `oneOfFew`.
   */
  | { readonly kind: 'equals'; readonly value: Scalar }
  /** A finite number on the right side of `bound`. */
  | { readonly kind: 'range'; readonly operator: RangeOperator; readonly bound: number }
  | { readonly kind: 'like'; readonly matcher: LikeMatcher }
  /** One of a few values (a linear scan beats hashing for short lists). */
  | { readonly kind: 'oneOfFew'; readonly values: readonly Scalar[] }
  | { readonly kind: 'oneOfSet'; readonly values: ReadonlySet<Scalar> }
  /** Any value of the attribute's type: the complement of `EQ null`. */
  | { readonly kind: 'present'; readonly valueKind: ValueKind }
  /**
   * A Timestamp comparison: a valid instant of the storage whose whole second lies in the
   * window (instant-test.ts), which also stands for "has a value" (`[−∞, ∞)`).
   */
  | ({ readonly kind: 'instant' } & InstantWindow)
  /** A uuid: a text equal to `value` (lower-case) but for the case of ASCII letters. */
  | { readonly kind: 'caselessEquals'; readonly value: string };

export type ValueTestKind = ValueTest['kind'];

/** Lists longer than this are looked up in a Set (measured crossover between 4 and 8: docs/backends-memory.md). */
export const FEW_VALUES = 6;

/**
 * The test as a function of one value, for sources that cannot inline it (variants, elements).
 *
 * @example
 * ```ts
 * valuePredicate({ kind: 'range', operator: 'GTE', bound: 10 })(12); // true
 * ```
 */
export function valuePredicate(test: ValueTest): (x: unknown) => boolean {
  switch (test.kind) {
    case 'equals': {
      const v = test.value;
      return (x) => x === v;
    }
    case 'range':
      return rangePredicate(test.operator, test.bound);
    case 'like':
      return likePredicate(test.matcher);
    case 'oneOfFew': {
      const values = test.values;
      return (x) => values.includes(x as Scalar);
    }
    case 'oneOfSet': {
      const values = test.values;
      return (x) => values.has(x as Scalar);
    }
    case 'present':
      return presentPredicate(test.valueKind);
    case 'instant':
      return instantPredicate(test);
    case 'caselessEquals':
      return caselessEquals(test.value);
  }
}

/**
 * The value with any string in V8's internalized form, the form of property keys and string
 * literals. A value cut from the query text may be a view into that text (a sliced string), and
 * every comparison with one first goes through the engine's runtime to resolve the view: about
 * 60 ns per comparison, 1.7x the hand-written arrow on `request-1` (bench/NOTEBOOK.md).
 * Internalized, it compares at native speed, and with a literal such as an enum value from the
 * data by a pointer comparison. Same value either way, so no test can tell.
 *
 * @example
 * ```ts
 * internalized('agnt_0123456789abcdefghijk'); // 'agnt_0123456789abcdefghijk'
 * ```
 */
export function internalized<T extends Scalar>(value: T): T {
  if (typeof value !== 'string') return value;
  // A property key is always internalized, and for-in hands back the key itself: a third of the
  // cost of Object.keys on an object literal with a computed key. Anything else for-in could
  // meet first (`__proto__` sets no own key; an enumerable property someone added to
  // Object.prototype) is not the value, and then the value is kept as it is.
  const holder: Record<string, number> = {};
  holder[value] = 0;
  for (const key in holder) return (key === value ? key : value) as T;
  return value;
}

/**
 * A LIKE matcher as a test of one value: false for anything but a string.
 *
 * @example
 * ```ts
 * likePredicate(likeMatcher('jo'))('JOHN'); // true
 * ```
 */
export function likePredicate(m: LikeMatcher): (x: unknown) => boolean {
  switch (m.kind) {
    case 'any':
      return (x) => typeof x === 'string';
    case 'regex': {
      const re = m.regex;
      return (x) => typeof x === 'string' && re.test(x);
    }
    case 'includes': {
      const n = m.lowerNeedle;
      return (x) => typeof x === 'string' && x.toLowerCase().includes(n);
    }
    case 'affix': {
      const test = m.test;
      return (x) => typeof x === 'string' && test(x.toLowerCase());
    }
  }
}

function rangePredicate(operator: RangeOperator, b: number): (x: unknown) => boolean {
  switch (operator) {
    case 'LT':
      return (x) => lessThan(x, b);
    case 'LTE':
      return (x) => atMost(x, b);
    case 'GT':
      return (x) => greaterThan(x, b);
    case 'GTE':
      return (x) => atLeast(x, b);
  }
}

// The range tests of one value. Number.isFinite is false for non-numbers, NaN and ±Infinity:
// all count as missing.

/** `x` is a finite number below `b`. */
export function lessThan(x: unknown, b: number): boolean {
  return Number.isFinite(x) && (x as number) < b;
}

/** `x` is a finite number at most `b`. */
export function atMost(x: unknown, b: number): boolean {
  return Number.isFinite(x) && (x as number) <= b;
}

/** `x` is a finite number above `b`. */
export function greaterThan(x: unknown, b: number): boolean {
  return Number.isFinite(x) && (x as number) > b;
}

/** `x` is a finite number at least `b`. */
export function atLeast(x: unknown, b: number): boolean {
  return Number.isFinite(x) && (x as number) >= b;
}

function presentPredicate(kind: ValueKind): (x: unknown) => boolean {
  switch (kind) {
    case 'string':
      return (x) => typeof x === 'string';
    case 'number':
      return (x) => Number.isFinite(x);
    case 'boolean':
      return (x) => typeof x === 'boolean';
  }
}
