/**
 * Turns a value test into a record predicate for each kind of attribute source (schema
 * `AttributeSource`): a field, a variant chosen by a tag, or "some element of some arrays".
 *
 * Field predicates are the hot path, so each test kind gets its own closure that reads the
 * field with one keyed load of a constant key and inlines the test. Reads are prototype-safe:
 * a value counts only if it is an own property of an object (the own-check runs after the cheap
 * test, since a record that fails the test fails either way), and keys are checked when the
 * query is compiled.
 */
import type { AttributeSource } from '../../schema/types.js';
import type { LikeMatcher } from './like.js';
import { valuePredicate, type RangeOperator, type ValueKind, type ValueTest, type ValueTestKind } from './value-test.js';

export type RecordPredicate = (record: unknown) => boolean;

/**
 * Module-local on purpose: module loaders (vitest, tsx) may turn an imported binding into a
 * getter call, which the hot closures below must not pay for on every record.
 */
const hasOwn: (object: object, key: string) => boolean = Object.hasOwn;

/** Module-local for the same reason. Arrays count as objects: they simply lack the fields. */
function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}

type TestOf<K extends ValueTestKind> = Extract<ValueTest, { kind: K }>;

/** One closure factory per test kind: a kind without one does not compile. */
const FIELD: { readonly [K in ValueTestKind]: (field: string, test: TestOf<K>) => RecordPredicate } = {
  equals: (f, { value: v }) => (r) => isRecord(r) && r[f] === v && hasOwn(r, f),
  range: (f, { operator, bound }) => fieldRange(f, operator, bound),
  like: (f, { matcher }) => fieldLike(f, matcher),
  oneOfFew: (f, { values }) => (r) => isRecord(r) && values.includes(r[f] as never) && hasOwn(r, f),
  oneOfSet: (f, { values }) => (r) => isRecord(r) && values.has(r[f] as never) && hasOwn(r, f),
  present: (f, { valueKind }) => fieldPresent(f, valueKind),
};

function fieldRange(f: string, operator: RangeOperator, b: number): RecordPredicate {
  // Number.isFinite is false for non-numbers, NaN and ±Infinity: all count as missing.
  switch (operator) {
    case 'LT':
      return (r) => isRecord(r) && Number.isFinite(r[f]) && (r[f] as number) < b && hasOwn(r, f);
    case 'LTE':
      return (r) => isRecord(r) && Number.isFinite(r[f]) && (r[f] as number) <= b && hasOwn(r, f);
    case 'GT':
      return (r) => isRecord(r) && Number.isFinite(r[f]) && (r[f] as number) > b && hasOwn(r, f);
    case 'GTE':
      return (r) => isRecord(r) && Number.isFinite(r[f]) && (r[f] as number) >= b && hasOwn(r, f);
  }
}

function fieldLike(f: string, m: LikeMatcher): RecordPredicate {
  switch (m.kind) {
    case 'any':
      return (r) => isRecord(r) && typeof r[f] === 'string' && hasOwn(r, f);
    case 'regex': {
      const re = m.regex;
      return (r) => {
        if (!isRecord(r)) return false;
        const x = r[f];
        return typeof x === 'string' && re.test(x) && hasOwn(r, f);
      };
    }
    case 'includes': {
      const n = m.lowerNeedle;
      return (r) => {
        if (!isRecord(r)) return false;
        const x = r[f];
        return typeof x === 'string' && x.toLowerCase().includes(n) && hasOwn(r, f);
      };
    }
  }
}

function fieldPresent(f: string, kind: ValueKind): RecordPredicate {
  switch (kind) {
    case 'string':
      return (r) => isRecord(r) && typeof r[f] === 'string' && hasOwn(r, f);
    case 'number':
      return (r) => isRecord(r) && Number.isFinite(r[f]) && hasOwn(r, f);
    case 'boolean':
      return (r) => isRecord(r) && typeof r[f] === 'boolean' && hasOwn(r, f);
  }
}

function field(f: string, test: ValueTest): RecordPredicate {
  // The table is keyed by kind, so the test matches its factory; TS cannot see the correlation.
  return (FIELD[test.kind] as (f: string, t: ValueTest) => RecordPredicate)(f, test);
}

/**
 * The attribute is `record[fields[record[tag]]]`; a record whose tag is missing or not listed
 * has no value.
 */
function variant(tag: string, fields: ReadonlyMap<string, string>, test: ValueTest): RecordPredicate {
  const ok = valuePredicate(test);
  return (r) => {
    if (!isRecord(r)) return false;
    const t = r[tag];
    if (typeof t !== 'string' || !hasOwn(r, tag)) return false;
    const f = fields.get(t);
    return f !== undefined && ok(r[f]) && hasOwn(r, f);
  };
}

/**
 * Some element `e` of one of the arrays, with `e[where]` among `oneOf`, has a value `e[value]`
 * that passes the test. With `ignorePrefix`, one leading occurrence is dropped from the value
 * first (the query's value was normalized the same way by the validator).
 */
function element(
  arrays: readonly string[],
  where: string,
  oneOf: readonly string[],
  valueKey: string,
  ignorePrefix: string | undefined,
  test: ValueTest,
): RecordPredicate {
  const ok = ignorePrefix === undefined ? valuePredicate(test) : withoutPrefix(ignorePrefix, valuePredicate(test));
  const only = oneOf.length === 1 ? oneOf[0] : undefined;
  return (r) => {
    if (!isRecord(r)) return false;
    for (let a = 0; a < arrays.length; a++) {
      const key = arrays[a]!;
      const list = r[key];
      if (!Array.isArray(list) || !hasOwn(r, key)) continue;
      for (let i = 0; i < list.length; i++) {
        const e: unknown = list[i];
        if (!isRecord(e)) continue;
        const t = e[where];
        if (typeof t !== 'string' || (only !== undefined ? t !== only : !oneOf.includes(t)) || !hasOwn(e, where)) continue;
        if (ok(e[valueKey]) && hasOwn(e, valueKey)) return true;
      }
    }
    return false;
  };
}

function withoutPrefix(prefix: string, ok: (x: unknown) => boolean): (x: unknown) => boolean {
  return (x) => typeof x === 'string' && ok(x.startsWith(prefix) ? x.slice(prefix.length) : x);
}

/**
 * The record predicate for `test` on an attribute with this source. `key` is called on every
 * key the source names, when compiling, so unsafe keys are refused before any record is read.
 *
 * @example
 * ```ts
 * const p = sourcePredicate({ kind: 'field', field: 'name' }, { kind: 'equals', value: 'Ada' }, (k) => k);
 * p({ name: 'Ada' }); // true
 * p(Object.create({ name: 'Ada' })); // false: inherited
 * ```
 */
export function sourcePredicate(source: AttributeSource, test: ValueTest, key: (k: string) => string): RecordPredicate {
  switch (source.kind) {
    case 'field':
      return field(key(source.field), test);
    case 'variant': {
      const fields = new Map<string, string>();
      for (const [tagValue, f] of Object.entries(source.fields)) fields.set(tagValue, key(f));
      return variant(key(source.tag), fields, test);
    }
    case 'element':
      return element(
        source.arrays.map(key),
        key(source.where.field),
        source.where.oneOf,
        key(source.value),
        source.ignorePrefix,
        test,
      );
  }
}

/** How much more a test costs on this source than on a plain field, for cheap-first ordering. */
export function sourceCost(source: AttributeSource): { readonly factor: number; readonly extra: number } {
  switch (source.kind) {
    case 'field':
      return { factor: 1, extra: 0 };
    case 'variant':
      return { factor: 1, extra: 2 };
    case 'element':
      // A few elements per record, each with a type check before the value test.
      return { factor: 3, extra: 4 };
  }
}
