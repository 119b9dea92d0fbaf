/** A whole SELECT for a mapped entity: the filter, a stable order and optional keyset paging. */
import { optionError } from '../../errors/tql-error.js';
import type { ValidatedQuery } from '../../validate/validated-query.js';
import { checkParameterCount, compileSql, type CompileSqlOptions, type SqlStatement } from './compile-sql.js';
import { resolveDialect } from './dialects.js';
import { entityMapping } from './define-mapping.js';

/** Options of {@link selectSql}: those of {@link compileSql}, and what to return. */
export interface SelectSqlOptions extends CompileSqlOptions {
  /** Columns to return: names from your table, or `'*'`. Default: the key column only. */
  readonly columns?: readonly string[] | '*' | undefined;
  /** Return only rows whose key is greater than this one (the API's `starting_after`). */
  readonly startingAfter?: string | number | undefined;
  /** At most this many rows (a positive integer). */
  readonly limit?: number | undefined;
}

/**
 * `SELECT <columns> FROM <table> WHERE <filter> ORDER BY <key>`, parameterized like
 * {@link compileSql}. Rows come in the order of the key column under its collation.
 *
 * @example
 * ```ts
 * const q = check('agent.role IN User,Administrator', schedulingSchema, 'agent');
 * selectSql(q, { dialect: 'sqlite', mapping: schedulingSqlMapping, limit: 50 });
 * // { text: 'SELECT "id" FROM "agent" WHERE "role" IN (?, ?) ORDER BY "id" LIMIT ?',
 * //   values: ['User', 'Administrator', 50] }
 * ```
 */
export function selectSql(query: ValidatedQuery, options: SelectSqlOptions): SqlStatement {
  const where = compileSql(query, options);
  const dialect = resolveDialect(options.dialect);
  const entity = entityMapping(options.mapping, query.entity);
  const q = dialect.quoteIdentifier;
  const key = q(entity.key);
  const values = [...where.values];
  const bind = (value: unknown) => {
    values.push(value);
    return dialect.placeholder(values.length);
  };
  const columns = options.columns ?? [entity.key];
  if (columns !== '*' && (!Array.isArray(columns) || columns.length === 0)) {
    throw optionError('columns is "*" or a non-empty list of column names.');
  }
  const conditions = [where.text];
  if (options.startingAfter !== undefined) {
    const after = options.startingAfter;
    if (typeof after !== 'string' && !(typeof after === 'number' && Number.isFinite(after))) {
      throw optionError('startingAfter is the key (a string or a number) of the last row of the previous page.');
    }
    conditions.push(`${key} > ${bind(after)}`);
  }
  let text = `SELECT ${columns === '*' ? '*' : columns.map(q).join(', ')} FROM ${q(entity.table)}${options.tableAlias === undefined ? '' : ` AS ${q(options.tableAlias)}`} WHERE ${conditions.join(' AND ')} ORDER BY ${key}`;
  if (options.limit !== undefined) {
    if (!Number.isSafeInteger(options.limit) || options.limit < 1) throw optionError(`limit is a positive integer, not ${String(options.limit)}.`);
    text += ` ${dialect.limitRows(bind(options.limit))}`;
  }
  checkParameterCount(dialect, values.length, query.text);
  return { text, values };
}
