/**
 * PostgreSQL clients: node-postgres (`Client`, `Pool`) and PGlite both run `compileSql` output as
 * it is (`client.query(text, values)`). This file adds what that leaves to the caller: putting a
 * TQL condition into a larger statement that has parameters of its own, with the placeholders
 * numbered in order.
 *
 * @module tql/pg
 */
import { compileSql, type SqlStatement } from '../backends/sql/compile-sql.js';
import { postgres, type CaseFolding } from '../backends/sql/dialects.js';
import { quoteIdentifier } from '../backends/sql/sql-text.js';
import type { SqlMapping } from '../backends/sql/mapping.js';
import type { Clock } from '../validate/relative-time.js';
import { resolveNow } from '../validate/resolve-now.js';
import type { ValidatedQuery } from '../validate/validated-query.js';

/** A piece of SQL whose placeholders are numbered when the statement around it is built. */
export interface PgFragment {
  readonly kind: 'PgFragment';
  /** The fragment with its first placeholder numbered `$<offset + 1>`. */
  render(offset: number): SqlStatement;
}

/** Options of {@link tqlCondition}: the mapping of the entity and how LIKE folds case. */
export interface TqlConditionOptions {
  readonly mapping: SqlMapping;
  readonly caseFolding?: CaseFolding | undefined;
  /** The clock relative times (`now-7d`) are resolved against, once for the fragment. Default: the real clock. */
  readonly now?: Clock | undefined;
}

/**
 * The query's condition as a fragment for {@link pgStatement}.
 *
 * @example
 * ```ts
 * const q = check('agent.name LIKE jo', schedulingSchema, 'agent');
 * pgStatement`SELECT id FROM agent WHERE role = ${'User'} AND ${tqlCondition(q, { mapping })}`;
 * // { text: `SELECT id FROM agent WHERE role = $1 AND lower("name") LIKE $2 ESCAPE E'\\\\'`, values: ['User', '%jo%'] }
 * ```
 */
export function tqlCondition(query: ValidatedQuery, options: TqlConditionOptions): PgFragment {
  // Relative times resolved once, so that every rendering binds the same instant.
  query = resolveNow(query, options.now);
  // Compiled once now, so a bad mapping fails here, where the caller wrote it.
  compileSql(query, { dialect: postgres, mapping: options.mapping, caseFolding: options.caseFolding });
  return {
    kind: 'PgFragment',
    render: (offset) =>
      compileSql(query, {
        dialect: { ...postgres, placeholder: (n) => `$${n + offset}` },
        mapping: options.mapping,
        caseFolding: options.caseFolding,
      }),
  };
}

/**
 * A table or column name as a fragment: double-quoted, embedded quotes doubled (a name can
 * never end the identifier early).
 *
 * @example
 * ```ts
 * pgStatement`SELECT ${pgIdentifier('id')} FROM ${pgIdentifier(table)} LIMIT ${5}`;
 * // { text: 'SELECT "id" FROM "agent" LIMIT $1', values: [5] }
 * ```
 */
export function pgIdentifier(name: string): PgFragment {
  const text = quoteIdentifier(name);
  return { kind: 'PgFragment', render: () => ({ text, values: [] }) };
}

function isFragment(value: unknown): value is PgFragment {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'PgFragment';
}

/**
 * A tagged template for PostgreSQL statements: each interpolated value becomes a bound
 * parameter (`$1`, `$2`, …) and each {@link tqlCondition} its SQL, its values bound in turn.
 * The template's text is SQL you write; nothing interpolated is ever pasted into it as text.
 *
 * @example
 * ```ts
 * const { text, values } = pgStatement`
 *   SELECT * FROM agent WHERE ${tqlCondition(q, { mapping })} ORDER BY created_at DESC LIMIT ${20}`;
 * const { rows } = await client.query(text, values); // a pg Client or Pool, or PGlite
 * ```
 */
export function pgStatement(strings: TemplateStringsArray, ...parts: readonly unknown[]): SqlStatement {
  let text = strings[0] ?? '';
  const values: unknown[] = [];
  parts.forEach((part, i) => {
    if (isFragment(part)) {
      const fragment = part.render(values.length);
      text += fragment.text;
      values.push(...fragment.values);
    } else {
      values.push(part);
      text += `$${values.length}`;
    }
    text += strings[i + 1] ?? '';
  });
  return { text, values };
}
