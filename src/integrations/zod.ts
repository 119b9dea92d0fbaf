/**
 * zod 4: a tql schema from the zod object schemas an app already validates its records with, by
 * way of zod's own JSON Schema output and the rules of `schemaFromJsonSchema`, so both
 * sources follow one set of rules.
 *
 * @module tql/zod
 */
import { toJSONSchema, type ZodType } from 'zod';
import { derivationError, deriveEntities, type DerivedSchema, type NamedSchema } from '../schema/from-json-schema.js';

/**
 * The tql schema definition of zod object schemas, one per entity. Field names become lower snake
 * case attribute names that read the original field (`createdAt` → `created_at`), and types map
 * as JSON Schema's do (`schemaFromJsonSchema`): `z.string()` → String, `z.enum([…])` → a closed
 * set, `z.boolean()` → Boolean, `z.uuid()` → a uuid ID, a `.regex(/^tkt_…/)` → a prefixed ID,
 * `z.date()` → Timestamp holding a `Date`, `z.iso.datetime()` and `z.iso.date()` → Timestamp
 * holding ISO-8601 text, `z.int().meta({ format: 'unix-time' })` → Timestamp in Unix seconds,
 * `z.number()` and other integers → Number, `.nullable()` and `.optional()` → nullable. What
 * cannot map is listed in `skipped` with the reason.
 *
 * @example
 * ```ts
 * import * as z from 'zod';
 *
 * const Ticket = z.object({
 *   id: z.uuid(),
 *   priority: z.enum(['low', 'normal', 'high']),
 *   createdAt: z.date(),
 *   closedAt: z.iso.datetime().optional(),
 * });
 * const { definition } = schemaFromZod({ ticket: Ticket });
 * definition.entities['ticket']!.attributes['created_at'];
 * // → { type: 'Timestamp', storage: 'date', source: { kind: 'field', field: 'createdAt' } }
 * const helpdesk = defineSchema(definition);
 * ```
 */
export function schemaFromZod(entities: Readonly<Record<string, ZodType>>): DerivedSchema {
  if (typeof entities !== 'object' || entities === null) throw derivationError('schemaFromZod takes { entity: z.object({ … }), … }.');
  const types = new Map<string, ReadonlyMap<string, string>>();
  const named = Object.entries(entities).map(([name, schema]): NamedSchema => {
    if (typeof schema !== 'object' || schema === null || !('_zod' in schema)) throw derivationError(`${name} is not a zod schema: pass z.object({ … }).`);
    types.set(name, fieldTypes(schema));
    try {
      // Types JSON Schema cannot express (dates, bigints) come out as {}: the shape says what they are.
      const document = toJSONSchema(schema, { unrepresentable: 'any', io: 'output' });
      // Each schema is its own document: zod writes its references (`#/$defs/…`, `#`) relative to it.
      return { key: name, schema: document, root: document, pointer: name };
    } catch (error) {
      throw derivationError(`zod could not describe ${name} as JSON Schema (${error instanceof Error ? error.message : String(error)}).`);
    }
  });
  return deriveEntities(named, { sourceType: (key, field) => types.get(key)?.get(field) });
}

/** Definition types that wrap one schema without changing the values the records hold. */
const WRAPPERS: ReadonlySet<string> = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The zod type of what each field of an object schema outputs (`date` for `z.date().optional()`). */
function fieldTypes(schema: ZodType): ReadonlyMap<string, string> {
  const shape = (schema._zod.def as { shape?: Readonly<Record<string, ZodType>> }).shape;
  if (typeof shape !== 'object' || shape === null) return new Map();
  return new Map(Object.keys(shape).map((field) => [field, outputType(shape[field]!)]));
}

/** The definition type of what a schema outputs: `z.date().optional()` and `z.string().pipe(z.coerce.date())` are dates. */
function outputType(schema: ZodType): string {
  let def = schema._zod.def as { type: string; innerType?: ZodType; out?: ZodType };
  // Each step goes one wrapper in: the chain is as long as the schema was written.
  for (;;) {
    const inner = WRAPPERS.has(def.type) ? def.innerType : def.type === 'pipe' ? def.out : undefined;
    if (inner === undefined) return def.type;
    def = inner._zod.def as typeof def;
  }
}
