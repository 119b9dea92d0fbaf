/**
 * Turns a value test into a record predicate for each kind of attribute source (schema
 * `AttributeSource`): a field, a variant chosen by a tag, or "some element of some arrays".
 *
 * Field predicates are the hot path, so each test kind gets its own closure that reads the
 * field through the key's reader (`field-reader.ts`) and inlines the test. Reads are prototype-safe:
 * a value counts only if it is an own property of an object (the own-check runs after the cheap
 * test, since a record that fails the test fails either way), and keys are checked when the
 * query is compiled.
 */
import type { AttributeSource } from '../../schema/types.js';
import type { Scalar } from '../../validate/validated-query.js';
import type { LikeMatcher } from './like.js';
import { fieldAccess, fieldReader, listAccess, type FieldReader } from './field-reader.js';
import { MAX_UNCHECKED_SCAN, someOwnElement } from './element-scan.js';
import { ownFound } from './own-key.js';
import { caselessEquals } from './caseless.js';
import { instantPredicate, numberWindow, type NumberWindow } from './instant-test.js';
import { atLeast, atMost, greaterThan, lessThan, valuePredicate, type RangeOperator, type ValueKind, type ValueTest, type ValueTestKind } from './value-test.js';

export type RecordPredicate = (record: unknown) => boolean;

/**
 * Module-local on purpose: module loaders (vitest, tsx) may turn an imported binding into a
 * getter call, which the hot closures below must not pay for on every record. Arrays count as
 * objects: they simply lack the fields.
 */
function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}

type TestOf<K extends ValueTestKind> = Extract<ValueTest, { kind: K }>;

/**
 * One closure factory per test kind: a kind without one does not compile. Each closure computes
 * "the record has a value passing the test" and compares it with `want`: `true` for a positive
 * operator, `false` for its `NOT_*` complement. One expression for both is what makes the
 * complement exact, and fusing the negation saves a call per record.
 *
 * With `own` false the closure skips the own-property check: only for a positive test whose
 * caller checks it afterwards (see `allOf` in build.ts).
 */
const FIELD: {
  readonly [K in ValueTestKind]: (field: string, test: TestOf<K>, want: boolean, own: boolean) => RecordPredicate;
} = {
  equals: (f, test, want, own) => {
    const { read, own: owns } = fieldAccess(f);
    const v = test.value;
    return (r) => (isRecord(r) && read(r) === v && (!own || owns(r))) === want;
  },
  range: (f, { operator, bound }, want, own) => fieldRange(f, operator, bound, want, own),
  like: (f, { matcher }, want, own) => fieldLike(f, matcher, want, own),
  oneOfFew: (f, { values }, want, own) => fieldOneOfFew(f, values, want, own),
  oneOfSet: (f, { values }, want, own) => {
    const { read, own: owns } = fieldAccess(f);
    return (r) => (isRecord(r) && values.has(read(r) as never) && (!own || owns(r))) === want;
  },
  present: (f, { valueKind }, want, own) => fieldPresent(f, valueKind, want, own),
  instant: (f, test, want, own) => {
    const numbers = numberWindow(test);
    return numbers === undefined ? fieldSatisfies(f, instantPredicate(test), want, own) : fieldNumberWindow(f, numbers, want, own);
  },
  caselessEquals: (f, { value }, want, own) => fieldSatisfies(f, caselessEquals(value), want, own),
};

/** A number in `[lo, hi)` inline, as the range tests are; anything else by `other`. */
function fieldNumberWindow(f: string, { lo, hi, other }: NumberWindow, want: boolean, own: boolean): RecordPredicate {
  const { read, own: owns } = fieldAccess(f);
  return (r) => {
    if (!isRecord(r)) return !want;
    const x = read(r);
    return ((typeof x === 'number' ? x >= lo && x < hi : other(x)) && (!own || owns(r))) === want;
  };
}

/** A value passing `ok`, for tests that are a call anyway (a Date, a text to parse or fold). */
function fieldSatisfies(f: string, ok: (x: unknown) => boolean, want: boolean, own: boolean): RecordPredicate {
  const { read, own: owns } = fieldAccess(f);
  return (r) => (isRecord(r) && ok(read(r)) && (!own || owns(r))) === want;
}

/**
 * One of a few values: two or three are compared one by one, as a hand-written `||` chain would
 * (`includes` is a call per record, 10–15% of a high-match IN); more are scanned.
 */
function fieldOneOfFew(f: string, values: readonly Scalar[], want: boolean, own: boolean): RecordPredicate {
  const { read, own: owns } = fieldAccess(f);
  const [a, b, c] = values;
  switch (values.length) {
    case 2:
      return (r) => {
        if (!isRecord(r)) return !want;
        const x = read(r);
        return ((x === a || x === b) && (!own || owns(r))) === want;
      };
    case 3:
      return (r) => {
        if (!isRecord(r)) return !want;
        const x = read(r);
        return ((x === a || x === b || x === c) && (!own || owns(r))) === want;
      };
    default:
      return (r) => (isRecord(r) && values.includes(read(r) as never) && (!own || owns(r))) === want;
  }
}

function fieldRange(f: string, operator: RangeOperator, b: number, want: boolean, own: boolean): RecordPredicate {
  const { read, own: owns } = fieldAccess(f);
  // Number.isFinite is false for non-numbers, NaN and ±Infinity: all count as missing.
  switch (operator) {
    case 'LT':
      return (r) => (isRecord(r) && lessThan(read(r), b) && (!own || owns(r))) === want;
    case 'LTE':
      return (r) => (isRecord(r) && atMost(read(r), b) && (!own || owns(r))) === want;
    case 'GT':
      return (r) => (isRecord(r) && greaterThan(read(r), b) && (!own || owns(r))) === want;
    case 'GTE':
      return (r) => (isRecord(r) && atLeast(read(r), b) && (!own || owns(r))) === want;
  }
}

function fieldLike(f: string, m: LikeMatcher, want: boolean, own: boolean): RecordPredicate {
  const { read, own: owns } = fieldAccess(f);
  switch (m.kind) {
    case 'any':
      return (r) => (isRecord(r) && typeof read(r) === 'string' && (!own || owns(r))) === want;
    case 'regex': {
      const re = m.regex;
      return (r) => {
        if (!isRecord(r)) return !want;
        const x = read(r);
        return (typeof x === 'string' && re.test(x) && (!own || owns(r))) === want;
      };
    }
    case 'includes': {
      const n = m.lowerNeedle;
      return (r) => {
        if (!isRecord(r)) return !want;
        const x = read(r);
        return (typeof x === 'string' && x.toLowerCase().includes(n) && (!own || owns(r))) === want;
      };
    }
    case 'affix': {
      const test = m.test;
      return (r) => {
        if (!isRecord(r)) return !want;
        const x = read(r);
        return (typeof x === 'string' && test(x.toLowerCase()) && (!own || owns(r))) === want;
      };
    }
  }
}

function fieldPresent(f: string, kind: ValueKind, want: boolean, own: boolean): RecordPredicate {
  const { read, own: owns } = fieldAccess(f);
  switch (kind) {
    case 'string':
      return (r) => (isRecord(r) && typeof read(r) === 'string' && (!own || owns(r))) === want;
    case 'number':
      return (r) => (isRecord(r) && Number.isFinite(read(r)) && (!own || owns(r))) === want;
    case 'boolean':
      return (r) => (isRecord(r) && typeof read(r) === 'boolean' && (!own || owns(r))) === want;
  }
}

/**
 * The predicate for `test` on the field `f`. With `own` false the own-property check is left to
 * the caller (see {@link FIELD}).
 *
 * @example
 * ```ts
 * fieldPredicate('name', { kind: 'equals', value: 'Ada' }, true, true)({ name: 'Ada' }); // true
 * ```
 */
export function fieldPredicate(f: string, test: ValueTest, want: boolean, own: boolean): RecordPredicate {
  // The table is keyed by kind, so the test matches its factory; TS cannot see the correlation.
  return (FIELD[test.kind] as (f: string, t: ValueTest, want: boolean, own: boolean) => RecordPredicate)(f, test, want, own);
}

/**
 * The attribute is `record[fields[record[tag]]]`; a record whose tag is missing or not listed
 * has no value.
 */
function variant(tag: string, fields: ReadonlyMap<string, string>, test: ValueTest, want: boolean): RecordPredicate {
  const ok = valuePredicate(test);
  return (r) => {
    if (!isRecord(r)) return !want;
    const t = r[tag];
    if (typeof t !== 'string' || !ownFound(r, tag)) return !want;
    const f = fields.get(t);
    return (f !== undefined && ok(r[f]) && ownFound(r, f)) === want;
  };
}

type ElementSource = Extract<AttributeSource, { readonly kind: 'element' }>;

/** An element source with its keys checked (by the `key` of {@link sourcePredicate}). */
interface ElementKeys {
  readonly arrays: readonly string[];
  readonly where: string;
  readonly oneOf: readonly string[];
  readonly value: string;
  readonly ignorePrefix: string | undefined;
}

function elementKeys(source: ElementSource, key: (k: string) => string): ElementKeys {
  return {
    arrays: source.arrays.map(key),
    where: key(source.where.field),
    oneOf: source.where.oneOf,
    value: key(source.value),
    ignorePrefix: source.ignorePrefix,
  };
}

/**
 * Whether the test on an element source has the slots' scan (field-slot-types.ts,
 * `holdsEqual`): one tag and an equality, the common collection test (an id among the
 * resources), on one or two lists.
 */
export function hasElementScan(source: ElementSource, test: ValueTest): test is Extract<ValueTest, { kind: 'equals' }> {
  return test.kind === 'equals' && source.where.oneOf.length === 1 && source.ignorePrefix === undefined && source.arrays.length <= 2;
}

/**
 * Some element `e` of one of the arrays, with `e[where]` among `oneOf`, has a value `e[value]`
 * that passes the test. With `ignorePrefix`, one leading occurrence is dropped from the value
 * first (the query's value was normalized the same way by the validator).
 *
 * Two passes, for the record that fails, as most do: a scan with `Array.prototype.some` for an
 * element that may count (tag, then value), and only for a record where it finds one, the exact
 * test with the own-property checks. The scan alone is as fast as the hand-written `.some()`
 * arrow; with `Array.isArray` or `Object.hasOwn` in the same closure it measured 10–15% slower.
 * Where the slots have a scan for the test, it is code of the array key's slot, with the
 * element's reads and the test inline, as in a hand-written arrow.
 */
function element(keys: ElementKeys, source: ElementSource, test: ValueTest, want: boolean): RecordPredicate {
  const { arrays, where, value } = keys;
  const candidate = elementCandidate(keys, test);
  const exact = exactElement(keys, candidate);
  const [inA, inB] = hasElementScan(source, test)
    ? arrays.map((a) => listAccess(a).holdsEqual(where, keys.oneOf[0]!, value, test.value))
    : arrays.map((a) => mayHold(fieldReader(a), candidate));
  if (arrays.length === 1) return (r) => (isRecord(r) && inA!(r) && exact(r)) === want;
  if (arrays.length === 2) return (r) => (isRecord(r) && (inA!(r) || inB!(r)) && exact(r)) === want;
  return (r) => (isRecord(r) && exact(r)) === want;
}

/**
 * The exact test of an element source whose scan is the slots' (see {@link hasElementScan}),
 * and the keys it reads: a chain's link (field-chain.ts) runs the scans itself and calls
 * `exact` only for a record where they found an element that may count.
 *
 * @example
 * ```ts
 * // agent_id: some element of `resources` whose type is agent, by its id
 * const { exact } = elementEqualParts(agentIdSource, { kind: 'equals', value: 'agnt_1' }, (k) => k);
 * exact({ resources: [{ type: 'agent', id: 'agnt_1' }] }); // true
 * ```
 */
export function elementEqualParts(
  source: ElementSource,
  test: Extract<ValueTest, { kind: 'equals' }>,
  key: (k: string) => string,
): { readonly keys: ElementKeys; readonly exact: (r: object) => boolean } {
  const keys = elementKeys(source, key);
  return { keys, exact: exactElement(keys, elementCandidate(keys, test)) };
}

/** Module-local, as `isRecord`; compared with an array's `some` before calling it. */
const arraySome = Array.prototype.some;

type Rec = Readonly<Record<string, unknown>>;

/**
 * An element that may count: `e[where]` among `oneOf` and `e[value]` passing `ok`, neither
 * checked to be own, and `e` only checked not to throw on a read (a primitive has neither
 * field unless its prototype does).
 */
function elementCandidate({ where, oneOf, value: valueKey, ignorePrefix }: ElementKeys, test: ValueTest): (e: unknown) => boolean {
  const ok = ignorePrefix === undefined ? valuePredicate(test) : withoutPrefix(ignorePrefix, valuePredicate(test));
  const tag = fieldReader(where);
  const value = fieldReader(valueKey);
  const tagOk = tagTest(oneOf);
  return (e) => e != null && tagOk(tag(e as Rec)) && ok(value(e as Rec));
}

/**
 * A necessary condition of "the array at `read` holds an element that counts": false when the
 * value there is no object, or when `Array.prototype.some` finds no candidate in it.
 */
function mayHold(read: FieldReader, candidate: (e: unknown) => boolean): (r: Rec) => boolean {
  return (r) => {
    const list = read(r);
    if (!isRecord(list)) return false;
    // An array with a `some` of its own may hold one: the exact test decides, without calling it.
    if (list.some !== arraySome) return Array.isArray(list);
    const array = list as unknown as readonly unknown[];
    // Array.isArray only for a long list: in the hot path it cost ~10% (request-1). A short
    // array-like that inherits `some` is scanned (and then refused by the exact test). A long
    // array is walked by its own keys, and a long array-like never, so no record can make the
    // scan run for ever.
    if (array.length <= MAX_UNCHECKED_SCAN) return array.some(candidate);
    return Array.isArray(list) && someOwnElement(array, candidate);
  };
}

/** The exact test: an own array property holding an object with `where` and `valueKey` own, that is a candidate. */
function exactElement({ arrays, where, value: valueKey }: ElementKeys, candidate: (e: unknown) => boolean): (r: object) => boolean {
  const readers = arrays.map(fieldReader);
  const counts = (e: unknown) => isRecord(e) && candidate(e) && ownFound(e, where) && ownFound(e, valueKey);
  return (r) => {
    for (let a = 0; a < arrays.length; a++) {
      const list = readers[a]!(r as Rec);
      if (!Array.isArray(list) || !ownFound(r, arrays[a]!)) continue;
      if (someOwnElement(list, counts)) return true;
    }
    return false;
  };
}

function tagTest(oneOf: readonly string[]): (t: unknown) => boolean {
  if (oneOf.length !== 1) return (t) => typeof t === 'string' && oneOf.includes(t);
  const only = oneOf[0];
  return (t) => t === only;
}

function withoutPrefix(prefix: string, ok: (x: unknown) => boolean): (x: unknown) => boolean {
  return (x) => typeof x === 'string' && ok(x.startsWith(prefix) ? x.slice(prefix.length) : x);
}

/**
 * The record predicate for `test` on an attribute with a variant or element source (a plain
 * field has {@link fieldPredicate}): with `want` true, "the record has a value that passes";
 * with `want` false, exactly the records for which that is false. `key` is called on every key
 * the source names, when compiling, so unsafe keys are refused before any record is read.
 *
 * @example
 * ```ts
 * const source = { kind: 'variant', tag: 'type', fields: { person: 'name' } } as const;
 * const p = sourcePredicate(source, { kind: 'equals', value: 'Ada' }, true, (k) => k);
 * p({ type: 'person', name: 'Ada' }); // true
 * p(Object.assign(Object.create({ name: 'Ada' }), { type: 'person' })); // false: inherited
 * ```
 */
export function sourcePredicate(
  source: Exclude<AttributeSource, { readonly kind: 'field' }>,
  test: ValueTest,
  want: boolean,
  key: (k: string) => string,
): RecordPredicate {
  switch (source.kind) {
    case 'variant': {
      const fields = new Map<string, string>();
      for (const [tagValue, f] of Object.entries(source.fields)) fields.set(tagValue, key(f));
      return variant(key(source.tag), fields, test, want);
    }
    case 'element':
      return element(elementKeys(source, key), source, test, want);
  }
}

/**
 * The cost of a test on this source, from its cost on a plain field (whole numbers, as the
 * costs in comparisons.ts): a variant reads its tag first; a collection scans a few elements per
 * record, each with a tag test before the value test.
 *
 * @example
 * ```ts
 * costOnSource(4, { kind: 'field', field: 'name' }); // 4
 * ```
 */
export function costOnSource(testCost: number, source: AttributeSource): number {
  switch (source.kind) {
    case 'field':
      return testCost;
    case 'variant':
      return testCost + 8;
    case 'element':
      return testCost * 3 + 16;
  }
}
