/**
 * Drizzle ORM: a tql schema and SQL mapping from Drizzle table definitions in one step, and a
 * validated query as a Drizzle `SQL` condition for `.where(...)`. The SQL is the SQL backend's,
 * with every query value a parameter of Drizzle's own query.
 *
 * @module tql/drizzle
 */
import { getTableColumns, getTableName, isTable, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import type { CaseFolding, SqlDialectName } from '../backends/sql/dialects.js';
import type { SqlEntityMapping, SqlMapping } from '../backends/sql/mapping.js';
import { statementPieces, type StatementPiece } from '../backends/sql/statement-pieces.js';
import { TqlError } from '../errors/tql-error.js';
import type { SkippedProperty } from '../schema/from-json-schema.js';
import type { AttributeDefinition, SchemaDefinition } from '../schema/types.js';
import type { ValidatedQuery } from '../validate/validated-query.js';

/** What {@link schemaFromDrizzle} derived: a schema definition, its SQL mapping, and what it left out. */
export interface DrizzleSchema {
  readonly definition: SchemaDefinition;
  readonly mapping: SqlMapping;
  readonly skipped: readonly SkippedProperty[];
}

/**
 * A tql schema definition and SQL mapping from Drizzle tables, one entity per table. Each column
 * becomes an attribute named as the column (`opened_at`), read in memory from the property Drizzle
 * gives rows (`openedAt`):
 *
 * | Drizzle column | attribute |
 * |---|---|
 * | text, varchar (`enum` gives a closed set) | `String` |
 * | boolean (also SQLite `integer` in `boolean` mode) | `Boolean` |
 * | SQLite `integer` in `timestamp` mode (Unix seconds) | `Timestamp` |
 * | an integer named `id` or `…_id` | `ID` with integer ids |
 * | any other number column | `Number` (a timestamp kept as Unix seconds in one: by hand, as `Timestamp`) |
 * | nullable (no `.notNull()`) | `nullable: true` |
 *
 * Other columns (dates stored as SQL timestamps, JSON, bigints as `bigint`) are listed in `skipped` with the
 * reason. Prefixed ids, timestamps kept in integer columns and collection attributes are added
 * to the definition by hand (spread it), as in the example.
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
export function schemaFromDrizzle(tables: Readonly<Record<string, Table>>): DrizzleSchema {
  if (typeof tables !== 'object' || tables === null) throw invalid('schemaFromDrizzle takes { entity: table, … }.');
  const skipped: SkippedProperty[] = [];
  const entities: [string, { attributes: Record<string, AttributeDefinition> }][] = [];
  const mapping: [string, SqlEntityMapping][] = [];
  for (const [entity, table] of Object.entries(tables)) {
    if (!isTable(table)) throw invalid(`${entity} is not a Drizzle table: pass the result of pgTable(…), mysqlTable(…) or sqliteTable(…).`);
    const columns: Record<string, Column> = getTableColumns(table);
    const attributes: [string, AttributeDefinition][] = [];
    const renamed: [string, string][] = [];
    let key: string | undefined;
    for (const [property, column] of Object.entries(columns)) {
      if (column.primary) key = property;
      const derived = attributeOf(column, property);
      if ('reason' in derived) {
        skipped.push({ path: `${entity}.${column.name}`, reason: derived.reason });
        continue;
      }
      attributes.push([column.name, derived]);
      if (property !== column.name) renamed.push([property, column.name]);
    }
    entities.push([entity, { attributes: Object.fromEntries(attributes) }]);
    const keyColumn = key === undefined ? 'id' : columns[key]!.name;
    mapping.push([entity, { table: getTableName(table), key: keyColumn, ...(renamed.length === 0 ? {} : { columns: Object.fromEntries(renamed) }) }]);
  }
  return { definition: { entities: Object.fromEntries(entities) }, mapping: Object.fromEntries(mapping), skipped };
}

/** The attribute for a column read from the row property `property`, or why there is none. */
function attributeOf(column: Column, property: string): AttributeDefinition | { readonly reason: string } {
  const extra = {
    ...(column.notNull ? {} : { nullable: true }),
    ...(property === column.name ? {} : { source: { kind: 'field', field: property } as const }),
  };
  const mode = (column as unknown as { mode?: unknown }).mode;
  switch (column.dataType) {
    case 'string':
      return { type: 'String', ...(column.enumValues === undefined ? {} : { values: [...column.enumValues] }), ...extra };
    case 'boolean':
      return { type: 'Boolean', ...extra };
    case 'date':
      if (mode === 'timestamp') return { type: 'Timestamp', ...extra };
      return { reason: 'a date column: tql compares instants as Unix seconds; store them in an integer column (SQLite: mode "timestamp")' };
    case 'number':
      if (column.name === 'id' || column.name.endsWith('_id')) return { type: 'ID', id: { kind: 'integer' }, ...extra };
      return { type: 'Number', ...extra };
    default:
      return { reason: `a ${column.dataType} column: tql filters text, booleans, timestamps and ids` };
  }
}

/** Options of {@link tqlWhere}: where the entity lives, which SQL dialect to write, how LIKE folds case. */
export interface DrizzleWhereOptions {
  readonly mapping: SqlMapping;
  /** The engine of the Drizzle database: `postgres` (also PGlite), `mysql` (MySQL and MariaDB, drizzle-orm/mysql2) or `sqlite`. */
  readonly dialect: SqlDialectName;
  /** See `CompileSqlOptions.caseFolding`. Default `database`. */
  readonly caseFolding?: CaseFolding | undefined;
}

/**
 * The query's condition as a Drizzle `SQL` for `.where(...)`, over the entity's table as the
 * mapping names it. Use it in a FROM that does not alias the table, as with `compileSql`.
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * import { drizzle } from 'drizzle-orm/better-sqlite3';
 * import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
 *
 * const tickets = sqliteTable('tickets', { id: text('id').primaryKey(), priority: text('priority').notNull() });
 * const { definition, mapping } = schemaFromDrizzle({ ticket: tickets });
 * const sqlite = new Database(':memory:');
 * sqlite.exec("CREATE TABLE tickets (id TEXT PRIMARY KEY, priority TEXT NOT NULL); INSERT INTO tickets VALUES ('tkt_1', 'high')");
 * const q = check('ticket.priority IN high,urgent', defineSchema(definition), 'ticket');
 * drizzle(sqlite).select().from(tickets).where(tqlWhere(q, { mapping, dialect: 'sqlite' })).all(); // → [{ id: 'tkt_1', priority: 'high' }]
 * ```
 */
export function tqlWhere(query: ValidatedQuery, options: DrizzleWhereOptions): SQL {
  if (typeof options !== 'object' || options === null) throw invalid('tqlWhere needs options { mapping, dialect }.', 'invalid_option');
  const pieces = statementPieces(query, { dialect: options.dialect, mapping: options.mapping, caseFolding: options.caseFolding });
  return sql.join(pieces.map(drizzlePiece));
}

/** Values become Drizzle parameters; booleans the literals TRUE / FALSE, which PostgreSQL, SQLite and MySQL all read. */
function drizzlePiece(piece: StatementPiece): SQL {
  if ('sql' in piece) return sql.raw(piece.sql);
  return typeof piece.value === 'boolean' ? sql.raw(piece.value ? 'TRUE' : 'FALSE') : sql`${piece.value}`;
}

function invalid(message: string, code: 'invalid_schema' | 'invalid_option' = 'invalid_schema'): TqlError {
  return TqlError.of('', { code, message, span: { start: 0, end: 0 } });
}
