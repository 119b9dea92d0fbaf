/**
 * Knex 3: a validated query as a `knex.raw(...)` for `.where(...)`, so a TQL filter composes with
 * the rest of a Knex query. The SQL is the SQL backend's, in the dialect of the Knex instance,
 * with every query value a binding of Knex's own query.
 *
 * @module tql/knex
 */
import type { Knex } from 'knex';
import type { CaseFolding, SqlDialect, SqlDialectName } from '../backends/sql/dialects.js';
import type { SqlMapping } from '../backends/sql/mapping.js';
import type { StatementPiece } from '../backends/sql/statement-pieces.js';
import { optionError } from '../errors/tql-error.js';
import type { Clock } from '../validate/relative-time.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import { booleanLiteral, wherePieces } from './builder-where.js';
import { knexClient, knexDialect } from './knex-dialect.js';

/**
 * Options of {@link tqlWhere}: the Knex instance the query runs on, the SQL engine if it cannot
 * tell, where the entity lives, and how LIKE folds case.
 */
export interface KnexWhereOptions {
  /**
   * The Knex instance (or transaction) the query runs on: it makes the `knex.raw`, and its client
   * says the engine, `pg` (and PGlite's client) `postgres`, `better-sqlite3` and `sqlite3`
   * `sqlite`, `mysql`, `mysql2` and `mariadb` `mysql`. Another client is refused with a
   * `TqlError`: pass `dialect` then.
   */
  readonly knex: Knex;
  /**
   * The engine by name, or a dialect object of your own, for a client tql does not recognise; it
   * wins over the instance's.
   */
  readonly dialect?: SqlDialectName | SqlDialect | undefined;
  /** Where the entity and its attributes live. Default: a table of the entity's name keyed by `id`, a column per attribute. */
  readonly mapping?: SqlMapping | undefined;
  /** See `CompileSqlOptions.caseFolding`. Default `database`. */
  readonly caseFolding?: CaseFolding | undefined;
  /** See `CompileSqlOptions.now`. Default: the real clock. */
  readonly now?: Clock | undefined;
}

/**
 * The query's condition as a `knex.raw(...)` over the entity's table, in the SQL of the engine
 * that `knex` talks to, or that `dialect` names, with every value a binding. Without `mapping`,
 * the entity is a table of its own name with a column per attribute (collection attributes then
 * need a mapping: they throw a `TqlError` with code `invalid_mapping`). Use it in a FROM that
 * does not alias the table, as with `compileSql`. Without `knex`, or on a client tql does not
 * know and no `dialect`, it throws a `TqlError` with code `invalid_option`.
 *
 * @example
 * ```ts
 * import knex from 'knex';
 *
 * const db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
 * await db.raw('CREATE TABLE agent (id TEXT PRIMARY KEY, role TEXT, schedulable INTEGER)');
 * await db('agent').insert([{ id: 'agt_1', role: 'User', schedulable: 1 }, { id: 'agt_2', role: 'Admin', schedulable: 0 }]);
 * const q = check('agent.role IN User,Admin AND agent.schedulable EQ true', schedulingSchema, 'agent');
 * const agents = db('agent').select('id').where(tqlWhere(q, { knex: db }));
 * await agents; // → [{ id: 'agt_1' }]
 * agents.toSQL().sql; // → 'select `id` from `agent` where ("role" IN (?, ?) AND "schedulable" = TRUE)'
 * agents.toSQL().bindings; // → ['User', 'Admin']
 * await db.destroy();
 * ```
 */
export function tqlWhere(query: ValidatedQuery, options: KnexWhereOptions): Knex.Raw {
  const knex = (options as Partial<KnexWhereOptions> | null | undefined)?.knex;
  if (knex === undefined || knex === null) {
    throw optionError("tqlWhere needs the Knex instance the query runs on, which makes the knex.raw and tells the SQL engine: tqlWhere(query, { knex }), with { dialect: 'postgres' | 'sqlite' | 'mysql' } beside it to name the engine yourself.");
  }
  const client = knexClient(knex);
  return knexRaw(knex, client, wherePieces(query, options.dialect ?? knexDialect(knex), options));
}

/**
 * Values become bindings, booleans the literals TRUE / FALSE. Knex reads every `?` of a raw's
 * text as a binding (`??` as an identifier), also one inside a quoted identifier or a string
 * literal of the mapping. On a client that un-escapes `\?` (PostgreSQL's), such a `?` is escaped
 * so; the others pass `\?` on as it is, so there each run of `?` goes in as a raw of its own
 * without bindings, which Knex does not read.
 */
function knexRaw(knex: Knex, client: Knex.Client, pieces: readonly StatementPiece[]): Knex.Raw {
  const unescapes = client.positionBindings('\\?') === '?';
  let text = '';
  const bindings: Knex.RawBinding[] = [];
  const bind = (value: Knex.RawBinding): void => {
    text += '?';
    bindings.push(value);
  };
  for (const piece of pieces) {
    if ('value' in piece) {
      if (typeof piece.value === 'boolean') text += booleanLiteral(piece.value);
      else bind(piece.value);
    } else if (!unescapes) {
      // split gives text, run, text, …, text: odd positions are runs of ?, inside quotes.
      piece.sql.split(/(\?+)/).forEach((part, i) => (i % 2 === 0 ? (text += part) : bind(knex.raw(part))));
    } else if (piece.sql.includes('\\?')) {
      // The client takes any backslashes before a ? as its escape and drops them.
      throw optionError(`Knex's ${client.dialect} client cannot pass a backslash before a ? in SQL text: rename the table or column of the mapping that holds one.`);
    } else {
      text += piece.sql.replaceAll('?', '\\?');
    }
  }
  return knex.raw(text, bindings);
}
