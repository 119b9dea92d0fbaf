/**
 * Which SQL engine a Kysely instance talks to, read from its dialect's adapter, so that
 * `tqlWhere` writes that engine's SQL rather than guessing one.
 */
import { MysqlAdapter, PostgresAdapter, SqliteAdapter } from 'kysely';
import type { SqlDialectName } from '../backends/sql/dialects.js';
import { optionError } from '../errors/tql-error.js';
import { NAME_THE_ENGINE, unknownEngine } from './builder-where.js';

/**
 * What tql reads of a Kysely instance: its executor's adapter. Every `Kysely` and `Transaction`
 * of 0.27 to 0.29 has it; the type is structural so that an instance of any of them fits.
 */
export interface KyselyInstance {
  /** Kysely's executor, whose `adapter` is the one its dialect made. */
  getExecutor(): { readonly adapter: object };
}

/** Kysely's built-in adapters and the tql dialect of each; PGlite's and other drivers' adapters extend these. */
const ADAPTERS: readonly (readonly [abstract new (...args: never[]) => object, SqlDialectName])[] = [
  [PostgresAdapter, 'postgres'],
  [SqliteAdapter, 'sqlite'],
  [MysqlAdapter, 'mysql'],
];

/** The same adapters by class name, for an instance made by another copy of kysely. */
const ADAPTER_NAMES: ReadonlyMap<string, SqlDialectName> = new Map([
  ['PostgresAdapter', 'postgres'],
  ['SqliteAdapter', 'sqlite'],
  ['MysqlAdapter', 'mysql'],
]);

/**
 * The tql dialect of a Kysely instance: `postgres` for `PostgresDialect` (and PGlite's),
 * `sqlite` for `SqliteDialect`, `mysql` for `MysqlDialect`. Throws a `TqlError` with code
 * `invalid_option` for any other adapter (MSSQL, a third-party dialect's own), which tql cannot
 * vouch for.
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * import { Kysely, SqliteDialect } from 'kysely';
 *
 * kyselyDialect(new Kysely({ dialect: new SqliteDialect({ database: new Database(':memory:') }) })); // → 'sqlite'
 * ```
 */
export function kyselyDialect(db: KyselyInstance): SqlDialectName {
  if (typeof (db as Partial<KyselyInstance> | null)?.getExecutor !== 'function') {
    throw optionError(`tqlWhere's db is not a Kysely instance (a Kysely or a Transaction, with getExecutor()): pass the one the query runs on, or name the engine, ${NAME_THE_ENGINE}.`);
  }
  const adapter = db.getExecutor().adapter;
  for (const [adapterClass, dialect] of ADAPTERS) if (adapter instanceof adapterClass) return dialect;
  // Two kysely releases in one install (an app's and a library's) have classes of their own;
  // the class names, up the prototype chain for subclasses, are the same in both.
  for (let proto: unknown = Object.getPrototypeOf(adapter); proto !== null && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    const dialect = ADAPTER_NAMES.get((proto as { constructor?: { name?: unknown } }).constructor?.name as string);
    if (dialect !== undefined) return dialect;
  }
  throw unknownEngine('Kysely instance from its adapter', (adapter as { constructor?: { name?: unknown } }).constructor?.name);
}
