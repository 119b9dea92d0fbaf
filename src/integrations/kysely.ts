/**
 * Kysely (0.28): a validated query as an `Expression<SqlBool>` for `.where(...)`, so a TQL filter
 * composes with the rest of a typed Kysely query. The SQL is the SQL backend's, with every query
 * value still a bound parameter of Kysely's own query.
 *
 * @module tql/kysely
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { CaseFolding, SqlDialect, SqlDialectName } from '../backends/sql/dialects.js';
import type { SqlMapping } from '../backends/sql/mapping.js';
import { statementPieces, type StatementPiece } from '../backends/sql/statement-pieces.js';
import type { Clock } from '../validate/relative-time.js';
import type { ValidatedQuery } from '../validate/validated-query.js';

/** Options of {@link tqlWhere}: which SQL dialect to write and how LIKE folds case. */
export interface TqlWhereOptions {
  /**
   * Which SQL engine the Kysely instance talks to. Between PostgreSQL and SQLite it matters only
   * for `caseFolding: 'unicode'` (`COLLATE "und-x-icu"` on PostgreSQL, `tql_lower` on SQLite);
   * with Kysely's `MysqlDialect` it must be `mysql` (backtick identifiers, exact comparisons
   * under the case-insensitive default collations, LIKE's `!` escape). A dialect object of your
   * own is written the same way. Default `postgres`.
   */
  readonly dialect?: SqlDialectName | SqlDialect | undefined;
  /** See `CompileSqlOptions.caseFolding`. Default `database`. */
  readonly caseFolding?: CaseFolding | undefined;
  /** See `CompileSqlOptions.now`. Default: the real clock. */
  readonly now?: Clock | undefined;
}

/**
 * The query's condition as a Kysely expression over the entity's table. Without `mapping`, the
 * entity is a table of its own name with a column per attribute (collection attributes then need
 * a mapping: they throw a `TqlError` with code `invalid_mapping`). Use it in a FROM that does not
 * alias the table, as with `compileSql`.
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * import { Kysely, SqliteDialect } from 'kysely';
 *
 * interface Tables { agent: { id: string; name: string; schedulable: number } }
 * const sqlite = new Database(':memory:');
 * sqlite.exec('CREATE TABLE agent (id TEXT PRIMARY KEY, name TEXT, schedulable INTEGER)');
 * const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
 * const q = check('agent.name~LIKE~john~AND~agent.schedulable~EQ~true', schedulingSchema, 'agent');
 * await db.selectFrom('agent').selectAll().where(tqlWhere(q, undefined, { dialect: 'sqlite' })).execute(); // → []
 * // SQL: select * from "agent" where ("name" LIKE ? ESCAPE '\' AND "schedulable" = true)
 * ```
 *
 * With Kysely's `MysqlDialect` (MySQL or MariaDB) pass `{ dialect: 'mysql' }`: the same query
 * is then ``(LOWER(`name`) COLLATE utf8mb4_bin LIKE ? ESCAPE '!' AND `schedulable` = true)``.
 */
export function tqlWhere(query: ValidatedQuery, mapping?: SqlMapping, options: TqlWhereOptions = {}): Expression<SqlBool> {
  const pieces = statementPieces(query, {
    dialect: options.dialect ?? 'postgres',
    mapping: mapping ?? defaultMapping(query),
    caseFolding: options.caseFolding,
    now: options.now,
  });
  return sql.join<SqlBool>(pieces.map(kyselyPiece), sql.raw(''));
}

/**
 * Values become Kysely parameters; booleans the literals TRUE / FALSE, the one form PostgreSQL,
 * SQLite and MySQL all read (a bound JavaScript boolean is a type error in better-sqlite3).
 */
function kyselyPiece(piece: StatementPiece): RawBuilder<unknown> {
  if ('sql' in piece) return sql.raw(piece.sql);
  return typeof piece.value === 'boolean' ? sql.lit(piece.value) : sql.val(piece.value);
}

/** `{ <entity>: { table: <entity>, key: 'id' } }`: the table named like the entity. */
function defaultMapping(query: ValidatedQuery): SqlMapping {
  const name = typeof query === 'object' && query !== null && typeof query.entity === 'object' ? query.entity.name : '';
  return { [name]: { table: name, key: 'id' } };
}
