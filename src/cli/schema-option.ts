/**
 * `--schema <file>` and `--mapping <file>`: your own schema (a tql schema in JSON, or a JSON
 * Schema with one object schema per entity under `$defs`) instead of the scheduling models.
 */
import { readFileSync } from 'node:fs';
import { defineSqlMapping } from '../backends/sql/define-mapping.js';
import type { SqlEntityMapping, SqlMapping } from '../backends/sql/mapping.js';
import { inputError, isTqlError } from '../errors/tql-error.js';
import { schedulingSchema } from '../models/scheduling/schema.js';
import { schedulingSqlMapping } from '../models/scheduling/sql/mapping.js';
import { defineSchema } from '../schema/define-schema.js';
import { schemaFromJsonSchema } from '../schema/from-json-schema.js';
import type { Attribute, Entity, Schema } from '../schema/types.js';
import type { OptionSpec, ParsedOptions } from './command.js';

/** `--mapping <file>` of the SQL commands. */
export const MAPPING_OPTION: Readonly<Record<string, OptionSpec>> = {
  mapping: {
    type: 'string',
    value: '<file>',
    help: 'the SQL mapping of your schema, as JSON (default with --schema: a table per entity named as it, keyed by id)',
  },
};
import type { CliIo } from './io.js';

/** The schema a command works with, and whether it is the bundled scheduling one (which has sample data and an SQL mapping). */
export interface CliSchema {
  readonly schema: Schema;
  readonly scheduling: boolean;
}

/**
 * The schema of `--schema`, or the scheduling schema. A JSON Schema's properties that tql cannot
 * filter are named on standard error (not under --json). Throws a `TqlError` for an unreadable
 * or invalid file.
 */
export function cliSchema(options: ParsedOptions, io: CliIo): CliSchema {
  const path = options.schema;
  if (typeof path !== 'string') return { schema: schedulingSchema, scheduling: true };
  const document = readJson(path, 'schema');
  if (typeof document === 'object' && document !== null && 'entities' in document) {
    return { schema: defineSchema(document as Parameters<typeof defineSchema>[0]), scheduling: false };
  }
  const { definition, skipped } = schemaFromJsonSchema(document);
  if (options.json !== true) {
    for (const s of skipped) io.stderr.write(`tql: note: ${s.path} is not filterable: ${s.reason}.\n`);
  }
  return { schema: defineSchema(definition), scheduling: false };
}

/**
 * The SQL mapping: `--mapping <file>`, else the scheduling one for the scheduling schema, else
 * one table per entity named as the entity, keyed by `id`, a column per attribute of its name, and
 * a table `<entity>_<array>` keyed by `<entity>_id` for each array an attribute looks in.
 */
export function cliSqlMapping(options: ParsedOptions, { schema, scheduling }: CliSchema): SqlMapping {
  if (typeof options.mapping === 'string') return defineSqlMapping(schema, readJson(options.mapping, 'mapping') as SqlMapping);
  if (scheduling) return schedulingSqlMapping;
  return defineSqlMapping(schema, Object.fromEntries(schema.entityNames.map((name) => [name, defaultEntityMapping(schema.entities[name]!)])));
}

/** `{ table: 'ticket', key: 'id' }`, and a table `ticket_tags` keyed by `ticket_id` for each array `tags` an attribute looks in. */
function defaultEntityMapping(entity: Entity): SqlEntityMapping {
  const arrays = new Set(Object.values<Attribute>(entity.attributes).flatMap((a) => (a.source.kind === 'element' ? a.source.arrays : [])));
  const collections = Object.fromEntries([...arrays].map((array) => [array, { table: `${entity.name}_${array}`, foreignKey: `${entity.name}_id` }]));
  return { table: entity.name, key: 'id', ...(arrays.size === 0 ? {} : { collections }) };
}

function readJson(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw inputError(`Cannot read the ${what} file ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)}): check the path.`);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    if (isTqlError(error)) throw error;
    throw inputError(`The ${what} file ${path} is not JSON (${(error as Error).message}): fix it, or give another file.`);
  }
}
