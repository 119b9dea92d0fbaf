/**
 * Records of an entity's shape (record-shape.ts), filled with values of every type: null,
 * missing fields, instants on both sides of a second, texts every engine treats in its own way,
 * collections whose elements the attribute does and does not look at. With `hostile`, also values
 * of the wrong type and records whose reading is hostile (own getters over a prototype whose
 * every read throws, holey arrays with a huge `length`, an own `__proto__` key): answers must
 * not change for them.
 */
import type { Arbitrary } from 'fast-check';
import { fc } from './fast-check.js';
import type { Schema } from '../schema/types.js';
import { readTestingOptions } from './options.js';
import { recordShape, type ArrayField, type RecordShape } from '../backends/sql/record-shape.js';
import { storedValue } from './stored-values.js';
import { entityArgument } from '../api/entity-argument.js';

/** A generated record: its id in the key field, and any other fields. */
export type TestRecord = { readonly [field: string]: unknown };

/** Options of {@link recordArbitrary}. */
export interface RecordArbitraryOptions {
  /** Add values of the wrong type and hostile record shapes (not storable in SQL). Default false. */
  readonly hostile?: boolean | undefined;
  /** The field holding the record's id. Default `id`. */
  readonly key?: string | undefined;
}

/** Options of {@link datasetArbitrary}: those of {@link recordArbitrary} and the number of records. */
export interface DatasetArbitraryOptions extends RecordArbitraryOptions {
  /** At most this many records (at least 0). Default 12. */
  readonly size?: number | undefined;
}

const MISSING = Symbol('missing');

/** A field's value, null, or no field at all (first, so that shrinking drops the fields that do not matter). */
function orAbsent(value: Arbitrary<unknown>): Arbitrary<unknown> {
  return fc.oneof({ weight: 1, arbitrary: fc.constant(MISSING) }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 8, arbitrary: value });
}

/**
 * Elements of one array: each read by one of its attributes, under a listed tag or another (where
 * the attribute picks elements by a tag), or a value itself (an array of scalars) or null.
 */
function elements(array: ArrayField, hostile: boolean): Arbitrary<unknown> {
  const element = fc.constantFrom(...array.readers).chain(({ attribute, where, value }): Arbitrary<unknown> => {
    const stored = storedValue(attribute, hostile);
    if (value === undefined) return fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 8, arbitrary: stored });
    const tag = where === undefined ? fc.constant(MISSING) : fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...where.oneOf) }, { weight: 1, arbitrary: fc.constant('other') });
    return fc.tuple(tag, orAbsent(stored)).map(([t, v]) => withoutMissing(where === undefined ? { [value]: v } : { [where.field]: t, [value]: v }));
  });
  const list = fc.array(element, { maxLength: 3 });
  return orAbsent(hostile ? fc.oneof({ weight: 4, arbitrary: list }, { weight: 1, arbitrary: fc.constantFrom<unknown>('not a list', [null, 5], {}) }) : list);
}

function withoutMissing(entries: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(entries)) if (v !== MISSING) out[k] = v;
  return out;
}

/** Fields of a record of `shape`, without its key. */
function fieldsOf(shape: RecordShape, hostile: boolean): Arbitrary<Record<string, unknown>> {
  const parts: Record<string, Arbitrary<unknown>> = {};
  for (const { field, attributes } of shape.scalars) parts[field] = orAbsent(fc.constantFrom(...attributes).chain((a) => storedValue(a, hostile)));
  for (const { field, tags } of shape.tags) parts[field] = orAbsent(fc.constantFrom(...tags, 'other'));
  for (const array of shape.arrays) parts[array.field] = elements(array, hostile);
  // fc.record would make own `__proto__` keys prototypes; entries keep them own.
  const names = Object.keys(parts);
  return fc.tuple(...names.map((n) => parts[n]!)).map((values) => {
    const record: Record<string, unknown> = {};
    values.forEach((v, i) => {
      if (v !== MISSING) Object.defineProperty(record, names[i]!, { value: v, enumerable: true, writable: true, configurable: true });
    });
    return record;
  });
}

/** A prototype whose every read throws: an answer read through it is a bug. */
const THROWING_PROTOTYPE: object = new Proxy(Object.create(null), {
  get(_, key) {
    throw new Error(`an inherited property (${String(key)}) of a record was read`);
  },
});

/** `list` with a hole before each element and a huge length: a record costs what it holds. */
function holey(list: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  list.forEach((e, i) => (out[2 * i + 1] = e));
  out.length = 2 ** 32 - 1;
  return out;
}

/** The same own data, read through own getters, on a prototype that throws on every read. */
function hostileTwin(record: Record<string, unknown>): Record<string, unknown> {
  const twin = Object.create(THROWING_PROTOTYPE) as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    const shown = Array.isArray(value) ? holey(value) : value;
    Object.defineProperty(twin, key, { enumerable: true, get: () => shown });
  }
  return twin;
}

/**
 * Records of `entity` of `schema`, ids `r0`, `r1`, … in the key field (a dataset numbers them
 * apart). Shrinks towards fewer fields and simpler values.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * const [record] = fc.sample(recordArbitrary(schedulingSchema, 'agent'), 1);
 * typeof record!['id']; // → 'string'
 * // e.g. { id: 'r3', name: 'Straße', email: null, schedulable: true, created_at: 1700000000.5, … }
 * ```
 */
export function recordArbitrary(schema: Schema, entity: string, options: RecordArbitraryOptions = {}): Arbitrary<TestRecord> {
  const { hostile, key } = readTestingOptions('recordArbitrary', options, { hostile: 'boolean', key: 'string' });
  entityArgument('recordArbitrary', schema, entity);
  const shape = recordShape(schema, entity, key ?? 'id');
  const plain = fc.tuple(fc.nat({ max: 99 }), fieldsOf(shape, hostile === true)).map(([n, fields]): TestRecord => ({ [shape.key]: `r${n}`, ...fields }));
  if (hostile !== true) return plain;
  return fc.oneof(
    { weight: 3, arbitrary: plain },
    { weight: 1, arbitrary: plain.map((r) => hostileTwin(r as Record<string, unknown>)) },
    { weight: 1, arbitrary: plain.map((r) => Object.defineProperty({ ...r }, '__proto__', { value: { polluted: true }, enumerable: true })) },
  );
}

/**
 * Datasets of up to `size` records of `entity`, with distinct ids `r0`, `r1`, … in order.
 * Shrinks towards fewer and simpler records.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * const [dataset] = fc.sample(datasetArbitrary(schedulingSchema, 'agent', { size: 3 }), 1);
 * dataset!.every((r, i) => r['id'] === `r${i}`); // → true
 * ```
 */
export function datasetArbitrary(schema: Schema, entity: string, options: DatasetArbitraryOptions = {}): Arbitrary<TestRecord[]> {
  const { size, hostile, key } = readTestingOptions('datasetArbitrary', options, { size: 'count', hostile: 'boolean', key: 'string' });
  entityArgument('datasetArbitrary', schema, entity);
  const field = key ?? 'id';
  const shape = recordShape(schema, entity, field);
  const record = fieldsOf(shape, hostile === true);
  return fc.array(record, { maxLength: size ?? 12 }).map((list) =>
    list.map((fields, i) => {
      const r = { [field]: `r${i}`, ...fields };
      return hostile === true && i % 3 === 2 ? hostileTwin(r) : r;
    }),
  );
}
