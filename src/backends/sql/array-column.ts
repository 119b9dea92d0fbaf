/**
 * How each engine lists the elements of an array held in one column of the row (a mapping's
 * `{ column, holds }` collection): a FROM item with one row per element, the element's value,
 * and the conditions that keep only elements of the attribute's type. A stored value that is no
 * array of the kind declared (NULL, text that is not JSON, a JSON object or scalar) yields no
 * row, and so does a NULL element or one of another type: such an element is no value, as in
 * memory (language rule 7). Nothing here can raise an engine error on stored data.
 */

/** What an element must be to be a value of the attribute: the JavaScript type of its values. */
export type ElementKind = 'string' | 'number' | 'boolean';

/** One stored array's elements as rows: `FROM <from> WHERE <filters…> AND <test on value>`. */
export interface ElementRows {
  readonly from: string;
  /** The element as the value test reads it. */
  readonly value: string;
  /** Conditions on the rows (the element's JSON type, the array's shape), to join with AND. */
  readonly filters: readonly string[];
}

/**
 * How a dialect reads one kind of array column.
 *
 * @example
 * ```ts
 * postgres.arrayColumns?.array?.elements('"tags"', 'string', '"tql_element"');
 * // { from: 'unnest("tags") AS "tql_element"("v")', value: '"tql_element"."v"', filters: ['array_ndims("tags") = 1'] }
 * ```
 */
export interface ArrayColumnReader {
  /** The rows of the elements of `column` (qualified as the outer query names it), under the alias `alias` (quoted). */
  elements(column: string, kind: ElementKind, alias: string): ElementRows;
  /**
   * "`column` holds one of the values `operands`", written as an index on the column serves it
   * (PostgreSQL `col && ARRAY[…]`, a GIN index), for text elements compared exactly; absent where
   * the engine has no such form. NULL (never FALSE) where the column is NULL.
   */
  holdsAny?(column: string, operands: readonly string[]): string;
}

/** The kinds of array column a dialect reads: the engine's own array type, a JSON array in text. */
export interface ArrayColumnReaders {
  readonly array?: ArrayColumnReader;
  readonly json?: ArrayColumnReader;
}

/** The forms of array column by name, as a mapping's `holds` names them. */
export type ArrayHolding = keyof ArrayColumnReaders;

/** The holdings a mapping may name, for messages. */
export const ARRAY_HOLDINGS: readonly ArrayHolding[] = ['array', 'json'];

/**
 * PostgreSQL arrays (`text[]`, `integer[]`, `uuid[]`, `boolean[]`): their type fixes the
 * elements', so only NULL elements are no value, which no comparison takes. A
 * multi-dimensional array (`{{a,b}}`) holds arrays, none of them a value: `array_ndims` keeps
 * one-dimensional ones only (NULL for an empty or NULL array, which have no element anyway).
 */
const POSTGRES_ARRAYS: ArrayColumnReader = {
  elements: (column, _kind, alias) => ({ from: `unnest(${column}) AS ${alias}("v")`, value: `${alias}."v"`, filters: [`array_ndims(${column}) = 1`] }),
  holdsAny: (column, operands) => `(array_ndims(${column}) = 1 AND ${column} ${operands.length === 1 ? '@>' : '&&'} ARRAY[${operands.join(', ')}])`,
};

/** `json_each`'s `type` of the elements of each kind; numbers are read as doubles, as JavaScript parses JSON. */
const SQLITE_JSON_TYPES: { readonly [K in ElementKind]: string } = {
  string: `'text'`,
  number: `'integer', 'real'`,
  boolean: `'true', 'false'`,
};

/** The largest finite double: `1e999` in JSON text reads as an infinity, which is no number. */
const MAX_DOUBLE = '1.7976931348623157e308';

/**
 * SQLite JSON arrays in a text column. `json_type` raises an error on text that is not JSON, so
 * it is evaluated only once `json_valid` holds (a CASE evaluates its branches in order), and
 * `json_each` of NULL has no rows. An integer past 2^53 reads as the nearest double, as
 * `JSON.parse` reads it.
 */
const SQLITE_JSON: ArrayColumnReader = {
  elements: (column, kind, alias) => ({
    from: `json_each(CASE WHEN typeof(${column}) = 'text' AND json_valid(${column}) THEN CASE WHEN json_type(${column}) = 'array' THEN ${column} END END) AS ${alias}`,
    value: kind === 'number' ? `CAST(${alias}."value" AS REAL)` : `${alias}."value"`,
    filters: [`${alias}."type" IN (${SQLITE_JSON_TYPES[kind]})`, ...(kind === 'number' ? [`abs(${alias}."value") <= ${MAX_DOUBLE}`] : [])],
  }),
};

/** DuckDB lists (`VARCHAR[]`, `DOUBLE[]`, …): typed as PostgreSQL's, and never nested under a one-level type. */
const DUCKDB_LISTS: ArrayColumnReader = {
  elements: (column, _kind, alias) => ({ from: `unnest(${column}) AS ${alias}("v")`, value: `${alias}."v"`, filters: [] }),
};

/** `json_each`'s `type` of the elements of each kind in DuckDB. */
const DUCKDB_JSON_TYPES: { readonly [K in ElementKind]: string } = {
  string: `'VARCHAR'`,
  number: `'UBIGINT', 'BIGINT', 'HUGEINT', 'DOUBLE'`,
  boolean: `'BOOLEAN'`,
};

/** Each element's JSON as the value of its kind; `TRY_CAST`, since DuckDB may test the value before the type. */
const DUCKDB_JSON_VALUES: { readonly [K in ElementKind]: (json: string) => string } = {
  string: (json) => `json_extract_string(${json}, '$')`,
  number: (json) => `TRY_CAST(${json} AS DOUBLE)`,
  boolean: (json) => `TRY_CAST(${json} AS BOOLEAN)`,
};

/**
 * DuckDB JSON arrays in a text or JSON column, through the json extension's `json_each`, guarded
 * as SQLite's are (`json_type` raises an error on text that is not JSON).
 */
const DUCKDB_JSON: ArrayColumnReader = {
  elements: (column, kind, alias) => ({
    from: `json_each(CASE WHEN json_valid(${column}) THEN CASE WHEN json_type(${column}) = 'ARRAY' THEN ${column} END END) AS ${alias}`,
    value: DUCKDB_JSON_VALUES[kind](`${alias}."value"`),
    filters: [`${alias}."type" IN (${DUCKDB_JSON_TYPES[kind]})`, ...(kind === 'number' ? [`abs(${DUCKDB_JSON_VALUES.number(`${alias}."value"`)}) <= ${MAX_DOUBLE}`] : [])],
  }),
};

/** `JSON_TYPE` of the elements of each kind (MySQL also says `UNSIGNED INTEGER` and `DECIMAL`). */
const MYSQL_JSON_TYPES: { readonly [K in ElementKind]: string } = {
  string: `'STRING'`,
  number: `'INTEGER', 'UNSIGNED INTEGER', 'DOUBLE', 'DECIMAL'`,
  boolean: `'BOOLEAN'`,
};

/** Each element's JSON (`j`) as the value of its kind: a string unquoted, a number as a double, `true` as 1. */
const MYSQL_JSON_VALUES: { readonly [K in ElementKind]: (json: string) => string } = {
  string: (json) => `JSON_UNQUOTE(${json})`,
  number: (json) => `CAST(${json} AS DOUBLE)`,
  boolean: (json) => `(JSON_UNQUOTE(${json}) = 'true')`,
};

/**
 * MySQL/MariaDB JSON arrays in a text or JSON column, through `JSON_TABLE` (MySQL 8, MariaDB
 * 10.6): `JSON_TYPE` raises an error on text that is not JSON, so it is evaluated only once
 * `JSON_VALID` holds. A number past the doubles reads as the largest double there (MariaDB knows
 * no infinity), so the largest double itself is no value, as `1e999` is none in memory.
 */
const MYSQL_JSON: ArrayColumnReader = {
  elements: (column, kind, alias) => ({
    from: `JSON_TABLE(CASE WHEN JSON_VALID(${column}) THEN CASE WHEN JSON_TYPE(${column}) = 'ARRAY' THEN ${column} END END, '$[*]' COLUMNS (j JSON PATH '$')) AS ${alias}`,
    value: MYSQL_JSON_VALUES[kind](`${alias}.j`),
    filters: [`JSON_TYPE(${alias}.j) IN (${MYSQL_JSON_TYPES[kind]})`, ...(kind === 'number' ? [`ABS(CAST(${alias}.j AS DOUBLE)) < ${MAX_DOUBLE}`] : [])],
  }),
};

/**
 * The array columns each built-in dialect reads, for a dialect of another engine to take:
 *
 * @example
 * ```ts
 * const citus: SqlDialect = { ...postgres, name: 'citus', arrayColumns: ARRAY_COLUMN_READERS.postgres };
 * ```
 */
export const ARRAY_COLUMN_READERS = {
  postgres: { array: POSTGRES_ARRAYS },
  sqlite: { json: SQLITE_JSON },
  duckdb: { array: DUCKDB_LISTS, json: DUCKDB_JSON },
  mysql: { json: MYSQL_JSON },
} as const satisfies Readonly<Record<string, ArrayColumnReaders>>;
