/**
 * A test on one column written as comparisons that are each TRUE or FALSE wherever the column is
 * not NULL: its exact complement is then "the column is NULL, or one comparison fails", the
 * opposite comparisons joined by OR. An index on the column serves each of them, where
 * `NOT COALESCE(test, FALSE)` (the complement of any condition) hides the column from the
 * planner, so a null test on an indexed column stays a seek.
 */

/** A comparison sign of a {@link Relation}. */
export type RelationSign = '<' | '>=' | '<=' | '>' | '=' | '<>';

/** Each comparison sign and its opposite: for two values that compare, exactly one of the two holds. */
const OPPOSITES: { readonly [S in RelationSign]: RelationSign } = { '<': '>=', '>=': '<', '<=': '>', '>': '<=', '=': '<>', '<>': '=' };

/**
 * `left sign right`, TRUE or FALSE wherever the column is not NULL: both sides are the column or
 * values made from it and from bound values (never NULL), and the engine orders every value the
 * column can hold (no NaN that compares with nothing).
 */
export interface Relation {
  readonly left: string;
  readonly sign: RelationSign;
  readonly right: string;
}

/**
 * A column passes every one of `all`; with none, the column has a value (`IS NOT NULL`). What
 * an instant writer (instant-sql.ts) gives where its test has that form.
 */
export interface ColumnTest {
  /** The column, as SQL. */
  readonly column: string;
  readonly all: readonly Relation[];
}

/**
 * `column >= from AND column < to` (bounds as SQL), for a column whose type orders every value
 * it holds.
 *
 * @example
 * ```ts
 * halfOpen('"x"', 'to_timestamp($1)', 'to_timestamp($2)').all.length; // 2
 * ```
 */
export function halfOpen(column: string, from: string, to: string): ColumnTest {
  return { column, all: [{ left: column, sign: '>=', right: from }, { left: column, sign: '<', right: to }] };
}

const relationSql = (r: Relation, sign: string) => `${r.left} ${sign} ${r.right}`;

/**
 * The SQL of `test`: its comparisons joined by AND, or `IS NOT NULL` where it has none.
 *
 * @example
 * ```ts
 * columnTestSql({ column: '"x"', all: [{ left: '"x"', sign: '>=', right: '?' }, { left: '"x"', sign: '<', right: '?' }] });
 * // '"x" >= ? AND "x" < ?'
 * ```
 */
export function columnTestSql(test: ColumnTest): string {
  if (test.all.length === 0) return `${test.column} IS NOT NULL`;
  return test.all.map((r) => relationSql(r, r.sign)).join(' AND ');
}

/**
 * The exact complement of `test` on every row, NULL columns included: the column is NULL, or one
 * of its comparisons fails (for a value every comparison is TRUE or FALSE, so NOT of their AND is
 * the OR of their opposites).
 *
 * @example
 * ```ts
 * columnTestComplement({ column: '"x"', all: [{ left: '"x"', sign: '>=', right: '?' }, { left: '"x"', sign: '<', right: '?' }] });
 * // '"x" IS NULL OR "x" < ? OR "x" >= ?'
 * columnTestComplement({ column: '"x"', all: [] }); // '"x" IS NULL'
 * ```
 */
export function columnTestComplement(test: ColumnTest): string {
  return [`${test.column} IS NULL`, ...test.all.map((r) => relationSql(r, OPPOSITES[r.sign]))].join(' OR ');
}
