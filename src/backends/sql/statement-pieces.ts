/**
 * A compiled condition as alternating SQL text and values, for query builders (Kysely, Drizzle)
 * that bind values their own way: the builder turns each value into its own parameter, so the
 * statement it runs has tql's SQL with none of the values in its text.
 */
import type { ValidatedQuery } from '../../validate/validated-query.js';
import { compileSql, type CompileSqlOptions } from './compile-sql.js';
import { resolveDialect, type SqlDialect } from './dialects.js';

/** A piece of a condition: SQL text, or one value to bind. */
export type StatementPiece = { readonly sql: string } | { readonly value: string | number | boolean };

/**
 * Placeholders become markers that cannot occur in the compiled text otherwise: identifiers and
 * schema constants refuse NUL (`sql-text.ts`, `define-mapping.ts`), and values never reach the text.
 */
const MARK = '\u0000';

/**
 * A dialect that writes markers for placeholders and leaves booleans as booleans (a builder binds
 * or writes them as its engine needs).
 */
function markingDialect(base: SqlDialect): SqlDialect {
  return { ...base, placeholder: (n) => `${MARK}${n - 1}${MARK}`, bindBoolean: (value) => value };
}

/**
 * The condition `compileSql` writes for `query`, cut at its placeholders.
 *
 * @example
 * ```ts
 * statementPieces(check('agent.role EQ User', schedulingSchema, 'agent'), { dialect: 'sqlite', mapping: schedulingSqlMapping });
 * // [{ sql: '"role" = ' }, { value: 'User' }, { sql: '' }]
 * ```
 */
export function statementPieces(query: ValidatedQuery, options: CompileSqlOptions): StatementPiece[] {
  const compiled = compileSql(query, { ...options, dialect: markingDialect(resolveDialect(options.dialect)) });
  // split gives text, index, text, index, …, text: odd positions are placeholders.
  return compiled.text.split(MARK).map((part, i) => (i % 2 === 0 ? { sql: part } : { value: compiled.values[Number(part)] as string | number | boolean }));
}
