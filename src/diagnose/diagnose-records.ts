/**
 * `diagnoseRecords`: which attributes of an entity read values that the records, as the app
 * stores them, do not hold in the declared type and storage. Such a value has no value to every
 * filter (language rule 3): a Date under ISO text storage makes every timestamp missing, `"9.99"`
 * under a plain Number every price. The diagnosis names each attribute with counts, a few
 * examples and what to declare instead, in one pass over a sample.
 */
import { entityArgument } from '../api/entity-argument.js';
import { optionError } from '../errors/tql-error.js';
import { isArrayOption, readOptions } from '../errors/read-options.js';
import { someOwnElement } from '../backends/memory/element-scan.js';
import { elementPath, elementValueOf } from '../schema/element-source.js';
import { snakeName } from '../schema/field-names.js';
import type { Attribute, Schema } from '../schema/types.js';
import { genericFix, storageFit, type StorageFit } from './storage-fit.js';
import { KIND_NAMES, shownValue, storedKind, type StoredKind } from './stored-kind.js';
import { ownProperty } from '../own-property.js';

/** One value that does not fit, as the diagnosis shows it. */
export interface MismatchExample {
  /** The record's place among the sample's records (holes are none), from 0. */
  readonly record: number;
  /** The record's id (its `key` field), where it has a text or number there. */
  readonly id?: string | number;
  /** Where the value sits in the record: `createdAt`, `tags[2]`. */
  readonly path: string;
  /** The value, briefly: `2024-05-01T09:30:00.000Z`, `"9.99"`. */
  readonly value: string;
}

/** An attribute whose stored values, of one kind, do not fit what the schema declares. */
export interface StorageMismatch {
  /** `invoice.issued_at` */
  readonly attribute: string;
  /** What the attribute reads: `issuedAt`, `tags[]`. */
  readonly reads: string;
  /** What the schema declares: `ISO-8601 text (storage "iso_text")`. */
  readonly declared: string;
  /** What the records hold there instead: `a Date`; or what a value that fits looks like it was meant as. */
  readonly found: string;
  /** How many such values the sample has. */
  readonly values: number;
  /** How many records hold at least one of them. */
  readonly records: number;
  /** The first few of them, at most the `examples` option. */
  readonly examples: readonly MismatchExample[];
  /** What to declare (or change) so that the values are read. */
  readonly fix: string;
}

/** What {@link diagnoseRecords} found. */
export interface RecordsDiagnosis {
  readonly entity: string;
  /** Records read. */
  readonly records: number;
  /** Records that are not objects (or whose reading threw): none of their values is read. */
  readonly unreadable: number;
  /** Every attribute and kind of value that does not fit, in the schema's order of attributes. */
  readonly mismatches: readonly StorageMismatch[];
}

/** Options of {@link diagnoseRecords} and {@link recordsDiagnoser}. */
export interface DiagnoseRecordsOptions {
  /** Examples kept per mismatch, 1 to 100. Default 3. */
  readonly examples?: number | undefined;
  /** The field holding each record's id, shown with an example. Default `id`. */
  readonly key?: string | undefined;
}

/** A diagnosis fed one record at a time: the CLI streams a file through it. */
export interface RecordsDiagnoser {
  /** Reads one record. */
  add(record: unknown): void;
  /** What was found so far. */
  result(): RecordsDiagnosis;
}

const MAX_EXAMPLES = 100;

/** One group of values being counted. */
interface Group {
  readonly attribute: Attribute;
  readonly found: string;
  readonly fix: string;
  values: number;
  records: number;
  lastRecord: number;
  readonly examples: MismatchExample[];
}

/** One attribute as the diagnosis reads it. */
interface Reader {
  readonly attribute: Attribute;
  readonly fit: StorageFit;
  readonly groups: Map<string, Group>;
  /** Records in which a `field` source's field was missing. */
  missing: number;
  /** A key of the first record without the field that names the same thing (`createdAt` for `created_at`). */
  renamed: string | undefined;
}

/**
 * A diagnosis of the entity `entity`'s records, fed one at a time (see {@link diagnoseRecords}).
 * Throws a `TqlError` (`invalid_option`) for a schema not made by `defineSchema`, an entity it
 * does not have, or options out of range.
 *
 * @example
 * ```ts
 * const schema = defineSchema({ entities: { invoice: { attributes: { paid: { type: 'Boolean' } } } } });
 * const diagnoser = recordsDiagnoser(schema, 'invoice');
 * for (const row of [{ id: 1, paid: 1 }, { id: 2, paid: 0 }]) diagnoser.add(row);
 * diagnoser.result().mismatches[0]!.fix; // "declare storage: 'zero_one' on the attribute (SQLite, …)"
 * ```
 */
export function recordsDiagnoser(schema: Schema, entity: string, options: DiagnoseRecordsOptions = {}): RecordsDiagnoser {
  const target = entityArgument('recordsDiagnoser', schema, entity);
  const { examples: givenExamples, key: givenKey } = readOptions('recordsDiagnoser', options, ['examples', 'key']);
  const examples = givenExamples ?? 3;
  if (typeof examples !== 'number' || !Number.isInteger(examples) || examples < 1 || examples > MAX_EXAMPLES) {
    throw optionError(`recordsDiagnoser: examples is a whole number from 1 to ${MAX_EXAMPLES}, such as 3.`);
  }
  const key = givenKey ?? 'id';
  if (typeof key !== 'string') throw optionError('recordsDiagnoser: key is the name of the field holding each record\'s id, such as "id".');
  const readers: Reader[] = target.attributeNames.map((name) => {
    const attribute = target.attributes[name]!;
    return { attribute, fit: storageFit(attribute), groups: new Map(), missing: 0, renamed: undefined };
  });
  let records = 0;
  let unreadable = 0;

  const note = (reader: Reader, record: number, id: string | number | undefined, path: string, value: unknown, fieldOrArray: string) => {
    const { attribute, fit } = reader;
    let found: string;
    let fix: string;
    if (fit.fits(value)) {
      const implausible = fit.implausible?.(value);
      if (implausible === undefined) return;
      found = implausible.looks;
      fix = implausible.fix;
    } else {
      const kind: StoredKind = storedKind(value, fit.zeroOrOne === true);
      found = KIND_NAMES[kind];
      fix = fit.fix(kind) ?? genericFix(kind, fieldOrArray, attribute.collection);
    }
    let group = reader.groups.get(found);
    if (group === undefined) {
      group = { attribute, found, fix, values: 0, records: 0, lastRecord: -1, examples: [] };
      reader.groups.set(found, group);
    }
    group.values++;
    if (group.lastRecord !== record) {
      group.records++;
      group.lastRecord = record;
    }
    if (group.examples.length < examples) group.examples.push({ record, ...(id === undefined ? {} : { id }), path, value: shownValue(value) });
  };

  const read = (reader: Reader, record: object, index: number, id: string | number | undefined) => {
    const source = reader.attribute.source;
    switch (source.kind) {
      case 'field': {
        if (!Object.hasOwn(record, source.field)) {
          // Reported only when no record has it: the first record without it says how the records name it.
          if (reader.missing++ === 0) reader.renamed = renamedKey(record, source.field);
          return;
        }
        const value = (record as Record<string, unknown>)[source.field];
        if (value !== undefined && value !== null) note(reader, index, id, source.field, value, source.field);
        return;
      }
      case 'variant': {
        const tag = ownProperty(record, source.tag);
        const field = typeof tag === 'string' && Object.hasOwn(source.fields, tag) ? source.fields[tag]! : undefined;
        const value = field === undefined ? undefined : ownProperty(record, field);
        if (value !== undefined && value !== null) note(reader, index, id, field!, value, field!);
        return;
      }
      case 'element':
        for (const array of source.arrays) {
          const elements = ownProperty(record, array);
          if (elements === undefined || elements === null) continue;
          if (!Array.isArray(elements)) {
            noteNotArray(reader, index, id, array, elements);
            continue;
          }
          // Own elements only: a sparse array of length 2^32 − 1 costs what its elements cost.
          someOwnElement(elements, (element, i) => {
            const value = elementValueOf(source, element, ownProperty);
            if (value !== undefined && value !== null) note(reader, index, id, source.value === undefined ? `${array}[${i}]` : `${array}[${i}].${source.value}`, value, array);
            return false;
          });
        }
        return;
    }
  };

  const noteNotArray = (reader: Reader, record: number, id: string | number | undefined, array: string, value: unknown) => {
    const found = `${KIND_NAMES[storedKind(value)]} where an array is read`;
    let group = reader.groups.get(found);
    if (group === undefined) {
      const fix = `store an array in ${array} (or, where it holds one value, declare source: { kind: 'field', field: ${JSON.stringify(array)} })`;
      group = { attribute: reader.attribute, found, fix, values: 0, records: 0, lastRecord: -1, examples: [] };
      reader.groups.set(found, group);
    }
    group.values++;
    group.records++;
    group.lastRecord = record;
    if (group.examples.length < examples) group.examples.push({ record, ...(id === undefined ? {} : { id }), path: array, value: shownValue(value) });
  };

  return {
    add(record: unknown) {
      const index = records++;
      if (typeof record !== 'object' || record === null || Array.isArray(record)) {
        unreadable++;
        return;
      }
      try {
        const idValue = ownProperty(record, key);
        const id = typeof idValue === 'string' || (typeof idValue === 'number' && Number.isFinite(idValue)) ? idValue : undefined;
        for (const reader of readers) read(reader, record, index, id);
      } catch {
        // A getter or a proxy trap that throws: the record cannot be read, as the backends find too.
        unreadable++;
      }
    },
    result(): RecordsDiagnosis {
      const mismatches: StorageMismatch[] = [];
      for (const reader of readers) {
        const { attribute, fit } = reader;
        const reads = attribute.source.kind === 'element' ? elementPath(attribute.source) : attribute.source.kind === 'field' ? attribute.source.field : attribute.source.tag;
        const readable = records - unreadable;
        if (readable > 0 && reader.missing === readable) mismatches.push(missingEverywhere(reader, reads, fit, readable));
        for (const g of reader.groups.values()) {
          mismatches.push({ attribute: attribute.path, reads, declared: fit.declared, found: g.found, values: g.values, records: g.records, examples: [...g.examples], fix: g.fix });
        }
      }
      return { entity: target.name, records, unreadable, mismatches };
    },
  };
}

/** An attribute whose field no record has: named otherwise in the records, or not there at all. */
function missingEverywhere(reader: Reader, reads: string, fit: StorageFit, records: number): StorageMismatch {
  const renamed = reader.renamed;
  return {
    attribute: reader.attribute.path,
    reads,
    declared: fit.declared,
    found: 'no such field in any record',
    values: 0,
    records,
    examples: [],
    fix:
      renamed === undefined
        ? `check the field's name: no record has ${JSON.stringify(reads)}`
        : `the records name it ${JSON.stringify(renamed)}: declare source: { kind: 'field', field: ${JSON.stringify(renamed)} }`,
  };
}

/** The first of a record's own keys that is `field` in another spelling (`createdAt`, `CreatedAt` for `created_at`). */
function renamedKey(record: object, field: string): string | undefined {
  const wanted = snakeName(field);
  if (!('name' in wanted)) return undefined;
  for (const key of Object.keys(record)) {
    const name = snakeName(key);
    if ('name' in name && name.name === wanted.name) return key;
  }
  return undefined;
}

/**
 * The attributes of entity `entity` whose values in `sample` do not fit the type and storage the
 * schema declares: each with the kind of value found, how many values and records hold it, a
 * few examples (record, id, path, value) and the fix; also a timestamp's values that fit but look
 * stored otherwise (milliseconds read as seconds), and a field no record has (`createdAt` read as
 * `created_at`). Such values are missing to every filter (language rule 3), silently: run it on a
 * sample of the rows your data layer returns before filtering them. One pass, linear in the
 * sample's values; null and missing values are no mismatch. Throws a `TqlError`
 * (`invalid_option`) for a schema not made by `defineSchema`, an entity it does not have, a
 * sample that is not an array, or options out of range.
 *
 * @example
 * ```ts
 * // A schema derived from a Prisma generator's JSON Schema: DateTime is "format": "date-time", ISO text.
 * const { definition } = schemaFromJsonSchema({
 *   definitions: { Invoice: { type: 'object', properties: { id: { type: 'integer' }, issuedAt: { type: 'string', format: 'date-time' } } } },
 * });
 * const schema = defineSchema(definition);
 * // The rows Prisma Client returns hold Dates.
 * const rows = [{ id: 1, issuedAt: new Date('2025-06-02T10:00:00Z') }, { id: 2, issuedAt: new Date('2025-06-03T10:00:00Z') }];
 * const [mismatch] = diagnoseRecords(schema, 'invoice', rows).mismatches;
 * mismatch!.found; // 'a Date'
 * mismatch!.records; // 2
 * mismatch!.fix; // "declare storage: 'date' on the attribute: the records hold Dates, as Prisma Client, …"
 * ```
 */
export function diagnoseRecords(schema: Schema, entity: string, sample: readonly unknown[], options: DiagnoseRecordsOptions = {}): RecordsDiagnosis {
  const diagnoser = recordsDiagnoser(schema, entity, options);
  if (!isArrayOption(sample)) throw optionError('diagnoseRecords takes the sample as an array of records, such as the rows a query of your data layer returns.');
  try {
    // Own elements only, as the backends read lists: holes are no records, and cost nothing.
    someOwnElement(sample, (record) => {
      diagnoser.add(record);
      return false;
    });
  } catch {
    throw optionError('diagnoseRecords could not read its sample: reading a record threw an exception (a getter or a proxy trap). Pass the records as a plain array.');
  }
  return diagnoser.result();
}
