/**
 * Turns a value test into a record predicate for each kind of attribute source (schema
 * `AttributeSource`): a field, a variant chosen by a tag, or "some element of some arrays".
 *
 * A field's predicate is its key's link (field-link.ts), the test inline in code of the key's
 * own; a field that declares how its stored value is read (`ignorePrefix`, `ignoreCase`) takes the general
 * path here, as variants and elements do. Reads are prototype-safe: a value counts only if it is
 * an own property of an object (the own-check runs after the cheap test, since a record that
 * fails the test fails either way), and keys are checked when the query is compiled.
 */
import type { AttributeSource } from '../../schema/types.js';
import { fieldAccess, fieldReader, listAccess, type FieldReader } from './field-reader.js';
import { fieldLink, MATCHES } from './field-link.js';
import { MAX_UNCHECKED_SCAN, someOwnElement } from './element-scan.js';
import { ownFound } from '../../own-property.js';
import { valuePredicate, type ValueTest } from './value-test.js';
import { readSteps, readStored, type ReadSteps } from '../../schema/stored-form.js';

export type RecordPredicate = (record: unknown) => boolean;

/**
 * Module-local on purpose: module loaders (vitest, tsx) may turn an imported binding into a
 * getter call, which the hot closures below must not pay for on every record. Arrays count as
 * objects: they simply lack the fields.
 */
function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}

/** Thrown on to the guard (record-guard.ts) when a getter or proxy trap threw in a field's link. */
const READ_THREW = new Error('reading the record threw');

/**
 * The predicate for `test` on the field `f`: "the record has an own value at `f` that passes",
 * compared with `positive` (false for a `NOT_*` operator: its exact complement). Null and
 * undefined have no values; what a getter throws goes on to the guard around the query.
 *
 * @example
 * ```ts
 * fieldPredicate('name', { kind: 'equals', value: 'Ada' }, true)({ name: 'Ada' }); // true
 * ```
 */
export function fieldPredicate(f: string, test: ValueTest, positive: boolean): RecordPredicate {
  const onThrow = (r: unknown) => {
    if (r === null || r === undefined) return !positive;
    throw READ_THREW;
  };
  return fieldLink(fieldAccess(f), test, positive, MATCHES, onThrow);
}

/**
 * The attribute is `record[fields[record[tag]]]`; a record whose tag is missing or not listed
 * has no value.
 */
function variant(tag: string, fields: ReadonlyMap<string, string>, steps: ReadSteps | undefined, test: ValueTest, positive: boolean): RecordPredicate {
  const ok = storedTest(steps, test);
  return (r) => {
    if (!isRecord(r)) return !positive;
    const t = r[tag];
    if (typeof t !== 'string' || !ownFound(r, tag)) return !positive;
    const f = fields.get(t);
    return (f !== undefined && ok(r[f]) && ownFound(r, f)) === positive;
  };
}

type ElementSource = Extract<AttributeSource, { readonly kind: 'element' }>;

/** An element source the slots can scan ({@link hasElementScan}): it has a tag and a value field. */
export type ScannedSource = Extract<ElementSource, { readonly value: string }> & { readonly where: NonNullable<ElementSource['where']> };

/**
 * An element source with its keys checked (by the `key` of {@link sourcePredicate}): `where`
 * undefined where every element counts, `value` undefined where the element itself is the value.
 */
interface ElementKeys {
  readonly arrays: readonly string[];
  readonly where: string | undefined;
  readonly oneOf: readonly string[];
  readonly value: string | undefined;
  readonly steps: ReadSteps | undefined;
}

function elementKeys(source: ElementSource, key: (k: string) => string): ElementKeys {
  return {
    arrays: source.arrays.map(key),
    where: source.where === undefined ? undefined : key(source.where.field),
    oneOf: source.where?.oneOf ?? [],
    value: source.value === undefined ? undefined : key(source.value),
    steps: readSteps(source),
  };
}

/**
 * Whether the test on an element source has the slots' scan (field-slot-types.ts,
 * `holdsEqual`): one tag and an equality, the common collection test (an id among the
 * resources), on one or two lists. Sources without a tag or a value field take the general scan.
 */
export function hasElementScan(source: ElementSource, test: ValueTest): test is Extract<ValueTest, { kind: 'equals' }> {
  return test.kind === 'equals' && source.where?.oneOf.length === 1 && source.value !== undefined && readSteps(source) === undefined && source.arrays.length <= 2;
}

/**
 * Some element `e` of one of the arrays, with `e[where]` among `oneOf`, has a value `e[value]`
 * that passes the test, read as the source declares (case folded, one leading prefix dropped;
 * the validator read the query's value the same way).
 *
 * Two passes, for the record that fails, as most do: a scan with `Array.prototype.some` for an
 * element that may count (tag, then value), and only for a record where it finds one, the exact
 * test with the own-property checks. The scan alone is as fast as the hand-written `.some()`
 * arrow; with `Array.isArray` or `Object.hasOwn` in the same closure it measured 10–15% slower.
 * Where the slots have a scan for the test, it is code of the array key's slot, with the
 * element's reads and the test inline, as in a hand-written arrow.
 */
function element(keys: ElementKeys, source: ElementSource, test: ValueTest, positive: boolean): RecordPredicate {
  const { arrays, where, value } = keys;
  const candidate = elementCandidate(keys, test);
  const exact = exactElement(keys, candidate);
  const [inA, inB] = hasElementScan(source, test)
    ? arrays.map((a) => listAccess(a).holdsEqual(where!, keys.oneOf[0]!, value!, test.value))
    : arrays.map((a) => mayHold(fieldReader(a), candidate));
  if (arrays.length === 1) return (r) => (isRecord(r) && inA!(r) && exact(r)) === positive;
  if (arrays.length === 2) return (r) => (isRecord(r) && (inA!(r) || inB!(r)) && exact(r)) === positive;
  return (r) => (isRecord(r) && exact(r)) === positive;
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
  source: ScannedSource,
  test: Extract<ValueTest, { kind: 'equals' }>,
  key: (k: string) => string,
): { readonly keys: ElementKeys & { readonly where: string; readonly value: string }; readonly exact: (r: object) => boolean } {
  const keys = { ...elementKeys(source, key), where: key(source.where.field), value: key(source.value) };
  return { keys, exact: exactElement(keys, elementCandidate(keys, test)) };
}

/** Module-local, as `isRecord`; compared with an array's `some` before calling it. */
const arraySome = Array.prototype.some;

type AnyRecord = Readonly<Record<string, unknown>>;

/**
 * An element that may count: `e[where]` among `oneOf` (where the source has a tag) and
 * `e[value]` passing `ok`, neither checked to be own, and `e` only checked not to throw on a
 * read (a primitive has neither field unless its prototype does). Without a value field, the
 * element itself passing `ok`, which refuses what is no value of the attribute's type.
 */
function elementCandidate({ where, oneOf, value: valueKey, steps }: ElementKeys, test: ValueTest): (e: unknown) => boolean {
  const ok = storedTest(steps, test);
  // A wrapper: `Array.prototype.some` passes the index and the array too.
  if (valueKey === undefined) return (e) => ok(e);
  const value = fieldReader(valueKey);
  if (where === undefined) return (e) => e != null && ok(value(e as AnyRecord));
  const tag = fieldReader(where);
  const tagOk = tagTest(oneOf);
  return (e) => e != null && tagOk(tag(e as AnyRecord)) && ok(value(e as AnyRecord));
}

/**
 * A necessary condition of "the array at `read` holds an element that counts": false when the
 * value there is no object, or when `Array.prototype.some` finds no candidate in it.
 */
function mayHold(read: FieldReader, candidate: (e: unknown) => boolean): (r: AnyRecord) => boolean {
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
    const n = array.length;
    if (typeof n === 'number' && n <= MAX_UNCHECKED_SCAN) {
      // A loop rather than `some`: the candidate is called directly, not through the builtin.
      // A hole reads the prototype, which can only make a candidate the exact test refuses.
      for (let i = 0; i < n; i++) if (candidate(array[i])) return true;
      return false;
    }
    return Array.isArray(list) && someOwnElement(array, candidate);
  };
}

/**
 * The exact test: an own array property holding an own element that is a candidate: an object
 * with `where` (if the source has a tag) and `valueKey` own, or, without a value field, the
 * element itself.
 */
function exactElement({ arrays, where, value: valueKey }: ElementKeys, candidate: (e: unknown) => boolean): (r: object) => boolean {
  const readers = arrays.map(fieldReader);
  const counts =
    valueKey === undefined
      ? candidate
      : (e: unknown) => isRecord(e) && candidate(e) && (where === undefined || ownFound(e, where)) && ownFound(e, valueKey);
  return (r) => {
    for (let a = 0; a < arrays.length; a++) {
      const list = readers[a]!(r as AnyRecord);
      if (!Array.isArray(list) || !ownFound(r, arrays[a]!)) continue;
      if (someOwnElement(list, counts)) return true;
    }
    return false;
  };
}

function tagTest(oneOf: readonly string[]): (t: unknown) => boolean {
  const [a, b] = oneOf;
  // One or two tags (the usual: a ticket of a project or of a service) compared one by one.
  if (oneOf.length === 1) return (t) => t === a;
  if (oneOf.length === 2) return (t) => t === a || t === b;
  return (t) => typeof t === 'string' && oneOf.includes(t);
}

/**
 * The value test on a stored value as its source declares it is read (stored-form.ts): the one
 * place every kind of source reads its stored form.
 */
function storedTest(steps: ReadSteps | undefined, test: ValueTest): (x: unknown) => boolean {
  const ok = valuePredicate(test);
  if (steps === undefined) return ok;
  return (x) => typeof x === 'string' && ok(readStored(x, steps));
}

/**
 * A field read through its declared stored form (a plain field has {@link fieldPredicate}, the
 * generated links, instead).
 */
function storedField(f: string, steps: ReadSteps | undefined, test: ValueTest, positive: boolean): RecordPredicate {
  const ok = storedTest(steps, test);
  return (r) => (isRecord(r) && ok(r[f]) && ownFound(r, f)) === positive;
}

/**
 * The record predicate for `test` on an attribute with a variant or element source (a plain
 * field has {@link fieldPredicate}): with `positive` true, "the record has a value that passes";
 * with `positive` false, exactly the records for which that is false. `key` is called on every key
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
export function sourcePredicate(source: AttributeSource, test: ValueTest, positive: boolean, key: (k: string) => string): RecordPredicate {
  switch (source.kind) {
    case 'field':
      return storedField(key(source.field), readSteps(source), test, positive);
    case 'variant': {
      const fields = new Map<string, string>();
      for (const [tagValue, f] of Object.entries(source.fields)) fields.set(tagValue, key(f));
      return variant(key(source.tag), fields, readSteps(source), test, positive);
    }
    case 'element':
      return element(elementKeys(source, key), source, test, positive);
  }
}

/**
 * The cost of a test on this source, from its cost on a plain field (whole numbers, as the
 * costs in comparisons.ts): a variant reads its tag first; a collection reaches a list and scans
 * a few elements per record, each with a tag test before the value test. Measured on records
 * with about one element a list, an equality on a collection takes 2–3 times a regex LIKE on a
 * field, so every collection test comes after every text test on a field.
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
      return testCost * 3 + 60;
  }
}
