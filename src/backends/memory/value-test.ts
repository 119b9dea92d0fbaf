/**
 * What a positive comparison asks of one value, as data, and each test of one value written
 * once ({@link INLINE_TESTS}, {@link CALLED_TESTS}). A test becomes a call of one of those
 * ({@link testCall}): on a field, the link of that name in the key's slot runs it, with the
 * test's expression copied in by scripts/write-field-slots.mjs; elsewhere (variants, elements)
 * the definition itself runs. Negative operators are the complement of the positive ones and
 * never reach this level.
 *
 * Every test is false for a value that is missing or of the wrong JS type for the attribute
 * (a wrong-typed value counts as missing: docs/backends-memory.md).
 */
import type { Scalar } from '../../validate/validated-query.js';
import { caselessEquals } from './caseless.js';
import { instantPredicate, numberWindow, type InstantWindow } from './instant-test.js';
import type { LikeMatcher } from './like.js';
import { storedValueReader } from '../../schema/stored-value.js';
import type { ValueStorage } from '../../schema/types.js';

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
  | { readonly kind: 'caselessEquals'; readonly value: string }
  /**
   * `test` on the value a declared value storage holds (`1` for true, `"9.99"` for 9.99:
   * src/schema/stored-value.ts); a stored value that is none of the storage fails.
   */
  | { readonly kind: 'stored'; readonly storage: ValueStorage; readonly test: ValueTest };

export type ValueTestKind = ValueTest['kind'];

/** Lists longer than this are looked up in a Set (measured crossover between 4 and 8: docs/backends-memory.md). */
export const FEW_VALUES = 6;

/** Module-local, so that the definitions below read as the links' copies do (their scope has `finite` too). */
const finite: (x: unknown) => boolean = Number.isFinite;

/**
 * The tests every field slot inlines, one link each (field-slot-types.ts): each is written here
 * once, as `name: (arguments) => (x: unknown) => expression,` on one line, and
 * scripts/write-field-slots.mjs copies the expression into the links, where `x` is the value read
 * at the key. The expression may name its arguments, `x` and `finite` only. Every test is false
 * for a value that is missing or of the wrong JS type. Each entry is start-up time in every slot:
 * a test that is a call anyway, or that runs on few records, goes through `satisfies`.
 */
export const INLINE_TESTS = {
  equals: (v: Scalar) => (x: unknown) => x === v,
  oneOfTwo: (a: Scalar, b: Scalar) => (x: unknown) => x === a || x === b,
  oneOfThree: (a: Scalar, b: Scalar, c: Scalar) => (x: unknown) => x === a || x === b || x === c,
  isString: () => (x: unknown) => typeof x === 'string',
  isNumber: () => (x: unknown) => finite(x),
  isBoolean: () => (x: unknown) => typeof x === 'boolean',
  lessThan: (bound: number) => (x: unknown) => finite(x) && (x as number) < bound,
  atMost: (bound: number) => (x: unknown) => finite(x) && (x as number) <= bound,
  greaterThan: (bound: number) => (x: unknown) => finite(x) && (x as number) > bound,
  atLeast: (bound: number) => (x: unknown) => finite(x) && (x as number) >= bound,
  matches: (regex: RegExp) => (x: unknown) => typeof x === 'string' && regex.test(x),
  numberWindow: (lo: number, hi: number, other: (x: unknown) => boolean) => (x: unknown) => (typeof x === 'number' ? x >= lo && x < hi : typeof x === 'bigint' && other(x)),
  satisfies: (ok: (x: unknown) => boolean) => (x: unknown) => ok(x),
} as const;

/** The tests reached through `satisfies`: a call anyway (they allocate or hash), or rare. */
export const CALLED_TESTS = {
  oneOfList: (values: readonly Scalar[]) => (x: unknown) => values.includes(x as Scalar),
  inSet: (values: ReadonlySet<Scalar>) => (x: unknown) => values.has(x as Scalar),
  containsCaseless: (lowerNeedle: string) => (x: unknown) => typeof x === 'string' && x.toLowerCase().includes(lowerNeedle),
  caselessAffix: (test: (lower: string) => boolean) => (x: unknown) => typeof x === 'string' && test(x.toLowerCase()),
} as const;

export type InlineTests = typeof INLINE_TESTS;
export type InlineTestName = keyof InlineTests;

/** A test as the inline test that runs it and that test's arguments. */
export type TestCall = { readonly [N in InlineTestName]: readonly [name: N, ...args: Parameters<InlineTests[N]>] }[InlineTestName];

type TestOf<K extends ValueTestKind> = Extract<ValueTest, { kind: K }>;

const PRESENT: { readonly [K in ValueKind]: TestCall } = { string: ['isString'], number: ['isNumber'], boolean: ['isBoolean'] };

const RANGE: { readonly [Op in RangeOperator]: 'lessThan' | 'atMost' | 'greaterThan' | 'atLeast' } = {
  LT: 'lessThan',
  LTE: 'atMost',
  GT: 'greaterThan',
  GTE: 'atLeast',
};

const LIKE: { readonly [K in LikeMatcher['kind']]: (m: Extract<LikeMatcher, { kind: K }>) => TestCall } = {
  any: () => ['isString'],
  regex: (m) => ['matches', m.regex],
  includes: (m) => ['satisfies', CALLED_TESTS.containsCaseless(m.lowerNeedle)],
  affix: (m) => ['satisfies', CALLED_TESTS.caselessAffix(m.test)],
};

/** The call of each test kind: a kind without one does not compile. */
const CALLS: { readonly [K in ValueTestKind]: (test: TestOf<K>) => TestCall } = {
  equals: ({ value }) => ['equals', value],
  // Two or three values compared one by one, as a hand-written `||` chain would (`includes` is a
  // call per record, 10–15% of a high-match IN).
  oneOfFew: ({ values }) => {
    const [a, b, c] = values;
    if (values.length === 1) return ['equals', a!];
    if (values.length === 2) return ['oneOfTwo', a!, b!];
    if (values.length === 3) return ['oneOfThree', a!, b!, c!];
    return ['satisfies', CALLED_TESTS.oneOfList(values)];
  },
  oneOfSet: ({ values }) => ['satisfies', CALLED_TESTS.inSet(values)],
  present: ({ valueKind }) => PRESENT[valueKind],
  range: ({ operator, bound }) => [RANGE[operator], bound],
  like: ({ matcher }) => (LIKE[matcher.kind] as (m: LikeMatcher) => TestCall)(matcher),
  instant: (test) => {
    const numbers = numberWindow(test);
    return numbers === undefined ? ['satisfies', instantPredicate(test)] : ['numberWindow', numbers.lo, numbers.hi, numbers.other];
  },
  caselessEquals: ({ value }) => ['satisfies', caselessEquals(value)],
  stored: ({ storage, test }) => {
    const read = storedValueReader(storage);
    const passes = valuePredicate(test);
    return [
      'satisfies',
      (x) => {
        const v = read(x);
        return v !== undefined && passes(v);
      },
    ];
  },
};

/**
 * The inline test that runs `test`, with its arguments.
 *
 * @example
 * ```ts
 * testCall({ kind: 'range', operator: 'GTE', bound: 10 }); // ['atLeast', 10]
 * ```
 */
export function testCall(test: ValueTest): TestCall {
  // The table is keyed by kind, so the test matches its entry; TS cannot see the correlation.
  return (CALLS[test.kind] as (t: ValueTest) => TestCall)(test);
}

/**
 * The test as a function of one value, for sources that cannot inline it (variants, elements).
 *
 * @example
 * ```ts
 * valuePredicate({ kind: 'range', operator: 'GTE', bound: 10 })(12); // true
 * ```
 */
export function valuePredicate(test: ValueTest): (x: unknown) => boolean {
  const [name, ...args] = testCall(test);
  // `satisfies` holds its test already: no wrapper around it.
  if (name === 'satisfies') return args[0] as (x: unknown) => boolean;
  return (INLINE_TESTS[name] as (...a: readonly unknown[]) => (x: unknown) => boolean)(...args);
}

/**
 * A LIKE matcher as a test of one value: false for anything but a string.
 *
 * @example
 * ```ts
 * likePredicate(likeMatcher('jo'))('JOHN'); // true
 * ```
 */
export function likePredicate(matcher: LikeMatcher): (x: unknown) => boolean {
  return valuePredicate({ kind: 'like', matcher });
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
