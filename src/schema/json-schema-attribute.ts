/**
 * One JSON Schema property (already flattened: references followed, compositions merged) as a
 * tql attribute, or the reason it has none. The table of from-json-schema.ts says the rules.
 */
import { isObject, type Flattened, type Json } from './json-schema-refs.js';
import type { AttributeDefinition } from './types.js';

/** A literal prefix that ends with `_` at the start of a pattern: `^tkt_[A-Za-z0-9]+$` → `tkt_`. */
const PREFIXED_PATTERN = /^\^([A-Za-z][A-Za-z0-9]*_)/;

/** Text formats that hold an instant: RFC 3339 date-times, dates (midnight), and date-times without an offset (read in UTC). */
const INSTANT_FORMATS: ReadonlySet<unknown> = new Set(['date-time', 'date', 'date-time-local']);

/** Number formats that hold Unix seconds: tql's own `unix-time`, and `unixtime` of the OpenAPI format registry. */
const UNIX_SECONDS_FORMATS: ReadonlySet<unknown> = new Set(['unix-time', 'unixtime']);

/** What a property derives to: an attribute, or why there is none. */
export type PropertyAttribute = AttributeDefinition | { readonly reason: string };

/** What the derivation knows of a property besides its schema. */
export interface PropertyFacts {
  /** The attribute's (snake case) name: `account_id` reads as an integer id. */
  readonly name: string;
  /** Listed in the entity's `required`: a missing field is possible otherwise, so the attribute is nullable. */
  readonly required: boolean;
  /**
   * The type the source itself gives the field, where its JSON Schema may say less: zod's
   * `date` (the records hold a JavaScript `Date`, which JSON Schema cannot say), `bigint`, ….
   */
  readonly sourceType?: string | undefined;
  /** The record's own field name, where it differs from `name`: an array's element source reads it. */
  readonly field?: string | undefined;
  /** For an array: its `items`, flattened (references followed), or why they cannot be. */
  readonly items?: Flattened | undefined;
  /** For an array: the type its source gives each element (zod's `date` for `z.array(z.date())`). */
  readonly itemSourceType?: string | undefined;
}

/**
 * The attribute of one flattened property.
 *
 * @example
 * ```ts
 * attributeOfProperty({ type: 'string', format: 'date-time' }, { name: 'created_at', required: true });
 * // → { type: 'Timestamp', storage: 'iso_text' }
 * attributeOfProperty({ type: 'string', format: 'uuid' }, { name: 'id', required: false });
 * // → { type: 'ID', id: { kind: 'uuid' }, nullable: true }
 * ```
 */
export function attributeOfProperty(property: Json, facts: PropertyFacts): PropertyAttribute {
  if (property['writeOnly'] === true) return { reason: 'writeOnly: records never carry it' };
  const { types, nullable } = typesOf(property);
  const description = typeof property['description'] === 'string' ? { description: property['description'] } : {};
  const extra = { ...(nullable || !facts.required ? { nullable: true } : {}), ...description };
  if (facts.sourceType === 'date') return { type: 'Timestamp', storage: 'date', ...extra };
  if (types.length === 0) return { reason: facts.sourceType === undefined ? 'no type: give it a "type"' : `its type is ${facts.sourceType}, which no tql type compares as` };
  if (types.length > 1) return { reason: `one of several types (${types.join(', ')}): tql attributes have one type` };
  const format = property['format'];
  switch (types[0]) {
    case 'string': {
      const values = enumValues(property);
      if (values !== undefined) return { type: 'String', values, ...extra };
      if (INSTANT_FORMATS.has(format)) return { type: 'Timestamp', storage: 'iso_text', ...extra };
      if (format === 'uuid') return { type: 'ID', id: { kind: 'uuid' }, ...extra };
      const prefix = typeof property['pattern'] === 'string' ? PREFIXED_PATTERN.exec(property['pattern'])?.[1] : undefined;
      if (prefix !== undefined) return { type: 'ID', id: { kind: 'prefixed', prefix }, ...extra };
      return { type: 'String', ...extra };
    }
    case 'boolean':
      return { type: 'Boolean', ...extra };
    case 'integer':
    case 'number':
      if (UNIX_SECONDS_FORMATS.has(format)) return { type: 'Timestamp', ...extra };
      if (types[0] === 'integer' && (facts.name === 'id' || facts.name.endsWith('_id'))) return { type: 'ID', id: { kind: 'integer' }, ...extra };
      return { type: 'Number', ...extra };
    case 'array':
      return arrayOfScalars(facts, description);
    case 'object':
      return { reason: 'an object: tql filters top-level fields; describe nested ones in a tql schema' };
    default:
      return { reason: `the type "${String(types[0])}" is not a JSON Schema type` };
  }
}

/**
 * An array of scalars (`tags: string[]`) as a collection attribute (language rule 7: some element
 * matches, the `NOT_` forms none): the element's attribute, read by an element source over the
 * field. An array may be missing or empty, which is no element, so the attribute is never
 * nullable; a null element is no value. An array named `…_ids` holds ids as `…_id` would.
 */
function arrayOfScalars(facts: PropertyFacts, description: { description?: string }): PropertyAttribute {
  const items = facts.items;
  if (items === undefined || ('schema' in items && Object.keys(items.schema).length === 0 && facts.itemSourceType === undefined)) {
    return { reason: 'an array whose elements have no schema: give it "items", such as "items": { "type": "string" }' };
  }
  if ('reason' in items) return { reason: `an array whose elements cannot be read: ${items.reason}` };
  const elementName = facts.name === 'ids' ? 'id' : facts.name.replace(/_ids$/, '_id');
  const element = attributeOfProperty(items.schema, { name: elementName, required: true, sourceType: facts.itemSourceType });
  if ('reason' in element) {
    if (element.reason.startsWith('an object')) return { reason: 'an array of objects: describe it in a tql schema with an element source whose value names the field to filter by' };
    if (element.reason.startsWith('an array')) return { reason: 'an array of arrays: tql reads one level of arrays' };
    return { reason: `an array whose elements cannot be filtered: ${element.reason}` };
  }
  const { nullable: _nullable, description: _description, ...scalar } = element;
  return { ...scalar, ...description, source: { kind: 'element', arrays: [facts.field ?? facts.name] } };
}

/** The property's types other than null, and whether null is one of them (or of its enum, or it says `nullable`). */
function typesOf(property: Json): { types: string[]; nullable: boolean } {
  const raw = property['type'];
  let types = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw.filter((t): t is string => typeof t === 'string') : [];
  const values = Array.isArray(property['enum']) ? (property['enum'] as unknown[]) : [];
  // An enum without a type: its values say it.
  if (types.length === 0 && values.length > 0 && values.every((v) => typeof v === 'string' || v === null)) types = ['string', ...(values.includes(null) ? ['null'] : [])];
  // Without a type, properties say it is an object.
  if (types.length === 0 && isObject(property['properties'])) types = ['object'];
  return { types: types.filter((t) => t !== 'null'), nullable: types.includes('null') || values.includes(null) || property['nullable'] === true };
}

function enumValues(property: Json): string[] | undefined {
  const values = property['enum'];
  if (!Array.isArray(values)) return undefined;
  const texts = values.filter((v): v is string => typeof v === 'string');
  // An enum with no text (empty, or numbers on a string) closes nothing a text could match.
  return texts.length === 0 ? undefined : texts;
}
