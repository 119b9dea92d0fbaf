/**
 * Checking an SQL mapping once, where it is defined, against the schema it maps: every problem is
 * reported at once with the entry it is in (`scheduling_request.collections.resources.foreignKey`),
 * as an `invalid_mapping` error that is the mapping author's to fix, not the end user's.
 */
import { describeValue } from '../../errors/describe-value.js';
import { andList } from '../../errors/wording.js';
import { closest } from '../../errors/suggest.js';
import { isTqlError, optionError } from '../../errors/tql-error.js';
import type { Attribute, Entity, Schema } from '../../schema/types.js';
import { columnStorageProblem } from './column-storage.js';
import { mappingError, missingArray } from './mapping-errors.js';
import { arrayElementKind, DEFAULT_VALUE_COLUMN, type SqlEntityMapping, type SqlMapping } from './mapping.js';
import { ARRAY_HOLDINGS } from './array-column.js';
import { storageKeys } from './storage-key.js';

/** Mappings made by {@link defineSqlMapping}: checked and frozen, so compiling trusts them. */
const definedMappings = new WeakSet<object>();

type Problem = (entry: string, message: string) => void;

/** How many unknown entities of one mapping get a "did you mean": the first ones, which the author reads first. */
export const SUGGESTED_ENTITIES = 10;

/**
 * Checks `mapping` against `schema` and returns a frozen copy that `compileSql`, `selectSql`,
 * `indexAdvice` and `sqlListStore` use without checking again. Throws a `TqlError`
 * (`invalid_mapping`) listing every problem with its entry: an entity the schema does not have, a
 * table or key missing, a name that cannot be an SQL identifier, an array that an attribute looks
 * in without a table of its own. Entities the mapping leaves out simply cannot be compiled.
 *
 * @example
 * ```ts
 * const mapping = defineSqlMapping(helpdesk, {
 *   ticket: { table: 'tickets', key: 'id', columns: { opened_at: 'created' } },
 *   comment: { table: 'comments', key: 'id', collections: { mentions: { table: 'comment_mention', foreignKey: 'comment_id' } } },
 * });
 * compileSql(check('ticket.subject LIKE paper', helpdesk, 'ticket'), { dialect: 'sqlite', mapping });
 * ```
 */
export function defineSqlMapping<const M extends SqlMapping>(schema: Schema, given: M): M {
  const problems: string[] = [];
  const problem: Problem = (entry, message) => problems.push(`${entry}: ${message}`);
  // The copy that is checked is the one returned: every property of the caller's is read once.
  const mapping = frozenCopyOf('defineSqlMapping', given) as M;
  if (!isRecord(mapping)) throw mappingError(['a mapping is an object with one { table, key } entry per entity']);
  let unknown = 0;
  for (const [name, entry] of Object.entries(mapping)) {
    const entity = Object.hasOwn(schema.entities, name) ? (schema.entities as Record<string, Entity>)[name] : undefined;
    if (entity === undefined) {
      // Each guess reads every entity name: guessing for the first few keeps the check linear.
      const guess = unknown++ < SUGGESTED_ENTITIES ? closest(name, schema.entityNames) : undefined;
      problem(name, `the schema has no entity "${name}"${guess === undefined ? '' : ` (did you mean "${guess}"?)`}`);
      continue;
    }
    checkEntity(name, entry, entity, problem);
  }
  if (problems.length > 0) throw mappingError(problems);
  definedMappings.add(mapping);
  return mapping;
}

/**
 * The mapping a function was given, as it will read it: one {@link defineSqlMapping} made as it
 * is, any other a frozen copy of its data read once, so a getter or proxy trap that throws is an
 * `invalid_option` naming `fn` rather than its own exception.
 *
 * @example
 * ```ts
 * readMapping('indexAdvice', { agent: { table: 'agent', key: 'id' } }); // a frozen copy
 * ```
 */
export function readMapping(fn: string, mapping: unknown): unknown {
  return isDefinedMapping(mapping) ? mapping : frozenCopyOf(fn, mapping);
}

/** How deep a mapping's data may nest (its entries nest four levels): deeper is a cycle, or no mapping. */
const MAX_MAPPING_DEPTH = 32;

/** The longest list a mapping's data may hold: its lists name a few columns or values. */
const MAX_MAPPING_LIST = 100_000;

function frozenCopyOf(fn: string, value: unknown): unknown {
  try {
    return deepFrozenCopy(value, 0);
  } catch (error) {
    if (isTqlError(error)) throw error;
    throw optionError(`${fn} could not read the mapping: reading it threw an exception (a getter or a proxy trap). Pass the mapping as plain data.`);
  }
}

/**
 * True for a mapping {@link defineSqlMapping} made: checked and deeply frozen, so what is derived
 * from it may be kept.
 *
 * @example
 * ```ts
 * isDefinedMapping(schedulingSqlMapping); // true
 * isDefinedMapping({ agent: { table: 'agent', key: 'id' } }); // false
 * ```
 */
export function isDefinedMapping(mapping: unknown): boolean {
  return typeof mapping === 'object' && mapping !== null && definedMappings.has(mapping);
}

/**
 * The mapping of `entity`, checked now unless {@link defineSqlMapping} made the mapping: its table,
 * key, columns and the tables it names. An array without a table is found only when an attribute
 * that looks in it is compiled, so a mapping written for some attributes serves those.
 */
export function entityMapping(mapping: SqlMapping, entity: Entity | string): SqlEntityMapping {
  const name = typeof entity === 'string' ? entity : entity.name;
  const found = isRecord(mapping) && Object.hasOwn(mapping, name) ? mapping[name] : undefined;
  if (found === undefined) throw mappingError([`${name}: the mapping has no entry for this entity; add { table, key } for it`]);
  if (definedMappings.has(mapping)) return found;
  const problems: string[] = [];
  checkEntity(name, found, undefined, (entry, message) => problems.push(`${entry}: ${message}`));
  if (problems.length > 0) throw mappingError(problems);
  return found;
}

/**
 * What {@link defineSqlMapping} finds wrong with one entity's mapping, checked against the
 * schema's entity: `checkSqlMapping` refuses a mapping it was given as plain data for the same
 * problems, so that no mapping passes one and fails the other.
 *
 * @example
 * ```ts
 * entityMappingProblems('agent', { table: 'agent', key: 'id', storage: { nickname: 'uuid' } }, schedulingSchema.entities.agent);
 * // ['agent.storage.nickname: no attribute of agent reads a field, column or attribute named "nickname"; …']
 * ```
 */
export function entityMappingProblems(name: string, entry: unknown, entity: Entity): string[] {
  const problems: string[] = [];
  checkEntity(name, entry, entity, (where, message) => problems.push(`${where}: ${message}`));
  return problems;
}

function checkEntity(name: string, entry: unknown, entity: Entity | undefined, problem: Problem): void {
  if (!isRecord(entry)) {
    problem(name, `an entity's mapping is { table, key }, not ${describeValue(entry)}`);
    return;
  }
  identifier(`${name}.table`, entry['table'], problem);
  identifier(`${name}.key`, entry['key'], problem);
  names(`${name}.columns`, entry['columns'], problem);
  const collections = entry['collections'];
  if (collections !== undefined && !isRecord(collections)) problem(`${name}.collections`, 'collections is an object: array field → { table, foreignKey }');
  const mapped = isRecord(collections) ? collections : {};
  for (const [array, collection] of Object.entries(mapped)) {
    if (isRecord(collection) && (Object.hasOwn(collection, 'holds') || Object.hasOwn(collection, 'column'))) {
      checkArrayColumn(`${name}.collections.${array}`, collection, array, entity, problem);
      continue;
    }
    checkCollection(`${name}.collections.${array}`, collection, entry['table'], problem);
    if (isRecord(collection)) checkStorage(`${name}.collections.${array}.storage`, collection['storage'], entity, problem, (e) => elementReadings(e, array, collection));
  }
  checkStorage(`${name}.storage`, entry['storage'], entity, problem, (e) => fieldReadings(e, entry));
  if (entity === undefined) return;
  const unmapped = new Map<string, string[]>();
  for (const attributeName of entity.attributeNames) {
    const source = entity.attributes[attributeName]!.source;
    if (source.kind !== 'element') continue;
    for (const array of source.arrays) {
      if (!Object.hasOwn(mapped, array)) unmapped.set(array, [...(unmapped.get(array) ?? []), `${entity.name}.${attributeName}`]);
    }
  }
  for (const [array, paths] of unmapped) problem(`${name}.collections.${array}`, missingArray(paths));
}

/** One column an attribute reads, and the keys its `storage` entry may have (storage-key.ts), in lookup order. */
interface Reading {
  readonly attribute: Attribute;
  readonly field: string;
  readonly keys: readonly string[];
}

/**
 * Each `storage` entry: a known kind and zone, fitting every attribute that reads the column it
 * is keyed by (a field, its column or the attribute's name, as compiling resolves it: a Timestamp
 * kind for a Timestamp, `uuid` for a uuid id), and no column declared twice, differently. Without
 * the schema, the kinds only.
 */
function checkStorage(entry: string, storage: unknown, entity: Entity | undefined, problem: Problem, readingsOf: (entity: Entity) => Reading[]): void {
  if (storage === undefined) return;
  if (!isRecord(storage)) {
    problem(entry, 'storage is an object: field → column storage ({ created_at: "timestamptz" })');
    return;
  }
  const readings = entity === undefined ? [] : readingsOf(entity);
  for (const [key, declared] of Object.entries(storage)) {
    const matching = readings.filter((r) => r.keys.includes(key));
    const readers = entity === undefined ? [undefined] : matching.map((r) => r.attribute);
    if (readers.length === 0) problem(`${entry}.${key}`, `no attribute of ${entity!.name} reads a field, column or attribute named "${key}"; key the entry by the record field`);
    // A key that is one field's name and another's column or attribute would declare both columns.
    const fields = [...new Set(matching.map((r) => r.field))];
    if (fields.length > 1) problem(`${entry}.${key}`, `names the columns of ${andList(fields.map((f) => `"${f}"`))}; key each entry by its record field`);
    for (const attribute of new Set(readers)) {
      const wrong = columnStorageProblem(declared, attribute);
      if (wrong !== undefined) problem(`${entry}.${key}`, wrong);
    }
  }
  for (const { field, keys } of readings) {
    const [first, ...others] = keys.filter((k) => Object.hasOwn(storage, k));
    const differing = others.find((k) => JSON.stringify(storage[k]) !== JSON.stringify(storage[first!]));
    if (differing !== undefined) problem(`${entry}.${differing}`, `declares the column of ${field} otherwise than ${first} does; keep one entry`);
  }
}

/** The columns the attributes of `entity` read from its own table (fields and variants' branches), with their storage keys. */
function fieldReadings(entity: Entity, mapping: Readonly<Record<string, unknown>>): Reading[] {
  const entries = { columns: isRecord(mapping['columns']) ? (mapping['columns'] as Record<string, string>) : undefined };
  return entity.attributeNames.flatMap((n): Reading[] => {
    const attribute = entity.attributes[n]!;
    const source = attribute.source;
    if (source.kind === 'field') return [{ attribute, field: source.field, keys: storageKeys(entries, source.field, attribute.name) }];
    if (source.kind === 'variant') return Object.values(source.fields).map((field) => ({ attribute, field, keys: storageKeys(entries, field) }));
    return [];
  });
}

/**
 * The value columns the attributes of `entity` read from array `array`'s table: an element
 * field (keyed by it or its column) or, for an array of scalars, the value column.
 */
function elementReadings(entity: Entity, array: string, collection: Readonly<Record<string, unknown>>): Reading[] {
  const entries = { columns: isRecord(collection['columns']) ? (collection['columns'] as Record<string, string>) : undefined };
  const valueColumn = typeof collection['valueColumn'] === 'string' ? collection['valueColumn'] : DEFAULT_VALUE_COLUMN;
  return entity.attributeNames.flatMap((n): Reading[] => {
    const attribute = entity.attributes[n]!;
    const source = attribute.source;
    if (source.kind !== 'element' || !source.arrays.includes(array)) return [];
    const field = source.value ?? valueColumn;
    return [{ attribute, field, keys: source.value === undefined ? [field] : storageKeys(entries, field) }];
  });
}

function checkCollection(entry: string, collection: unknown, ownTable: unknown, problem: Problem): void {
  if (!isRecord(collection)) {
    problem(entry, `an array's mapping is { table, foreignKey }, not ${describeValue(collection)}`);
    return;
  }
  identifier(`${entry}.table`, collection['table'], problem);
  identifier(`${entry}.foreignKey`, collection['foreignKey'], problem);
  names(`${entry}.columns`, collection['columns'], problem);
  if (collection['valueColumn'] !== undefined) identifier(`${entry}.valueColumn`, collection['valueColumn'], problem);
  if (collection['table'] === ownTable) problem(`${entry}.table`, `elements need a table of their own, not the entity's table "${String(ownTable)}"`);
  const discriminator = collection['discriminator'];
  if (discriminator === undefined) return;
  if (!isRecord(discriminator)) {
    problem(`${entry}.discriminator`, 'a discriminator is { column, value }');
    return;
  }
  identifier(`${entry}.discriminator.column`, discriminator['column'], problem);
  if (typeof discriminator['value'] !== 'string' || /[\\\u0000]/.test(discriminator['value'])) {
    problem(`${entry}.discriminator.value`, 'the value is a text without backslash or NUL');
  }
}

/**
 * An array held in a column of the row (`{ column, holds }`): a column name, a form of array,
 * no entry of a table's (the two forms do not mix), an element storage that fits every attribute
 * reading the array, and attributes that read its elements whole, of a type an array column holds.
 */
function checkArrayColumn(entry: string, collection: Readonly<Record<string, unknown>>, array: string, entity: Entity | undefined, problem: Problem): void {
  identifier(`${entry}.column`, collection['column'], problem);
  const holds = collection['holds'];
  if (!(ARRAY_HOLDINGS as readonly unknown[]).includes(holds)) {
    const forms = "'array' (the engine's array type, a PostgreSQL text[] or a DuckDB VARCHAR[]) or 'json' (a JSON array as text)";
    problem(`${entry}.holds`, holds === undefined ? `missing: say what the column holds, ${forms}` : `the column holds ${forms}, not ${describeValue(holds)}`);
  }
  const tableEntries = ['table', 'foreignKey', 'discriminator', 'columns', 'valueColumn'].filter((k) => Object.hasOwn(collection, k));
  if (tableEntries.length > 0) problem(entry, `an array is held in a table ({ table, foreignKey }) or in a column ({ column, holds }), not both; remove ${andList(tableEntries)}`);
  const readers = entity === undefined ? [] : entity.attributeNames.map((n) => entity.attributes[n]!).filter((a) => a.source.kind === 'element' && a.source.arrays.includes(array));
  const storage = collection['storage'];
  for (const attribute of entity === undefined ? [undefined] : readers) {
    const wrong = storage === undefined ? undefined : columnStorageProblem(storage, attribute);
    if (wrong !== undefined) problem(`${entry}.storage`, wrong);
  }
  for (const attribute of readers) {
    const source = attribute.source as Extract<Attribute['source'], { kind: 'element' }>;
    if (source.value !== undefined || source.where !== undefined) {
      problem(entry, `${attribute.path} reads a field of each element (an array of objects), and a column holds an array of scalars; hold the elements in a table of their own`);
      continue;
    }
    const kind = arrayElementKind(attribute);
    if (typeof kind !== 'string') problem(entry, `${attribute.path}: ${kind.refused}`);
  }
}

/** A name every dialect can quote: a non-empty text without NUL. */
function identifier(entry: string, value: unknown, problem: Problem): void {
  if (value === undefined) problem(entry, 'missing: give the name of a table or column');
  else if (typeof value !== 'string' || value === '' || value.includes('\u0000')) {
    problem(entry, `${describeValue(value)} cannot be an SQL identifier: give a non-empty name without NUL`);
  }
}

function names(entry: string, value: unknown, problem: Problem): void {
  if (value === undefined) return;
  if (!isRecord(value)) {
    problem(entry, 'columns is an object: field → column');
    return;
  }
  for (const [field, column] of Object.entries(value)) identifier(`${entry}.${field}`, column, problem);
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy nobody can change afterwards: objects and arrays copied and frozen all the way down. */
function deepFrozenCopy(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_MAPPING_DEPTH) throw mappingError([`the mapping nests deeper than ${MAX_MAPPING_DEPTH} levels (does it hold itself?); a mapping is plain data`]);
  // map visits every index up to length: a sparse list of length 2^32 − 1 would never end.
  if (Array.isArray(value) && value.length > MAX_MAPPING_LIST) throw mappingError([`a list in the mapping holds ${value.length} entries, more than ${MAX_MAPPING_LIST}; a mapping is plain data`]);
  if (Array.isArray(value)) return Object.freeze(value.map((v) => deepFrozenCopy(v, depth + 1)));
  // fromEntries defines own properties, also one named __proto__ (a key of a mapping read from JSON).
  return Object.freeze(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepFrozenCopy(v, depth + 1)])));
}

