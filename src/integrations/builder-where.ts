/**
 * What the query-builder integrations (Kysely, Knex, Drizzle) share: the condition cut into SQL
 * text and values for the builder to bind, the mapping when none is given, and how they refuse
 * an instance whose SQL engine they cannot tell, rather than guess one.
 */
import type { CaseFolding, SqlDialect, SqlDialectName } from '../backends/sql/dialects.js';
import type { SqlMapping } from '../backends/sql/mapping.js';
import { statementPieces, type StatementPiece } from '../backends/sql/statement-pieces.js';
import { optionError, type TqlError } from '../errors/tql-error.js';
import type { Clock } from '../validate/relative-time.js';
import type { ValidatedQuery } from '../validate/validated-query.js';

/** What the builders' options say besides the engine. */
export interface BuilderWhereOptions {
  readonly mapping?: SqlMapping | undefined;
  readonly caseFolding?: CaseFolding | undefined;
  readonly now?: Clock | undefined;
}

/**
 * The condition `compileSql` writes for `query` in `dialect`, as text and values; without a
 * mapping, the entity is a table of its own name keyed by `id`.
 */
export function wherePieces(query: ValidatedQuery, dialect: SqlDialectName | SqlDialect, options: BuilderWhereOptions): StatementPiece[] {
  return statementPieces(query, { dialect, mapping: options.mapping ?? defaultMapping(query), caseFolding: options.caseFolding, now: options.now });
}

/** The one spelling of a boolean that PostgreSQL, SQLite and MySQL all read (a bound boolean is a type error in better-sqlite3). */
export function booleanLiteral(value: boolean): string {
  return value ? 'TRUE' : 'FALSE';
}

/** How to name the engine instead, said by every error that cannot tell it. */
export const NAME_THE_ENGINE = "{ dialect: 'postgres' | 'sqlite' | 'mysql' } or a dialect object of your own";

/**
 * The refusal of an instance whose engine tql does not write for: `read` says what was looked
 * at (`Knex instance from its client`), `found` what it said.
 */
export function unknownEngine(read: string, found: unknown): TqlError {
  const named = typeof found === 'string' && found !== '' ? ` (${found})` : '';
  return optionError(`tqlWhere cannot tell the SQL engine of this ${read}${named}: name the engine instead, ${NAME_THE_ENGINE}.`);
}

/** `{ <entity>: { table: <entity>, key: 'id' } }`: the table named like the entity. */
function defaultMapping(query: ValidatedQuery): SqlMapping {
  const name = typeof query === 'object' && query !== null && typeof query.entity === 'object' ? query.entity.name : '';
  return { [name]: { table: name, key: 'id' } };
}
