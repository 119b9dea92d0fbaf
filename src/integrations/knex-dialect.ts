/**
 * Which SQL engine a Knex instance talks to, read from its client, so that `tqlWhere` writes that
 * engine's SQL rather than guessing one.
 */
import type { Knex } from 'knex';
import type { SqlDialectName } from '../backends/sql/dialects.js';
import { optionError } from '../errors/tql-error.js';
import { unknownEngine } from './builder-where.js';

/** Knex's client names (`knex({ client })`, aliases included) and the tql dialect of each. */
const CLIENTS: ReadonlyMap<string, SqlDialectName> = new Map([
  ['pg', 'postgres'],
  ['postgres', 'postgres'],
  ['postgresql', 'postgres'],
  ['pgnative', 'postgres'],
  ['better-sqlite3', 'sqlite'],
  ['sqlite3', 'sqlite'],
  ['sqlite', 'sqlite'],
  ['mysql', 'mysql'],
  ['mysql2', 'mysql'],
  ['mariadb', 'mysql'],
]);

/** The `dialect` of Knex's built-in clients, which a client class of one's own (PGlite's) inherits. */
const CLIENT_DIALECTS: ReadonlyMap<string, SqlDialectName> = new Map([
  ['postgresql', 'postgres'],
  ['sqlite3', 'sqlite'],
  ['mysql', 'mysql'],
]);

/**
 * The tql dialect of a Knex instance (or transaction): from the client it was made with,
 * `pg`, `postgres` or `pgnative` → `postgres`, `better-sqlite3` or `sqlite3` → `sqlite`, `mysql`,
 * `mysql2` or `mariadb` → `mysql`; for a client class of one's own, from the built-in client it
 * extends. Throws a `TqlError` with code `invalid_option` for any other (MSSQL, Oracle,
 * CockroachDB, Redshift), which tql cannot vouch for.
 *
 * @example
 * ```ts
 * import knex from 'knex';
 *
 * knexDialect(knex({ client: 'pg' })); // → 'postgres'
 * ```
 */
export function knexDialect(knex: Knex): SqlDialectName {
  const client = knexClient(knex);
  const named = client.config?.client;
  const dialect = typeof named === 'string' ? CLIENTS.get(named) : CLIENT_DIALECTS.get(client.dialect);
  if (dialect !== undefined) return dialect;
  throw unknownEngine('Knex instance from its client', typeof named === 'string' ? named : client.dialect);
}

/**
 * The client of a Knex instance, or a `TqlError` with code `invalid_option` when `knex` is no
 * Knex instance.
 *
 * @example
 * ```ts
 * import knex from 'knex';
 *
 * knexClient(knex({ client: 'pg' })).dialect; // → 'postgresql'
 * ```
 */
export function knexClient(knex: Knex): Knex.Client {
  const client = (knex as Partial<Knex> | null)?.client as Knex.Client | undefined;
  if (typeof (knex as Partial<Knex> | null)?.raw !== 'function' || typeof client !== 'object' || client === null) {
    throw optionError(`tqlWhere's knex is not a Knex instance (what knex(config) returns, or a transaction): pass the one the query runs on.`);
  }
  return client;
}
