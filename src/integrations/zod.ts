/**
 * zod 4: a tql schema from the zod object schemas an app already validates its records with, by
 * way of zod's own JSON Schema output and the rules of `schemaFromJsonSchema`, so both
 * sources follow one set of rules.
 *
 * @module tql/zod
 */
import { toJSONSchema, type ZodType } from 'zod';
import { derivationError, deriveEntities, type DerivedSchema, type NamedSchema } from '../schema/from-json-schema.js';
import { isTqlError } from '../errors/tql-error.js';

/**
 * The tql schema definition of zod object schemas, one per entity. Field names become lower snake
 * case attribute names that read the original field (`createdAt` → `created_at`), and types map
 * as JSON Schema's do (`schemaFromJsonSchema`): `z.string()` → String, `z.enum([…])` → a closed
 * set, `z.boolean()` → Boolean, `z.uuid()` → a uuid ID, a `.regex(/^tkt_…/)` → a prefixed ID,
 * `z.date()` → Timestamp holding a `Date`, `z.iso.datetime()` and `z.iso.date()` → Timestamp
 * holding ISO-8601 text, `z.int().meta({ format: 'unix-time' })` → Timestamp in Unix seconds,
 * `z.number()` and other integers → Number, `.nullable()` and `.optional()` → nullable, and
 * `z.array(…)` of any of these (`z.array(z.string())`, of an enum, uuids, numbers, dates) → that
 * attribute over the array's elements, an element source: some element matches. What cannot map
 * (objects, arrays of objects, bigints) is listed in `skipped` with the reason.
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
  const types = new Map<string, ReadonlyMap<string, FieldType>>();
  let given: [string, unknown][];
  try {
    given = Object.entries(entities);
  } catch {
    throw derivationError('schemaFromZod could not read its entities: reading them threw an exception (a getter or a proxy trap). Pass { entity: z.object({ … }), … } as plain values.');
  }
  const named = given.map(([name, schema]): NamedSchema => {
    if (!isZodSchema(schema)) throw derivationError(`${name} is not a zod schema: pass z.object({ … }).`);
    types.set(name, fieldTypes(name, schema));
    try {
      // Types JSON Schema cannot express (dates, bigints) come out as {}: the shape says what they are.
      const document = toJSONSchema(schema, { unrepresentable: 'any', io: 'output' });
      // Each schema is its own document: zod writes its references (`#/$defs/…`, `#`) relative to it.
      return { key: name, schema: document, root: document, pointer: name };
    } catch (error) {
      throw derivationError(`zod could not describe ${name} as JSON Schema (${error instanceof Error ? error.message : String(error)}).`);
    }
  });
  return deriveEntities(named, { sourceType: (key, field) => types.get(key)?.get(field)?.type, itemSourceType: (key, field) => types.get(key)?.get(field)?.element });
}

/** Definition types that wrap one schema without changing the values the records hold. */
const WRAPPERS: ReadonlySet<string> = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The most wrappers one field's schema is read through: zod's own chains are as long as written. */
const MAX_WRAPPERS = 64;

/** Whether `value` looks like a zod 4 schema: an object whose `_zod.def.type` is a string. */
function isZodSchema(value: unknown): value is ZodType {
  try {
    const def: unknown = typeof value === 'object' && value !== null ? (value as { _zod?: { def?: unknown } })._zod?.def : undefined;
    return typeof def === 'object' && def !== null && typeof (def as { type?: unknown }).type === 'string';
  } catch {
    return false;
  }
}

/**
 * The zod type of what each field of an object schema outputs (`date` for `z.date().optional()`).
 * A field that is no zod schema, or whose reading throws, is a `TqlError` naming it.
 */
function fieldTypes(name: string, schema: ZodType): ReadonlyMap<string, FieldType> {
  try {
    const shape = (schema._zod.def as { shape?: Readonly<Record<string, ZodType>> }).shape;
    if (typeof shape !== 'object' || shape === null) return new Map();
    return new Map(Object.keys(shape).map((field) => [field, fieldType(`${name}.${field}`, shape[field])]));
  } catch (error) {
    if (isTqlError(error)) throw error;
    throw derivationError(`${name} could not be read as a zod schema: reading it threw an exception (a getter or a proxy trap). Pass z.object({ … }).`);
  }
}

/** The zod type a field outputs, and for an array the type of its elements. */
interface FieldType {
  readonly type: string;
  readonly element?: string | undefined;
}

/** What a field outputs: `z.array(z.date()).optional()` is an array of dates. */
function fieldType(where: string, schema: unknown): FieldType {
  const output = outputDef(where, schema);
  if (output.type !== 'array') return { type: output.type };
  return { type: output.type, element: outputDef(`${where}[]`, output.element).type };
}

/** The parts of a zod definition the derivation reads. */
interface OutputDef {
  readonly type: string;
  readonly innerType?: unknown;
  readonly out?: unknown;
  readonly element?: unknown;
}

/**
 * The definition of what a schema outputs: `z.date().optional()` and
 * `z.string().pipe(z.coerce.date())` are dates. Read through at most {@link MAX_WRAPPERS}
 * wrappers, so a chain made by hand that loops is an error, not a hang.
 */
function outputDef(where: string, schema: unknown): OutputDef {
  if (!isZodSchema(schema)) throw derivationError(`${where} is not a zod schema: pass a zod type such as z.string().`);
  let def = schema._zod.def as OutputDef;
  for (let steps = 0; steps <= MAX_WRAPPERS; steps++) {
    const inner = WRAPPERS.has(def.type) ? def.innerType : def.type === 'pipe' ? def.out : undefined;
    if (inner === undefined) return def;
    if (!isZodSchema(inner)) throw derivationError(`${where} wraps something that is not a zod schema: pass a zod type such as z.string().optional().`);
    def = inner._zod.def as OutputDef;
  }
  throw derivationError(`${where} is wrapped more than ${MAX_WRAPPERS} times (optional, nullable, pipe, …): a zod schema made by hand that loops? Write it with zod's own methods.`);
}
