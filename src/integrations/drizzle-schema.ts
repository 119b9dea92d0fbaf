/**
 * `schemaFromDrizzle`: a tql schema definition and SQL mapping from Drizzle tables, one entity per
 * table (a schema module as it is, `import * as schema`, with its enums and relations), one
 * attribute per column that tql can filter (drizzle-columns.ts says which).
 */
import { entityKind, getTableColumns, getTableName, isTable, type Column, type Table } from 'drizzle-orm';
import { toCamelCase, toSnakeCase } from 'drizzle-orm/casing';
import type { SqlArrayColumnMapping, SqlColumnStorage, SqlEntityMapping, SqlMapping } from '../backends/sql/mapping.js';
import { derivationError, type SkippedProperty } from '../schema/from-json-schema.js';
import type { AttributeDefinition, EntityDefinition, SchemaDefinition } from '../schema/types.js';
import { deriveColumn } from './drizzle-columns.js';
import { deriveAttributes, nameEntities, type DerivationNote } from './schema-derivation.js';

export type { DerivationNote } from './schema-derivation.js';

/** What {@link schemaFromDrizzle} derived: a schema definition, its SQL mapping, what it left out and the caveats. */
export interface DrizzleSchema {
  readonly definition: SchemaDefinition;
  readonly mapping: SqlMapping;
  readonly skipped: readonly SkippedProperty[];
  readonly notes: readonly DerivationNote[];
}

/** Options of {@link schemaFromDrizzle}. */
export interface DrizzleSchemaOptions {
  /**
   * The `casing` given to `drizzle(client, { casing })`: how Drizzle names the columns declared
   * without a name (`createdAt: timestamp()` is the column `created_at` with `'snake_case'`).
   */
  readonly casing?: 'snake_case' | 'camelCase' | undefined;
}

const CASINGS = { snake_case: toSnakeCase, camelCase: toCamelCase } as const;

/**
 * A tql schema definition and SQL mapping from Drizzle tables, one entity per table, named in
 * lower snake case (`userProfiles` → `user_profiles`); enums and relations beside them (as in
 * `import * as schema`) are skipped. Each
 * property of a table becomes an attribute named in lower snake case (`openedAt` →
 * `opened_at`) that reads the property in the rows Drizzle returns; the mapping names the table,
 * its primary key, each column whose name differs from its property, and what each timestamp or
 * uuid column holds:
 *
 * | Drizzle column | attribute | column storage |
 * |---|---|---|
 * | text, varchar, char (an `enum` gives a closed set; a PostgreSQL enum takes no LIKE) | `String` | |
 * | boolean (also SQLite `integer` in `boolean` mode, MySQL `boolean`) | `Boolean`: Drizzle's rows hold `true` and `false` (the column's 0 and 1 are Drizzle's to map) | |
 * | PostgreSQL `uuid` | `ID`, `{ kind: 'uuid' }` | `uuid` |
 * | SQLite `integer` in `timestamp` / `timestamp_ms` mode | `Timestamp` holding a `Date` | `unix_seconds` / `unix_milliseconds` |
 * | PostgreSQL `timestamp` with time zone, MySQL `timestamp` | `Timestamp` holding a `Date` (mode `string`: ISO-8601 text) | `timestamptz` |
 * | PostgreSQL `timestamp` without one, MySQL `datetime`, `date` | the same | `timestamp` (UTC) |
 * | `numeric`, `decimal` (Drizzle's default `string` mode) | `Number` with `storage: 'decimal_text'`: rows hold text (`"9.99"`), compared by value (a note says so) | |
 * | `numeric`, `decimal` in `number` mode | `Number`, compared as a double (a note says so) | |
 * | an integer named `id` or `…_id` | `ID` with integer ids | |
 * | any other number column | `Number` | |
 * | nullable (no `.notNull()`) | `nullable: true` | |
 * | a PostgreSQL array (`text('tags').array()`) of any of the above but instants and decimal text | the element's attribute over the array, `{ source: { kind: 'element', arrays: ['tags'] } }`, never nullable | the collection `{ column: 'tags', holds: 'array' }` |
 *
 * Other columns (JSON, arrays of instants and of arrays, bigints in `bigint` mode, times of day, intervals) and two
 * properties whose names would be one are listed in `skipped` with the reason. Prefixed ids and
 * collection attributes are added to the definition by hand (spread it), as in the example.
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * import { drizzle } from 'drizzle-orm/better-sqlite3';
 * import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
 *
 * const tickets = sqliteTable('tickets', { id: text('id').primaryKey(), subject: text('subject').notNull(), openedAt: integer('opened_at', { mode: 'timestamp' }).notNull() });
 * const { definition, mapping } = schemaFromDrizzle({ ticket: tickets });
 * const helpdesk = defineSchema({ entities: { ticket: { attributes: { ...definition.entities['ticket']!.attributes, id: { type: 'ID', id: { kind: 'prefixed', prefix: 'tkt_' } } } } } });
 * const sqlite = new Database(':memory:');
 * sqlite.exec('CREATE TABLE tickets (id TEXT PRIMARY KEY, subject TEXT NOT NULL, opened_at INTEGER NOT NULL)');
 * const db = drizzle(sqlite);
 * db.select().from(tickets).where(tqlWhere(check('ticket.subject LIKE printer', helpdesk, 'ticket'), { mapping, dialect: 'sqlite' })).all(); // → []
 * ```
 */
export function schemaFromDrizzle(tables: Readonly<Record<string, Table | unknown>>, options: DrizzleSchemaOptions = {}): DrizzleSchema {
  if (typeof tables !== 'object' || tables === null) throw derivationError('schemaFromDrizzle takes { entity: table, … }.');
  const casing = options.casing === undefined || !Object.hasOwn(CASINGS, options.casing) ? undefined : CASINGS[options.casing];
  if (options.casing !== undefined && casing === undefined) throw derivationError(`casing is "snake_case" or "camelCase", as given to drizzle(), not ${JSON.stringify(options.casing)}.`);
  const lists = { skipped: [] as SkippedProperty[], notes: [] as DerivationNote[] };
  const entities: [string, EntityDefinition][] = [];
  const mapping: [string, SqlEntityMapping][] = [];
  const tableEntries = Object.entries(tables).filter((entry): entry is [string, Table] => {
    const [key, value] = entry;
    if (isTable(value)) return true;
    const kind = drizzleKind(value);
    if (kind === undefined) throw derivationError(`${key} is not a Drizzle table: pass the result of pgTable(…), mysqlTable(…) or sqliteTable(…).`);
    lists.skipped.push({ path: key, reason: `not a table but ${kind}: tql derives an entity from each table` });
    return false;
  });
  for (const { name: entity, value: table } of nameEntities(tableEntries.map(([field, value]) => ({ field, value })), lists.skipped)) {
    const columns: Record<string, Column> = getTableColumns(table);
    // Drizzle names a column declared without a name after its property, converted by the casing.
    const columnName = (c: Column) => (c.keyAsName && casing !== undefined ? casing(c.name) : c.name);
    const renamed: [string, string][] = [];
    const storage: [string, SqlColumnStorage][] = [];
    const collections: [string, SqlArrayColumnMapping][] = [];
    const fields = Object.entries(columns).map(([field, column]) => ({ field, value: column }));
    // An element attribute is never nullable: a NULL array has no element.
    const attributes = deriveAttributes(entity, fields, { derive: deriveColumn, nullable: (column) => !column.notNull && column.dataType !== 'array' }, lists);
    const definitions: [string, AttributeDefinition][] = [];
    for (const { field, name, value: column, derived, attribute } of attributes) {
      if (derived.array === true) {
        // The elements of the property's array, held in the column of the row.
        definitions.push([name, { ...attribute, source: { kind: 'element', arrays: [field] } }]);
        collections.push([field, { column: columnName(column), holds: 'array', ...(derived.storage === undefined ? {} : { storage: derived.storage }) }]);
        continue;
      }
      definitions.push([name, attribute]);
      if (field !== columnName(column)) renamed.push([field, columnName(column)]);
      if (derived.storage !== undefined) storage.push([field, derived.storage]);
    }
    entities.push([entity, { attributes: Object.fromEntries(definitions) }]);
    const key = Object.values(columns).find((c) => c.primary);
    mapping.push([
      entity,
      {
        table: getTableName(table),
        key: key === undefined ? 'id' : columnName(key),
        ...(renamed.length === 0 ? {} : { columns: Object.fromEntries(renamed) }),
        ...(storage.length === 0 ? {} : { storage: Object.fromEntries(storage) }),
        ...(collections.length === 0 ? {} : { collections: Object.fromEntries(collections) }),
      },
    ]);
  }
  return { definition: { entities: Object.fromEntries(entities) }, mapping: Object.fromEntries(mapping), ...lists };
}

/**
 * What a Drizzle object that is not a table is (an enum, relations), as found beside the tables
 * in a schema module (`import * as schema`); undefined for anything else.
 */
function drizzleKind(value: unknown): string | undefined {
  if (typeof value === 'function' && typeof (value as { enumName?: unknown }).enumName === 'string') return 'an enum';
  const kind: unknown = typeof value === 'object' && value !== null ? (value.constructor as { [entityKind]?: unknown } | undefined)?.[entityKind] : undefined;
  return typeof kind === 'string' ? `a ${kind}` : undefined;
}
