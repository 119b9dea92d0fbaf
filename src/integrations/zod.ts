/**
 * zod 4: a tql schema from the zod object schemas an app already validates its records with, by
 * way of zod's own JSON Schema output and {@link schemaFromJsonSchema}, so both sources follow
 * one set of rules.
 *
 * @module tql/zod
 */
import { toJSONSchema, type ZodType } from 'zod';
import { TqlError } from '../errors/tql-error.js';
import { schemaFromJsonSchema, type DerivedSchema } from '../schema/from-json-schema.js';

/**
 * The tql schema definition of zod object schemas, one per entity. Types map as JSON Schema's do
 * (`schemaFromJsonSchema`): `z.string()` → String, `z.enum([…])` → a closed set, `z.boolean()` →
 * Boolean, a `.regex(/^tkt_…/)` → a prefixed ID, `z.int().meta({ format: 'unix-time' })` →
 * Timestamp, `z.number()` and other integers → Number, `.nullable()` → nullable. What cannot map is listed in `skipped` with the reason.
 *
 * @example
 * ```ts
 * import * as z from 'zod';
 *
 * const Ticket = z.object({
 *   id: z.string().regex(/^tkt_[A-Za-z0-9]+$/),
 *   priority: z.enum(['low', 'normal', 'high']),
 *   closed_at: z.int().meta({ format: 'unix-time' }).nullable(),
 * });
 * const { definition } = schemaFromZod({ ticket: Ticket });
 * const helpdesk = defineSchema(definition);
 * ```
 */
export function schemaFromZod(entities: Readonly<Record<string, ZodType>>): DerivedSchema {
  if (typeof entities !== 'object' || entities === null) throw invalid('schemaFromZod takes { entity: z.object({ … }), … }.');
  const defs = Object.entries(entities).map(([name, schema]) => {
    if (typeof schema !== 'object' || schema === null || !('_zod' in schema)) throw invalid(`${name} is not a zod schema: pass z.object({ … }).`);
    try {
      // Types JSON Schema cannot express (dates, bigints) come out as {} and are skipped by name.
      return [name, toJSONSchema(schema, { unrepresentable: 'any', io: 'output' })] as const;
    } catch (error) {
      throw invalid(`zod could not describe ${name} as JSON Schema (${error instanceof Error ? error.message : String(error)}).`);
    }
  });
  return schemaFromJsonSchema({ $defs: Object.fromEntries(defs) });
}

function invalid(message: string): TqlError {
  return TqlError.of('', { code: 'invalid_schema', message, span: { start: 0, end: 0 } });
}
