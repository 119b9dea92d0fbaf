/**
 * Kysely (0.27 to 0.29): a validated query as an `Expression<SqlBool>` for `.where(...)`, so a TQL
 * filter composes with the rest of a typed Kysely query. The SQL is the SQL backend's, in the
 * dialect of the Kysely instance, with every query value still a bound parameter of Kysely's own
 * query.
 *
 * @module tql/kysely
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { CaseFolding, SqlDialect, SqlDialectName } from '../backends/sql/dialects.js';
import type { SqlMapping } from '../backends/sql/mapping.js';
import type { StatementPiece } from '../backends/sql/statement-pieces.js';
import { optionError } from '../errors/tql-error.js';
import type { Clock } from '../validate/relative-time.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import { wherePieces } from './builder-where.js';
import { kyselyDialect, type KyselyInstance } from './kysely-dialect.js';

export type { KyselyInstance } from './kysely-dialect.js';

/**
 * Options of {@link tqlWhere}: the SQL engine to write for, given by the Kysely instance (`db`) or
 * named (`dialect`), where the entity lives, and how LIKE folds case. One of `db` and `dialect` is
 * required: PostgreSQL's SQL fails on SQLite and MySQL, so tql does not guess.
 */
export interface TqlWhereOptions {
  /**
   * The Kysely instance (or transaction) the query runs on: its adapter says the engine,
   * `PostgresDialect` (and PGlite's) `postgres`, `SqliteDialect` `sqlite`, `MysqlDialect` (MySQL
   * and MariaDB) `mysql`. Another adapter is refused with a `TqlError`: pass `dialect` then.
   */
  readonly db?: KyselyInstance | undefined;
  /**
   * The engine by name, or a dialect object of your own, for a Kysely dialect tql does not
   * recognise; it wins over `db`.
   */
  readonly dialect?: SqlDialectName | SqlDialect | undefined;
  /** Where the entity and its attributes live. Default: a table of the entity's name, a column per attribute. */
  readonly mapping?: SqlMapping | undefined;
  /** See `CompileSqlOptions.caseFolding`. Default `database`. */
  readonly caseFolding?: CaseFolding | undefined;
  /** See `CompileSqlOptions.now`. Default: the real clock. */
  readonly now?: Clock | undefined;
}

/**
 * The query's condition as a Kysely expression over the entity's table, in the SQL of the
 * engine that `db` (the Kysely instance) talks to, or that `dialect` names. Without `mapping`,
 * the entity is a table of its own name with a column per attribute (collection attributes then
 * need a mapping: they throw a `TqlError` with code `invalid_mapping`). Use it in a FROM that
 * does not alias the table, as with `compileSql`. Without `db` or `dialect` it throws a
 * `TqlError` with code `invalid_option`. The older form `tqlWhere(query, mapping, options)`
 * still works.
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
 * await db.selectFrom('agent').selectAll().where(tqlWhere(q, { db })).execute(); // → []
 * // SQL: select * from "agent" where ("name" LIKE ? ESCAPE '\' AND "schedulable" = true)
 * ```
 *
 * On Kysely's `MysqlDialect` (MySQL or MariaDB) the same call writes
 * ``(LOWER(`name`) COLLATE utf8mb4_bin LIKE ? ESCAPE '!' AND `schedulable` = true)``.
 */
export function tqlWhere(query: ValidatedQuery, options: TqlWhereOptions): Expression<SqlBool>;
/** The older form: the mapping apart from the options, which still name the engine. */
export function tqlWhere(query: ValidatedQuery, mapping: SqlMapping | undefined, options: TqlWhereOptions): Expression<SqlBool>;
export function tqlWhere(query: ValidatedQuery, ...rest: [TqlWhereOptions] | [SqlMapping | undefined, TqlWhereOptions]): Expression<SqlBool> {
  // The number of arguments tells the two forms apart: a mapping is keyed by entity names, which
  // may be any word, so its keys could not.
  const [mapping, options] = rest.length === 1 ? [rest[0]?.mapping, rest[0]] : [rest[0] ?? rest[1]?.mapping, rest[1]];
  const pieces = wherePieces(query, dialectOf(options), { mapping, caseFolding: options?.caseFolding, now: options?.now });
  return sql.join<SqlBool>(pieces.map(kyselyPiece), sql.raw(''));
}

/** The dialect the options name, or their Kysely instance's; neither is an error, never a default. */
function dialectOf(options: TqlWhereOptions | undefined): SqlDialectName | SqlDialect {
  if (options?.dialect !== undefined) return options.dialect;
  if (options?.db !== undefined) return kyselyDialect(options.db);
  throw optionError("tqlWhere needs the SQL engine it writes for: pass the Kysely instance, tqlWhere(query, { db }), or name it, { dialect: 'postgres' | 'sqlite' | 'mysql' }.");
}

/**
 * Values become Kysely parameters; booleans the literals TRUE / FALSE, the one form PostgreSQL,
 * SQLite and MySQL all read (a bound JavaScript boolean is a type error in better-sqlite3).
 */
function kyselyPiece(piece: StatementPiece): RawBuilder<unknown> {
  if ('sql' in piece) return sql.raw(piece.sql);
  return typeof piece.value === 'boolean' ? sql.lit(piece.value) : sql.val(piece.value);
}
