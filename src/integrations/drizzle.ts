/**
 * Drizzle ORM: a tql schema and SQL mapping from Drizzle table definitions in one step, and a
 * validated query as a Drizzle `SQL` condition for `.where(...)`. The SQL is the SQL backend's,
 * with every query value a parameter of Drizzle's own query.
 *
 * @module tql/drizzle
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CaseFolding, SqlDialect, SqlDialectName } from '../backends/sql/dialects.js';
import type { SqlMapping } from '../backends/sql/mapping.js';
import { statementPieces, type StatementPiece } from '../backends/sql/statement-pieces.js';
import { optionError } from '../errors/tql-error.js';
import { booleanLiteral } from './builder-where.js';
import type { Clock } from '../validate/relative-time.js';
import type { ValidatedQuery } from '../validate/validated-query.js';

export { schemaFromDrizzle, type DerivationNote, type DrizzleSchema, type DrizzleSchemaOptions } from './drizzle-schema.js';

/** Options of {@link tqlWhere}: where the entity lives, which SQL dialect to write, how LIKE folds case. */
export interface DrizzleWhereOptions {
  readonly mapping: SqlMapping;
  /** The engine of the Drizzle database: `postgres` (also PGlite), `mysql` (MySQL and MariaDB, drizzle-orm/mysql2), `sqlite`, or a dialect object of your own. */
  readonly dialect: SqlDialectName | SqlDialect;
  /** See `CompileSqlOptions.caseFolding`. Default `database`. */
  readonly caseFolding?: CaseFolding | undefined;
  /** See `CompileSqlOptions.now`. Default: the real clock. */
  readonly now?: Clock | undefined;
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
  if (typeof options !== 'object' || options === null) throw optionError('tqlWhere needs options { mapping, dialect }.');
  const pieces = statementPieces(query, { dialect: options.dialect, mapping: options.mapping, caseFolding: options.caseFolding, now: options.now });
  return sql.join(pieces.map(drizzlePiece));
}

/** Values become Drizzle parameters; booleans the literals TRUE / FALSE, which PostgreSQL, SQLite and MySQL all read. */
function drizzlePiece(piece: StatementPiece): SQL {
  if ('sql' in piece) return sql.raw(piece.sql);
  return typeof piece.value === 'boolean' ? sql.raw(booleanLiteral(piece.value)) : sql`${piece.value}`;
}
