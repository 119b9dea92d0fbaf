/**
 * Inserting many rows with few statements, the fastest way each engine offered in our
 * measurements: a dialect's own `insertRows` where it has one, else a multi-row `VALUES` list
 * with as many bound values per statement as the dialect takes.
 */
import type { SqlStatement } from './sql-statement.js';

/** A row to insert, by column name: strings, numbers, booleans and nulls. */
export type InsertRow = Readonly<Record<string, unknown>>;

/** A dialect's way of writing the inserts of many rows into one table. */
export type InsertRows = (table: string, columns: readonly string[], rows: readonly InsertRow[]) => Iterable<SqlStatement>;

/**
 * What inserting rows reads of a dialect (every `SqlDialect` has it), stated here so that the
 * dialects, which are built from these ways of inserting, are not imported back.
 */
export interface InsertDialect {
  readonly maxParameters: number;
  placeholder(n: number): string;
  quoteIdentifier(name: string): string;
  bindBoolean(value: boolean): unknown;
  readonly insertRows?: InsertRows;
}

/**
 * The statements that insert `rows` into `table`, in the dialect's fastest way.
 *
 * @example
 * ```ts
 * [...insertStatements(sqlite, 'note', ['id', 'done'], [{ id: 'a', done: true }])];
 * // [{ text: 'INSERT INTO "note" ("id", "done") VALUES (?, ?)', values: ['a', 1] }]
 * ```
 */
export function insertStatements(dialect: InsertDialect, table: string, columns: readonly string[], rows: readonly InsertRow[]): Iterable<SqlStatement> {
  return (dialect.insertRows ?? valuesInserts(dialect))(table, columns, rows);
}

/**
 * `INSERT … VALUES (…), (…)` with at most `maxValues` bound values per statement (default: as
 * many as the dialect takes), booleans as the dialect binds them.
 */
export function valuesInserts(dialect: InsertDialect, maxValues = dialect.maxParameters): InsertRows {
  return function* (table, columns, rows) {
    const q = dialect.quoteIdentifier;
    const list = columns.map(q).join(', ');
    const perStatement = Math.max(1, Math.floor(maxValues / Math.max(1, columns.length)));
    const bindable = (v: unknown) => (typeof v === 'boolean' ? dialect.bindBoolean(v) : v);
    for (let i = 0; i < rows.length; i += perStatement) {
      const chunk = rows.slice(i, i + perStatement);
      const values = chunk.flatMap((row) => columns.map((c) => bindable(row[c])));
      let n = 0;
      const tuples = chunk.map(() => `(${columns.map(() => dialect.placeholder(++n)).join(', ')})`);
      yield { text: `INSERT INTO ${q(table)} (${list}) VALUES ${tuples.join(', ')}`, values };
    }
  };
}

/** Rows in one PostgreSQL INSERT: one JSON parameter of a few megabytes at most. */
const JSON_CHUNK_ROWS = 5000;

/**
 * PostgreSQL reads a JSON array parameter with `json_populate_recordset`: one parameter whatever
 * the row count, each value converted to its column's type.
 */
export const postgresJsonInserts = (quote: (name: string) => string): InsertRows =>
  function* (table, columns, rows) {
    const name = quote(table);
    const list = columns.map(quote).join(', ');
    const text = `INSERT INTO ${name} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${name}, $1::json)`;
    for (let i = 0; i < rows.length; i += JSON_CHUNK_ROWS) yield { text, values: [JSON.stringify(rows.slice(i, i + JSON_CHUNK_ROWS))] };
  };
