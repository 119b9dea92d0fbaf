/**
 * A tql schema from a JSON Schema (2020-12) document that describes each entity's records as an
 * object schema under `$defs`: the record shapes an API already publishes become filterable
 * attributes without writing them twice.
 *
 * Each top-level property of an entity becomes an attribute of the same name:
 *
 * | JSON Schema | attribute |
 * |---|---|
 * | `"type": "string"` | `String` |
 * | `"type": "string"` with `"enum"` | `String` with `values` (a closed set) |
 * | `"type": "string"` with a `"pattern"` that starts with a literal prefix (`"^tkt_…"`) | `ID`, `{ kind: 'prefixed', prefix: 'tkt_' }` |
 * | `"type": "integer"` with `"format": "unix-time"` | `Timestamp` (Unix seconds) |
 * | `"type": "integer"` named `id` or `…_id` | `ID`, `{ kind: 'integer' }` |
 * | `"type": "boolean"` | `Boolean` |
 * | `"type": "number"`, or `"integer"` otherwise | `Number` |
 * | `"null"` among the types, or in `enum`, or an `anyOf` of a type and `null` | `nullable: true` |
 *
 * A property that maps to none of these (objects, arrays, a `date-time` text,
 * which tql could only compare as text) is left out and listed in `skipped` with the reason.
 */
import { TqlError } from '../errors/tql-error.js';
import type { AttributeDefinition, EntityDefinition, SchemaDefinition } from './types.js';

/** A property the derivation left out, and why. */
export interface SkippedProperty {
  /** `entity.property` */
  readonly path: string;
  readonly reason: string;
}

/** What {@link schemaFromJsonSchema} derived: a definition for `defineSchema`, and what it left out. */
export interface DerivedSchema {
  readonly definition: SchemaDefinition;
  readonly skipped: readonly SkippedProperty[];
}

type Json = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A literal prefix that ends with `_` at the start of a pattern: `^tkt_[A-Za-z0-9]+$` → `tkt_`. */
const PREFIXED_PATTERN = /^\^([A-Za-z][A-Za-z0-9]*_)/;

/**
 * The tql schema definition of a JSON Schema document with one object schema per entity under
 * `$defs`. Throws a `TqlError` (`invalid_schema`) when the document has no such entities.
 *
 * @example
 * ```ts
 * const { definition, skipped } = schemaFromJsonSchema({
 *   $defs: {
 *     ticket: {
 *       type: 'object',
 *       properties: {
 *         id: { type: 'string', pattern: '^tkt_[A-Za-z0-9]+$' },
 *         status: { type: 'string', enum: ['open', 'closed'] },
 *         closed_at: { type: ['integer', 'null'], format: 'unix-time' },
 *         tags: { type: 'array', items: { type: 'string' } },
 *       },
 *     },
 *   },
 * });
 * definition.entities['ticket']!.attributes['closed_at']; // → { type: 'Timestamp', nullable: true }
 * skipped; // [{ path: 'ticket.tags', reason: 'an array: …' }]
 * const helpdesk = defineSchema(definition);
 * ```
 */
export function schemaFromJsonSchema(document: unknown): DerivedSchema {
  const defs = isObject(document) ? document['$defs'] : undefined;
  if (!isObject(defs) || Object.keys(defs).length === 0) {
    throw invalid('A JSON Schema for tql has one object schema per entity under "$defs", such as { "$defs": { "ticket": { "type": "object", "properties": { … } } } }.');
  }
  const skipped: SkippedProperty[] = [];
  const entities = Object.entries(defs).map(([entity, schema]): [string, EntityDefinition] => {
    if (!isObject(schema) || !isObject(schema['properties'])) {
      throw invalid(`$defs.${entity} is not an object schema with "properties": each entry of $defs is an entity.`);
    }
    const attributes: [string, AttributeDefinition][] = [];
    for (const [name, property] of Object.entries(schema['properties'])) {
      const derived = attributeOf(name, isObject(property) ? property : {});
      if ('reason' in derived) skipped.push({ path: `${entity}.${name}`, reason: derived.reason });
      else attributes.push([name, derived]);
    }
    const description = typeof schema['description'] === 'string' ? { description: schema['description'] } : {};
    // fromEntries defines own properties: a name such as __proto__ cannot reach a prototype.
    return [entity, { attributes: Object.fromEntries(attributes), ...description }];
  });
  return { definition: { entities: Object.fromEntries(entities) }, skipped };
}

/** The attribute for one property, or why there is none. */
function attributeOf(name: string, given: Json): AttributeDefinition | { readonly reason: string } {
  const property = withoutNullAlternative(given);
  const { types, nullable } = typesOf(property);
  const description = typeof property['description'] === 'string' ? { description: property['description'] } : {};
  const extra = { ...(nullable ? { nullable: true } : {}), ...description };
  if (types.length !== 1) {
    return { reason: types.length === 0 ? 'no type: give it a "type"' : `one of several types (${types.join(', ')}): tql attributes have one type` };
  }
  const format = property['format'];
  switch (types[0]) {
    case 'string': {
      const values = enumValues(property);
      if (values !== undefined) return { type: 'String', values, ...extra };
      const prefix = typeof property['pattern'] === 'string' ? PREFIXED_PATTERN.exec(property['pattern'])?.[1] : undefined;
      if (prefix !== undefined) return { type: 'ID', id: { kind: 'prefixed', prefix }, ...extra };
      if (format === 'date-time') {
        return { reason: 'a date-time text: tql compares instants as Unix seconds; store them as an integer with "format": "unix-time"' };
      }
      return { type: 'String', ...extra };
    }
    case 'boolean':
      return { type: 'Boolean', ...extra };
    case 'integer':
      if (format === 'unix-time') return { type: 'Timestamp', ...extra };
      if (name === 'id' || name.endsWith('_id')) return { type: 'ID', id: { kind: 'integer' }, ...extra };
      return { type: 'Number', ...extra };
    case 'number':
      return { type: 'Number', ...extra };
    case 'array':
      return { reason: 'an array: describe it in a tql schema with an element source to filter by its elements' };
    case 'object':
      return { reason: 'an object: tql filters top-level fields; describe nested ones in a tql schema' };
    default:
      return { reason: `the type "${String(types[0])}" is not a JSON Schema type` };
  }
}

/**
 * `{ anyOf: [X, { type: 'null' }], … }` (how zod and others write a nullable property) as X with
 * `null` among its types and the outer keywords (`format`, `description`) kept.
 */
function withoutNullAlternative(property: Json): Json {
  const alternatives = property['anyOf'] ?? property['oneOf'];
  if (!Array.isArray(alternatives)) return property;
  const isNull = (a: unknown) => isObject(a) && a['type'] === 'null';
  const others = alternatives.filter((a) => !isNull(a));
  if (others.length !== 1 || !isObject(others[0])) return property;
  const { anyOf: _anyOf, oneOf: _oneOf, ...outer } = property;
  const inner = others[0];
  const innerTypes = typeof inner['type'] === 'string' ? [inner['type']] : Array.isArray(inner['type']) ? inner['type'] : [];
  return { ...inner, ...outer, ...(alternatives.length > others.length ? { type: [...innerTypes, 'null'] } : {}) };
}

/** The property's types other than null, and whether null is one of them (or of its enum). */
function typesOf(property: Json): { types: string[]; nullable: boolean } {
  const raw = property['type'];
  let types = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw.filter((t): t is string => typeof t === 'string') : [];
  const values = Array.isArray(property['enum']) ? (property['enum'] as unknown[]) : [];
  // An enum without a type: its values say it.
  if (types.length === 0 && values.length > 0 && values.every((v) => typeof v === 'string' || v === null)) types = ['string', ...(values.includes(null) ? ['null'] : [])];
  return { types: types.filter((t) => t !== 'null'), nullable: types.includes('null') || values.includes(null) };
}

function enumValues(property: Json): string[] | undefined {
  const values = property['enum'];
  if (!Array.isArray(values)) return undefined;
  return values.filter((v): v is string => typeof v === 'string');
}

function invalid(message: string): TqlError {
  return TqlError.of('', { code: 'invalid_schema', message, span: { start: 0, end: 0 } });
}
