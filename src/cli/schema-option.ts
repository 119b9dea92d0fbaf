/**
 * `--schema <file>` and `--mapping <file>`: your own schema (a tql schema in JSON, or a JSON
 * Schema or OpenAPI document with one object schema per entity) instead of the scheduling models;
 * `--quiet` and `--verbose` say how much is told of what a JSON Schema cannot filter.
 */
import { readFileSync } from 'node:fs';
import { defineSqlMapping } from '../backends/sql/define-mapping.js';
import type { SqlEntityMapping, SqlMapping } from '../backends/sql/mapping.js';
import { inputError, isTqlError, optionError } from '../errors/tql-error.js';
import { schedulingSchema } from '../models/scheduling/schema.js';
import { schedulingSqlMapping } from '../models/scheduling/sql/mapping.js';
import { defineSchema } from '../schema/define-schema.js';
import { schemaFromJsonSchema, type SkippedProperty } from '../schema/from-json-schema.js';
import type { Attribute, Entity, Schema } from '../schema/types.js';
import type { OptionSpec, ParsedOptions } from './command.js';

import type { CliIo } from './io.js';

/** `--schema <file>` and how much to tell of what it cannot filter, for every command that takes a schema. */
export const SCHEMA_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  schema: {
    type: 'string',
    value: '<file>',
    help: 'your schema: a tql schema in JSON, or a JSON Schema or OpenAPI document with an object schema per entity (default: the scheduling models)',
  },
  quiet: { type: 'boolean', help: "with --schema: say nothing of the JSON Schema's properties that tql cannot filter" },
  verbose: { type: 'boolean', help: "with --schema: name each property tql cannot filter and why (default: one line that counts them)" },
};

/** `--mapping <file>` of the SQL commands. */
export const MAPPING_OPTION: Readonly<Record<string, OptionSpec>> = {
  mapping: {
    type: 'string',
    value: '<file>',
    help: 'the SQL mapping of your schema, as JSON (default with --schema: a table per entity named as it, keyed by id)',
  },
};

/** The schema a command works with, and whether it is the bundled scheduling one (which has sample data and an SQL mapping). */
export interface CliSchema {
  readonly schema: Schema;
  readonly scheduling: boolean;
}

/**
 * The schema of `--schema`, or the scheduling schema. What a JSON Schema has that tql cannot
 * filter is told on standard error (not under --json): in one line, each on its own line with
 * `--verbose`, or not at all with `--quiet`. Throws a `TqlError` for an unreadable or invalid
 * file, or both `--quiet` and `--verbose`.
 */
export function cliSchema(options: ParsedOptions, io: CliIo): CliSchema {
  if (options.quiet === true && options.verbose === true) throw optionError('--quiet says nothing and --verbose says everything: give one of them.');
  const path = options.schema;
  if (typeof path !== 'string') return { schema: schedulingSchema, scheduling: true };
  const document = readJson(path, 'schema');
  if (typeof document === 'object' && document !== null && 'entities' in document) {
    return { schema: defineSchema(document as Parameters<typeof defineSchema>[0]), scheduling: false };
  }
  const { definition, skipped } = schemaFromJsonSchema(document);
  if (options.json !== true && options.quiet !== true) io.stderr.write(skippedNotes(skipped, options.verbose === true));
  return { schema: defineSchema(definition), scheduling: false };
}

/** How many paths the one-line summary names before "and N more". */
const NAMED_IN_SUMMARY = 3;

/**
 * What standard error says of the skipped properties: each with its reason when there is one
 * or when `verbose`, else one line that counts them and names the first few.
 *
 * @example
 * ```ts
 * skippedNotes([a, b, c, d, e], false);
 * // 'tql: note: 5 properties are not filterable (page.tags, page.links, page.parent and 2 more); --verbose says why, --quiet silences this.\n'
 * ```
 */
export function skippedNotes(skipped: readonly SkippedProperty[], verbose: boolean): string {
  if (skipped.length === 0) return '';
  if (verbose || skipped.length === 1) return skipped.map((s) => `tql: note: ${s.path} is not filterable: ${s.reason}.\n`).join('');
  const named = skipped.slice(0, NAMED_IN_SUMMARY).map((s) => s.path);
  const rest = skipped.length - named.length;
  const list = rest === 0 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}` : `${named.join(', ')} and ${rest} more`;
  return `tql: note: ${skipped.length} properties are not filterable (${list}); --verbose says why, --quiet silences this.\n`;
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

/**
 * `{ table: 'ticket', key: 'id' }`, a column named as each attribute (also where the records'
 * field is named otherwise: `createdAt` is the column `created_at`), and a table `ticket_tags`
 * keyed by `ticket_id` for each array `tags` an attribute looks in.
 */
function defaultEntityMapping(entity: Entity): SqlEntityMapping {
  const attributes = Object.values<Attribute>(entity.attributes);
  const arrays = new Set(attributes.flatMap((a) => (a.source.kind === 'element' ? a.source.arrays : [])));
  const collections = Object.fromEntries([...arrays].map((array) => [array, { table: `${entity.name}_${array}`, foreignKey: `${entity.name}_id` }]));
  const renamed = attributes.flatMap((a) => (a.source.kind === 'field' && a.source.field !== a.name ? [[a.source.field, a.name] as const] : []));
  return {
    table: entity.name,
    key: 'id',
    ...(renamed.length === 0 ? {} : { columns: Object.fromEntries(renamed) }),
    ...(arrays.size === 0 ? {} : { collections }),
  };
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
