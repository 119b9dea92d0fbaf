/**
 * A tql schema from a JSON Schema (2020-12) or OpenAPI 3.0/3.1 document that describes each
 * entity's records as an object schema under `$defs`, `definitions` or `components.schemas`: the
 * record shapes an API already publishes become filterable attributes without writing them twice.
 *
 * Each entity is named in lower snake case (`PageRevision` → `page_revision`), and each top-level
 * property becomes an attribute named in lower snake case (`createdAt` → `created_at`) whose
 * source reads the original field:
 *
 * | JSON Schema | attribute |
 * |---|---|
 * | `"type": "string"` | `String` |
 * | `"type": "string"` with `"enum"` | `String` with `values` (a closed set) |
 * | `"type": "string"` with `"format": "date-time"`, `"date"` or `"date-time-local"` | `Timestamp` stored as ISO-8601 text (`iso_text`, UTC where the text has no offset) |
 * | `"type": "string"` with `"format": "uuid"` | `ID`, `{ kind: 'uuid' }` |
 * | `"type": "string"` with a `"pattern"` that starts with a literal prefix (`"^tkt_…"`) | `ID`, `{ kind: 'prefixed', prefix: 'tkt_' }` |
 * | `"type": "integer"` or `"number"` with `"format": "unix-time"` or `"unixtime"` | `Timestamp` (Unix seconds) |
 * | `"type": "integer"` named `id` or `…_id` (`accountId`) | `ID`, `{ kind: 'integer' }` |
 * | `"type": "array"` whose `items` is one of the above | that attribute over the array's elements (an element source): some element matches (`NOT_` forms: none); never nullable, a missing array has no element; `…Ids` holds ids |
 * | `"type": "boolean"` | `Boolean` |
 * | `"type": "number"`, or `"integer"` otherwise | `Number` |
 * | not in `required`; `"null"` among the types or in `enum`; `"nullable": true`; an `anyOf` of a schema and `null` | `nullable: true` |
 *
 * Local references (`"$ref": "#/components/schemas/Status"`) are followed and `allOf` is merged.
 * A property that maps to none of these (objects, arrays of objects or of arrays, a reference to
 * another document, two fields whose names would be one) is left out and listed in `skipped` with
 * the reason.
 */
import { TqlError } from '../errors/tql-error.js';
import { nameFields } from './field-names.js';
import { attributeOfProperty } from './json-schema-attribute.js';
import { flatten, isObject, pointerStep, type Flattened, type Json, type RefContext } from './json-schema-refs.js';
import type { AttributeDefinition, EntityDefinition, SchemaDefinition } from './types.js';

/** A property the derivation left out, and why. */
export interface SkippedProperty {
  /** `entity.field`, with the record's own field name (or the definition's place, `#/$defs/Status`). */
  readonly path: string;
  readonly reason: string;
}

/** What {@link schemaFromJsonSchema} derived: a definition for `defineSchema`, and what it left out. */
export interface DerivedSchema {
  readonly definition: SchemaDefinition;
  readonly skipped: readonly SkippedProperty[];
}

/** Where documents keep their named schemas: JSON Schema 2020-12, draft 7, OpenAPI. */
const CONTAINERS: readonly (readonly string[])[] = [['$defs'], ['definitions'], ['components', 'schemas']];

/**
 * The tql schema definition of a JSON Schema or OpenAPI document with one object schema per
 * entity under `$defs`, `definitions` or `components.schemas`. Throws a `TqlError`
 * (`invalid_schema`) when the document has no such entities.
 *
 * @example
 * ```ts
 * const { definition, skipped } = schemaFromJsonSchema({
 *   components: {
 *     schemas: {
 *       Status: { type: 'string', enum: ['open', 'closed'] },
 *       Ticket: {
 *         type: 'object',
 *         required: ['id', 'status', 'createdAt'],
 *         properties: {
 *           id: { type: 'string', pattern: '^tkt_[A-Za-z0-9]+$' },
 *           status: { $ref: '#/components/schemas/Status' },
 *           createdAt: { type: 'string', format: 'date-time' },
 *           closedAt: { type: 'string', format: 'date-time', nullable: true },
 *           tags: { type: 'array', items: { type: 'string' } },
 *           comments: { type: 'array', items: { type: 'object' } },
 *         },
 *       },
 *     },
 *   },
 * });
 * definition.entities['ticket']!.attributes['closed_at'];
 * // → { type: 'Timestamp', storage: 'iso_text', nullable: true, source: { kind: 'field', field: 'closedAt' } }
 * definition.entities['ticket']!.attributes['tags']; // → { type: 'String', source: { kind: 'element', arrays: ['tags'] } }
 * skipped; // [{ path: 'ticket.comments', reason: 'an array of objects: …' }]
 * const helpdesk = defineSchema(definition);
 * ```
 */
export function schemaFromJsonSchema(document: unknown): DerivedSchema {
  const definitions = CONTAINERS.flatMap((path) => {
    const container = path.reduce<unknown>((at, key) => (isObject(at) && Object.hasOwn(at, key) ? at[key] : undefined), document);
    return isObject(container) ? Object.entries(container).map(([key, schema]) => ({ key, schema, root: document, pointer: `#/${[...path, key].map(pointerStep).join('/')}` })) : [];
  });
  if (definitions.length === 0) {
    throw derivationError('A JSON Schema for tql has one object schema per entity under "$defs" (or "definitions", or an OpenAPI document\'s "components.schemas"), such as { "$defs": { "ticket": { "type": "object", "properties": { … } } } }.');
  }
  return deriveEntities(definitions);
}

/** One named schema that may be an entity: its key, its schema, the document its references resolve in, and where it sits there. */
export interface NamedSchema {
  readonly key: string;
  readonly schema: unknown;
  readonly root: unknown;
  readonly pointer: string;
}

/** What a caller knows of the fields beyond their JSON Schema: the type its source gives each (zod's `date`). */
export interface DeriveOptions {
  readonly sourceType?: (key: string, field: string) => string | undefined;
  /** The type the source gives each element of an array field (zod's `date` for `z.array(z.date())`). */
  readonly itemSourceType?: (key: string, field: string) => string | undefined;
}

/** An array schema's `items`, flattened; undefined where the schema says none (no `items`, or the tuple form). */
function itemsOf(context: RefContext, schema: Json): Flattened | undefined {
  const items = schema['items'];
  return isObject(items) ? flatten(context, items) : undefined;
}

/**
 * The schema definition of named schemas: each object schema with properties is an entity; the
 * others are there for `$ref`, and listed in `skipped` when nothing refers to them. Throws a
 * `TqlError` (`invalid_schema`) when none is an entity.
 *
 * @example
 * ```ts
 * deriveEntities([{ key: 'Ticket', schema: doc.$defs.Ticket, root: doc, pointer: '#/$defs/Ticket' }]).definition.entities['ticket'];
 * ```
 */
export function deriveEntities(definitions: readonly NamedSchema[], options: DeriveOptions = {}): DerivedSchema {
  const followed = new Set<string>();
  const skipped: SkippedProperty[] = [];
  const candidates = definitions.map((d) => {
    const context: RefContext = { root: d.root, followed };
    return { ...d, context, flat: isObject(d.schema) ? flatten(context, d.schema) : { reason: 'not a schema' } };
  });
  // The definitions' own references are not uses: only what the entities' properties refer to counts.
  followed.clear();
  const objects = candidates.filter((c) => 'schema' in c.flat && isObject(c.flat.schema['properties']));
  const entityNames = nameFields(objects.map((c) => ({ field: c.key, value: c })));
  for (const u of entityNames.unnamed) skipped.push({ path: u.value.pointer, reason: `not an entity: ${u.reason}` });
  const entities = entityNames.named.map(({ name, value }): [string, EntityDefinition] => {
    const schema = (value.flat as { schema: Json }).schema;
    return [name, entityOf(value.context, name, value.key, schema, skipped, options)];
  });
  if (entities.length === 0) {
    const named = definitions.slice(0, 5).map((d) => d.pointer).join(', ') + (definitions.length > 5 ? ` and ${definitions.length - 5} more` : '');
    throw derivationError(`None of ${named} is an object schema with "properties": each entity is one, such as { "type": "object", "properties": { … } }.`);
  }
  const isEntity = new Set(objects);
  for (const c of candidates) {
    if (isEntity.has(c) || followed.has(c.pointer)) continue;
    const reason = 'reason' in c.flat ? c.flat.reason : 'not an object schema with "properties", and no property refers to it';
    skipped.push({ path: c.pointer, reason: `not an entity: ${reason}` });
  }
  return { definition: { entities: Object.fromEntries(entities) }, skipped };
}

function entityOf(context: RefContext, entity: string, key: string, schema: Json, skipped: SkippedProperty[], options: DeriveOptions): EntityDefinition {
  const required = new Set(Array.isArray(schema['required']) ? schema['required'] : []);
  const fields = nameFields(Object.entries(schema['properties'] as Json).map(([field, property]) => ({ field, value: property })));
  const attributes: [string, AttributeDefinition][] = [];
  for (const u of fields.unnamed) skipped.push({ path: `${entity}.${u.field}`, reason: u.reason });
  for (const { field, name, value } of fields.named) {
    const flat = isObject(value) ? flatten(context, value) : { schema: {} };
    const derived =
      'reason' in flat
        ? flat
        : attributeOfProperty(flat.schema, {
            name,
            field,
            required: required.has(field),
            sourceType: options.sourceType?.(key, field),
            items: itemsOf(context, flat.schema),
            itemSourceType: options.itemSourceType?.(key, field),
          });
    if ('reason' in derived) skipped.push({ path: `${entity}.${field}`, reason: derived.reason });
    // An array's element source already reads the field.
    else attributes.push([name, field === name || derived.source !== undefined ? derived : { ...derived, source: { kind: 'field', field } }]);
  }
  const description = typeof schema['description'] === 'string' ? { description: schema['description'] } : {};
  // fromEntries defines own properties: no name can reach a prototype.
  return { attributes: Object.fromEntries(attributes), ...description };
}

/**
 * An `invalid_schema` error about what a derivation was given (no query text to point into).
 *
 * @example
 * ```ts
 * throw derivationError('schemaFromZod takes { entity: z.object({ … }), … }.');
 * ```
 */
export function derivationError(message: string): TqlError {
  return TqlError.of('', { code: 'invalid_schema', message, span: { start: 0, end: 0 } });
}
