/**
 * What the database says its columns are: one catalog query per engine (PostgreSQL `pg_attribute`,
 * MySQL/MariaDB `information_schema.columns`, SQLite `pragma_table_xinfo`, DuckDB
 * `duckdb_columns()`), each column sorted into the few kinds that decide how tql can compare it.
 */
import { optionError } from '../../errors/tql-error.js';
import type { AnySqlDatabase } from './database.js';

/**
 * What a column holds, as far as tql's comparisons care:
 *
 * - `text`: text compared exactly (PostgreSQL text/varchar, MySQL varchar/text/enum, SQLite TEXT affinity, DuckDB VARCHAR);
 * - `padded_text`: fixed-length text that pads or strips trailing spaces (`character(n)`, MySQL `CHAR`);
 * - `folded_text`: text that compares case-insensitively by itself (PostgreSQL `citext`);
 * - `integer`, `float` (binary floating point), `decimal` (exact decimals: NUMERIC, DECIMAL);
 * - `numeric_affinity`: SQLite's NUMERIC affinity (`BOOLEAN`, `DATETIME`, `NUMERIC`): numbers stored as integers or reals;
 * - `boolean`, `timestamptz` (an instant), `timestamp` (a wall-clock time), `date`, `uuid`;
 * - `enum`: a PostgreSQL or DuckDB enum type, which compares with text only through its labels;
 * - `untyped`: an SQLite column without a declared type (or `ANY`), which keeps whatever is stored;
 * - `other`: anything else (json, arrays, blobs, intervals).
 */
export type ColumnKind =
  | 'text'
  | 'padded_text'
  | 'folded_text'
  | 'integer'
  | 'float'
  | 'decimal'
  | 'numeric_affinity'
  | 'boolean'
  | 'timestamptz'
  | 'timestamp'
  | 'date'
  | 'uuid'
  | 'enum'
  | 'untyped'
  | 'other';

/** One column as the catalog declares it: its kind, and its type as the engine writes it (for messages). */
export interface CatalogColumn {
  readonly kind: ColumnKind;
  readonly type: string;
}

/** Table name → column name → the column. Tables the catalog does not have are absent. */
export type Catalog = ReadonlyMap<string, ReadonlyMap<string, CatalogColumn>>;

/** A row of an engine's catalog query. */
export interface CatalogRow {
  readonly table_name: string;
  readonly column_name: string;
  /** The declared type as the engine prints it. */
  readonly column_type: string;
  /** What the engine's kind function reads (a base type name, an affinity, a data type). */
  readonly type_name: string;
}

/**
 * One engine's catalog, a member of its dialect object: the statement for some tables, and how
 * its type names sort into kinds.
 */
export interface CatalogReader {
  /** Rows of the tables in `tables` (visible on the connection's search path / database / schema). */
  rows(db: AnySqlDatabase, tables: readonly string[]): Promise<CatalogRow[]>;
  /** The kind of one row's column, from its type name. */
  kind(row: CatalogRow): ColumnKind;
}

/**
 * The columns of `tables` as the database's catalog declares them: one statement (SQLite: one per
 * table), table names bound as values.
 *
 * @example
 * ```ts
 * const catalog = await readCatalog(sqlDatabase(pglite), ['agent']);
 * catalog.get('agent')?.get('created_at'); // { kind: 'integer', type: 'bigint' }
 * ```
 */
export async function readCatalog(db: AnySqlDatabase, tables: readonly string[]): Promise<Catalog> {
  const reader = db.sqlDialect.catalog;
  if (reader === undefined) throw optionError(`The ${db.sqlDialect.name} dialect has no catalog reader, which checking a mapping needs: give the dialect a "catalog" member.`);
  const catalog = new Map<string, Map<string, CatalogColumn>>();
  if (tables.length === 0) return catalog;
  for (const row of await reader.rows(db, tables)) {
    let columns = catalog.get(row.table_name);
    if (columns === undefined) catalog.set(row.table_name, (columns = new Map()));
    columns.set(row.column_name, { kind: reader.kind(row), type: row.column_type });
  }
  return catalog;
}
