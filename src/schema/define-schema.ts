/** Checks a schema definition and fills in its defaults. */
import { OPERATORS, type Operator } from '../ast/nodes.js';
import { TqlError, issue, type TqlIssue } from '../errors/tql-error.js';
import { DEFAULT_OPERATORS, sortOperators } from './operators.js';
import { TYPE_FACTS, typesWith } from './type-facts.js';
import { describeValue } from '../errors/describe-value.js';
import { DEFAULT_LIMITS } from '../parser/options.js';
import { isValidTimeZone } from '../validate/timestamp.js';
import { findBadCharacter } from '../validate/values.js';
import { ignorePrefixProblem, removedZoneProblem } from './prefix-and-zone-rules.js';
import { readSkipped, rememberSkipped } from './skipped.js';
import {
  ATTRIBUTE_TYPES,
  type Attribute,
  type AttributeDefinition,
  type AttributeSource,
  type IdFormat,
  type Entity,
  type TimestampStorage,
  type TimestampStorageKind,
  type Schema,
  type SchemaDefinition,
  type StoredForm,
  type AttributeType,
  type ValueStorage,
} from './types.js';
import { withArticle } from '../errors/wording.js';

const NAME = /^[a-z][a-z0-9_]*$/;
/**
 * The longest name PostgreSQL keeps whole, in bytes (longer identifiers are cut, so two long names
 * would name one column); the default SQL mapping names tables and columns after the schema.
 */
const MAX_NAME_BYTES = 63;
/** The shape of an id prefix: `agnt_`, `usr2_`. */
const ID_PREFIX = /^[a-z][a-z0-9]*_$/;

/**
 * Builds a {@link Schema} from plain data, checking that it is consistent: names in lower snake
 * case, known types, operators that the type allows, an id format on every ID attribute.
 * Throws a `TqlError` with code `invalid_schema` listing every problem.
 *
 * @example
 * ```ts
 * const schema = defineSchema({
 *   entities: {
 *     agent: {
 *       attributes: {
 *         name: { type: 'String' },
 *         schedulable: { type: 'Boolean' },
 *         url_slug: { type: 'String', nullable: true },
 *         created_at: { type: 'Timestamp', operators: ['LT', 'GTE'] },
 *       },
 *     },
 *   },
 * });
 * schema.entities.agent.attributes.created_at.operators; // ['LT', 'GTE']
 * ```
 */
export function defineSchema<const D extends SchemaDefinition>(definition: D): Schema<D> {
  const problems: string[] = [];
  // No prototype: an entity name is looked up as a key of this object.
  const entities: Record<string, Entity> = Object.create(null);
  if (typeof definition !== 'object' || definition === null || typeof definition.entities !== 'object' || definition.entities === null) {
    throw schemaError(['a schema definition is an object with an "entities" object']);
  }
  for (const [entityName, entityDef] of Object.entries(definition.entities)) {
    if (!NAME.test(entityName)) problems.push(`entity name ${describeValue(entityName)} is not lower snake case`);
    const tooLong = nameTooLong(entityName, 'the table');
    if (tooLong !== undefined) problems.push(`entity name ${describeValue(entityName)} ${tooLong}`);
    const attrs: Record<string, Attribute> = Object.create(null);
    if (typeof entityDef !== 'object' || entityDef === null || typeof entityDef.attributes !== 'object' || entityDef.attributes === null) {
      problems.push(`entity "${entityName}" needs an "attributes" object`);
      continue;
    }
    if (entityDef.description !== undefined && typeof entityDef.description !== 'string') problems.push(`entity "${entityName}": a description is a text`);
    for (const [attrName, def] of Object.entries(entityDef.attributes)) {
      const where = `${entityName}.${attrName}`;
      const attribute = resolveAttribute(entityName, attrName, def, (p) => problems.push(`${where}: ${p}`));
      if (attribute) attrs[attrName] = attribute;
    }
    entities[entityName] = Object.freeze({
      name: entityName,
      attributes: Object.freeze(attrs),
      attributeNames: Object.freeze(Object.keys(attrs)),
      description: entityDef.description,
    });
  }
  const ids: Record<string, string> = Object.create(null);
  const idsDef: unknown = definition.ids;
  if (idsDef !== undefined && (typeof idsDef !== 'object' || idsDef === null || Array.isArray(idsDef))) {
    problems.push('ids is an object such as { "agnt_": "an agent" }');
  } else if (idsDef !== undefined) {
    for (const [prefix, name] of Object.entries(idsDef)) {
      if (!ID_PREFIX.test(prefix)) problems.push(`ids: "${prefix}" should look like "agnt_"`);
      else if (typeof name !== 'string' || name === '') problems.push(`ids.${prefix}: say what the ids identify, such as "an agent"`);
      else ids[prefix] = name;
    }
  }
  const skipped = readSkipped((definition as { skipped?: unknown }).skipped);
  if (typeof skipped === 'string') problems.push(skipped);
  if (problems.length > 0) throw schemaError(problems);
  const schema = { entities: Object.freeze(entities), entityNames: Object.freeze(Object.keys(entities)), ids: Object.freeze(ids), definition };
  // Not enumerable: the brand is not data, and schemas compare equal by their contents.
  Object.defineProperty(schema, SCHEMA_BRAND, { value: true });
  if (skipped !== undefined && typeof skipped !== 'string') rememberSkipped(schema, skipped);
  return Object.freeze(schema) as unknown as Schema<D>;
}

const SCHEMA_BRAND = Symbol.for('tql.schema');

/**
 * True for a schema made by {@link defineSchema} (also by another copy of the package): the only
 * schemas `validate` and `check` take, because only those were checked.
 *
 * @example
 * ```ts
 * isSchema(schedulingSchema); // true
 * isSchema({ entities: {} });  // false
 * ```
 */
export function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && (value as { [SCHEMA_BRAND]?: unknown })[SCHEMA_BRAND] === true;
}

function resolveAttribute(
  entity: string,
  name: string,
  def: AttributeDefinition,
  problem: (message: string) => void,
): Attribute | undefined {
  if (!NAME.test(name)) problem('attribute names are lower snake case');
  const tooLong = nameTooLong(name, 'the column');
  if (tooLong !== undefined) problem(`the name ${tooLong}`);
  if (typeof def !== 'object' || def === null || !ATTRIBUTE_TYPES.includes(def.type)) {
    problem(`type must be one of ${ATTRIBUTE_TYPES.join(', ')}`);
    return undefined;
  }
  const allowed = DEFAULT_OPERATORS[def.type];
  let operators: readonly Operator[] = allowed;
  if (def.operators !== undefined && !Array.isArray(def.operators)) problem('operators is a list such as ["EQ", "IN"]');
  else if (def.operators !== undefined) {
    const unknown = def.operators.filter((o) => !(OPERATORS as readonly unknown[]).includes(o));
    const widening = def.operators.filter((o) => !unknown.includes(o) && !allowed.includes(o));
    if (unknown.length > 0) problem(`unknown operators ${unknown.map(describeValue).join(', ')}`);
    if (widening.length > 0) problem(`${def.type} attributes cannot take ${widening.join(', ')}`);
    if (def.operators.length === 0) problem('an attribute needs at least one operator');
    operators = sortOperators(def.operators.filter((o) => allowed.includes(o)));
  }
  const id: unknown = def.id;
  const facts = TYPE_FACTS[def.type];
  if (facts.ids) {
    if (!isIdFormat(id)) problem(`${def.type} attributes need an id format ({ kind: "prefixed", prefix }, { kind: "integer" }, { kind: "uuid" } or { kind: "text" })`);
    else if (id.kind === 'prefixed' && !ID_PREFIX.test(id.prefix)) problem(`id prefix "${id.prefix}" should look like "agnt_"`);
  } else if (id !== undefined) problem(`only ${typesWith('ids')} attributes have an id format`);
  const storage = facts.instants ? timestampStorage(def.storage, problem) : undefined;
  const valueStorage = facts.instants ? undefined : valueStorageOf(def.type, def.storage, problem);
  const values: unknown = def.values;
  if (values !== undefined) {
    if (!facts.freeText) problem(`only ${typesWith('freeText')} attributes can have a closed set of values`);
    // A hole in a sparse list is no text either (every() skips holes; Object.keys does not list them).
    else if (!Array.isArray(values) || Object.keys(values).length !== values.length || !values.every((v) => typeof v === 'string')) problem('values is a list of texts');
    else if (values.length === 0) problem('a closed set of values cannot be empty');
    else unwritableValues(values, problem);
  }
  if (def.nullable !== undefined && typeof def.nullable !== 'boolean') problem('nullable is true or false');
  if (def.description !== undefined && typeof def.description !== 'string') problem('a description is a text');
  const source: AttributeSource = def.source ?? { kind: 'field', field: name };
  const wrongSource = sourceProblem(source);
  if (wrongSource !== undefined) {
    problem(wrongSource);
    return undefined;
  }
  if (source.kind === 'element' && def.nullable) problem('a collection attribute cannot be nullable: "EQ null" would mean "no element"');
  if (source.ignorePrefix === '') problem('ignorePrefix cannot be empty: write the prefix stored values may carry, such as "#"');
  else if (source.ignorePrefix !== undefined && !facts.freeText) problem(`ignorePrefix is for ${typesWith('freeText')} attributes only: remove it, or make the attribute a String`);
  else if (source.ignorePrefix !== undefined && values !== undefined) problem('ignorePrefix cannot go with a closed set of values: list the values as they are compared and remove ignorePrefix');
  else if (source.ignorePrefix !== undefined) {
    const prefixProblem = ignorePrefixProblem(source.ignorePrefix, source.ignoreCase === true);
    if (prefixProblem !== undefined) problem(prefixProblem);
  }
  if (source.ignoreCase !== undefined && !facts.freeText) problem(`ignoreCase is for ${typesWith('freeText')} attributes only: remove it, or make the attribute a String`);
  else if (source.ignoreCase !== undefined && values !== undefined) problem('ignoreCase cannot go with a closed set of values: list the values in the case they are compared and remove ignoreCase');
  const attribute: Attribute = Object.freeze({
    path: `${entity}.${name}`,
    entity,
    name,
    type: def.type,
    operators: Object.freeze([...operators]),
    nullable: def.nullable ?? false,
    values: Array.isArray(def.values) ? Object.freeze([...def.values]) : undefined,
    id: isIdFormat(id) ? Object.freeze({ ...id }) : undefined,
    storage,
    ...(valueStorage === undefined ? {} : { valueStorage }),
    source: frozenCopy(source),
    collection: source.kind === 'element',
    description: def.description,
  });
  definedAttributes.add(attribute);
  return attribute;
}

/**
 * What is wrong with a name the SQL engines would cut, if anything: the number of bytes and what to do.
 *
 * @example
 * ```ts
 * nameTooLong('a'.repeat(64), 'the column'); // 'is 64 bytes long; …'
 * ```
 */
function nameTooLong(name: string, what: string): string | undefined {
  const bytes = utf8Length(name);
  if (bytes <= MAX_NAME_BYTES) return undefined;
  return `is ${bytes} bytes long, and PostgreSQL cuts identifiers after ${MAX_NAME_BYTES}: shorten it to ${MAX_NAME_BYTES} bytes or fewer (an SQL mapping can still give ${what} a longer name)`;
}

/** The UTF-8 length of a text, without an encoder (the schema is also built in browsers). */
function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // A surrogate pair is one 4-byte character; a lone surrogate is written as U+FFFD, 3 bytes.
    if (c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
  }
  return n;
}

/**
 * Reports the closed-set values that no query can write, so that completion never offers one that
 * `check` refuses: a NUL or a lone surrogate (`invalid_character`), or more characters than the
 * default limit on a value. Only the first few are named.
 */
function unwritableValues(values: readonly string[], problem: (message: string) => void): void {
  const bad: string[] = [];
  let count = 0;
  for (const [i, v] of values.entries()) {
    const character = findBadCharacter(v);
    const why = character !== undefined ? `holds ${character}` : v.length > DEFAULT_LIMITS.maxValueLength ? `is ${v.length} characters long` : undefined;
    if (why === undefined) continue;
    if (++count <= 3) bad.push(`value ${i} ${describeValue(v)} ${why}`);
  }
  if (count === 0) return;
  const more = count > bad.length ? ` (and ${count - bad.length} more)` : '';
  problem(`${bad.join('; ')}${more}: a query can only write values without NUL or lone surrogates, of at most ${DEFAULT_LIMITS.maxValueLength} characters; remove or correct them`);
}

/** Attributes made by {@link defineSchema}: checked when made, and frozen all the way down. */
const definedAttributes = new WeakSet<Attribute>();

/**
 * True for an attribute of a schema made by {@link defineSchema} (in this copy of the package).
 * Nothing in such an attribute can change after it was checked, so backends that check the shape
 * of a validated query can trust it without looking inside.
 *
 * @example
 * ```ts
 * isDefinedAttribute(schedulingSchema.entities.agent.attributes.name); // true
 * isDefinedAttribute({ ...schedulingSchema.entities.agent.attributes.name }); // false: a copy
 * ```
 */
export function isDefinedAttribute(value: unknown): boolean {
  return typeof value === 'object' && value !== null && definedAttributes.has(value as Attribute);
}

/** A deep copy of a checked source that nobody can change afterwards (the caller still holds the original). */
function frozenCopy(source: AttributeSource): AttributeSource {
  switch (source.kind) {
    case 'field':
      return Object.freeze({ kind: 'field', field: source.field, ...storedForm(source) });
    case 'variant':
      return Object.freeze({ kind: 'variant', tag: source.tag, fields: Object.freeze({ ...source.fields }), ...storedForm(source) });
    case 'element': {
      const { arrays, where, value } = source;
      return Object.freeze({
        kind: 'element',
        arrays: Object.freeze([...arrays]) as unknown as typeof arrays,
        // Only the keys the definition gives: a scalar array's source has neither.
        ...(where === undefined ? {} : { where: Object.freeze({ field: where.field, oneOf: Object.freeze([...where.oneOf]) as unknown as typeof where.oneOf }) }),
        ...(value === undefined ? {} : { value }),
        ...storedForm(source),
      }) as AttributeSource;
    }
  }
}

/** The source's declared stored-form read, copied only when it has one. */
function storedForm({ ignorePrefix, ignoreCase }: StoredForm): StoredForm {
  return { ...(ignorePrefix === undefined ? {} : { ignorePrefix }), ...(ignoreCase === undefined ? {} : { ignoreCase }) };
}

/** True for `{ kind: 'integer' }`, `{ kind: 'uuid' }`, `{ kind: 'text' }` and `{ kind: 'prefixed', prefix }`. */
export function isIdFormat(id: unknown): id is IdFormat {
  if (typeof id !== 'object' || id === null) return false;
  const f = id as { kind?: unknown; prefix?: unknown };
  return f.kind === 'integer' || f.kind === 'uuid' || f.kind === 'text' || (f.kind === 'prefixed' && typeof f.prefix === 'string');
}

const STORAGE_KINDS: readonly TimestampStorageKind[] = ['unix_seconds', 'unix_milliseconds', 'date', 'iso_text', 'iso_canonical'];

/** Frozen storages without options, shared by every attribute that uses one. */
const PLAIN_STORAGE: { readonly [K in Exclude<TimestampStorageKind, 'iso_text'>]: TimestampStorage } = {
  unix_seconds: Object.freeze({ kind: 'unix_seconds' }),
  unix_milliseconds: Object.freeze({ kind: 'unix_milliseconds' }),
  date: Object.freeze({ kind: 'date' }),
  iso_canonical: Object.freeze({ kind: 'iso_canonical' }),
};

/**
 * A Timestamp attribute's storage with its defaults filled in: `unix_seconds` when none is
 * given, `iso_text` read in UTC unless it names a zone. Reports what is wrong through `problem`.
 *
 * @example
 * ```ts
 * timestampStorage('iso_text', fail); // { kind: 'iso_text', timeZone: 'UTC' }
 * timestampStorage(undefined, fail);  // { kind: 'unix_seconds' }
 * ```
 */
export function timestampStorage(def: unknown, problem: (message: string) => void): TimestampStorage {
  if (def === undefined) return PLAIN_STORAGE.unix_seconds;
  const kind: unknown = typeof def === 'string' ? def : typeof def === 'object' && def !== null ? (def as { kind?: unknown }).kind : undefined;
  if (!(STORAGE_KINDS as readonly unknown[]).includes(kind)) {
    problem(`storage is one of ${STORAGE_KINDS.join(', ')} (or { kind: "iso_text", timeZone: "Europe/Paris" }), not ${describeValue(kind ?? def)}`);
    return PLAIN_STORAGE.unix_seconds;
  }
  if (kind !== 'iso_text') return PLAIN_STORAGE[kind as Exclude<TimestampStorageKind, 'iso_text'>];
  const zone: unknown = typeof def === 'object' ? (def as { timeZone?: unknown }).timeZone : undefined;
  if (zone !== undefined && (typeof zone !== 'string' || !isValidTimeZone(zone))) {
    problem(`storage.timeZone is an IANA time zone such as "Europe/Paris", not ${describeValue(zone)}`);
  } else if (typeof zone === 'string') {
    const removed = removedZoneProblem(zone);
    if (removed !== undefined) problem(removed);
  }
  return Object.freeze({ kind: 'iso_text', timeZone: typeof zone === 'string' && isValidTimeZone(zone) ? zoneName(zone) : 'UTC' });
}

/**
 * A Boolean's or Number's value storage (types.ts, ValueStorage): undefined for the type's own
 * values (the default). Reports a storage the type does not take through `problem`.
 *
 * @example
 * ```ts
 * valueStorageOf('Boolean', 'zero_one', fail); // 'zero_one'
 * valueStorageOf('Number', 'number', fail); // undefined
 * ```
 */
/** The types a `storage` is for, for messages: `Timestamp, Boolean and Number`. */
function typesWithStorage(): string {
  const types = ATTRIBUTE_TYPES.filter((t) => TYPE_FACTS[t].instants || TYPE_FACTS[t].valueStorages !== undefined);
  return `${types.slice(0, -1).join(', ')} and ${types.at(-1)!}`;
}

function valueStorageOf(type: AttributeType, def: unknown, problem: (message: string) => void): ValueStorage | undefined {
  if (def === undefined) return undefined;
  const storages = TYPE_FACTS[type].valueStorages;
  if (storages === undefined) {
    problem(`only ${typesWithStorage()} attributes have a storage`);
    return undefined;
  }
  if (def === storages.own) return undefined;
  if ((storages.others as readonly unknown[]).includes(def)) return def as ValueStorage;
  problem(`the storage of ${withArticle(type)} is ${[storages.own, ...storages.others].map((k) => JSON.stringify(k)).join(' or ')} (the default is ${JSON.stringify(storages.own)}), not ${describeValue(def)}`);
  return undefined;
}

/**
 * A valid zone's name as the engines and the SQL compilers spell it: `Intl` takes `utc`,
 * `etc/utc` and `europe/berlin`, which PostgreSQL's tzdata and tql's list of fixed zones do not.
 * The name `Intl` resolves to, where it is the same name in another case or UTC; else as given.
 *
 * @example
 * ```ts
 * zoneName('etc/utc'); // 'UTC'
 * zoneName('europe/berlin'); // 'Europe/Berlin'
 * ```
 */
export function zoneName(zone: string): string {
  if (zone === 'UTC') return zone;
  const resolved = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  return resolved === 'UTC' || resolved.toLowerCase() === zone.toLowerCase() ? resolved : zone;
}

/**
 * What is wrong with a source written in plain data, if anything: the backends read every key
 * it names.
 *
 * @example
 * ```ts
 * sourceProblem({ kind: 'field', field: 'name' }); // undefined
 * sourceProblem({ kind: 'column' });               // '"column" is not a kind of source: …'
 * ```
 */
export function sourceProblem(source: unknown): string | undefined {
  if (typeof source !== 'object' || source === null) return 'a source is { kind: "field" | "variant" | "element", … }';
  const s = source as Record<string, unknown>;
  const isText = (x: unknown): x is string => typeof x === 'string';
  const isTexts = (x: unknown): boolean => Array.isArray(x) && x.length > 0 && x.every(isText);
  if (s.ignorePrefix !== undefined && !isText(s.ignorePrefix)) return `ignorePrefix is a text such as "#", not ${describeValue(s.ignorePrefix)}`;
  if (s.ignoreCase !== undefined && typeof s.ignoreCase !== 'boolean') return `ignoreCase is true or false, not ${describeValue(s.ignoreCase)}`;
  switch (s.kind) {
    case 'field':
      return isText(s.field) ? undefined : 'a field source names its field: { kind: "field", field: "name", ignorePrefix?, ignoreCase? }';
    case 'variant': {
      const shaped = isText(s.tag) && typeof s.fields === 'object' && s.fields !== null && Object.values(s.fields).every(isText);
      if (!shaped) return 'a variant source is { kind: "variant", tag: "object", fields: { agent: "name", … }, ignorePrefix?, ignoreCase? }';
      // No tag would have a value: every backend would read the attribute as always missing.
      return Object.keys(s.fields as object).length === 0 ? 'a variant source reads a field for at least one tag: fields: { agent: "name", … }' : undefined;
    }
    case 'element': {
      const where = s.where as { field?: unknown; oneOf?: unknown } | null | undefined;
      const whereOk = where === undefined || (typeof where === 'object' && where !== null && isText(where.field) && isTexts(where.oneOf));
      const ok = isTexts(s.arrays) && whereOk && (s.value === undefined || isText(s.value));
      if (!ok) return 'an element source is { kind: "element", arrays: ["…"], where?: { field, oneOf: ["…"] }, value?, ignorePrefix?, ignoreCase? }';
      // Without `value` the elements are the values (scalars), which have no field to pick them by.
      if (s.value === undefined && where !== undefined) {
        return 'an element source without value reads the elements themselves (an array of scalars), which have no field for where to test: remove where, or name the field that holds the value in value';
      }
      return undefined;
    }
    default:
      return `${describeValue(s.kind)} is not a kind of source: use "field", "variant" or "element"`;
  }
}

function schemaError(problems: readonly string[]): TqlError {
  const issues = problems.map(
    (p): TqlIssue => issue('', { code: 'invalid_schema', message: `Invalid schema: ${p}.`, span: { start: 0, end: 0 } }),
  );
  return new TqlError('', issues as [TqlIssue, ...TqlIssue[]]);
}
