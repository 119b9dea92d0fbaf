/** DuckDB's catalog: `duckdb_columns()` of the current database and schema. */
import { withProbedCollations, type CatalogDatabase, type CatalogReader, type CatalogRow, type ColumnKind } from './catalog.js';

/** DuckDB's collations that fold, by what they fold. */
const DUCKDB_COLLATIONS = { case: 'NOCASE', accents: 'NOACCENT', 'case+accents': 'NOCASE.NOACCENT' };

/**
 * Every column of the tables and views in `tables`, in the current database and schema, with the
 * collation of each VARCHAR column that folds (`duckdb_columns()` shows none: the engine is asked).
 */
export async function duckdbColumns(db: CatalogDatabase, tables: readonly string[]): Promise<CatalogRow[]> {
  const rows = await db.all<CatalogRow>({
    text: `SELECT table_name, column_name, data_type AS column_type, data_type AS type_name
FROM duckdb_columns() WHERE database_name = current_database() AND schema_name = current_schema()`,
    values: [],
  });
  // The schema's own columns are few; filtered here rather than with a bound list.
  const wanted = new Set(tables);
  return withProbedCollations(db, rows.filter((r) => wanted.has(r.table_name)), duckdbColumnKind, DUCKDB_COLLATIONS);
}

const INTEGERS = new Set(['TINYINT', 'SMALLINT', 'INTEGER', 'BIGINT', 'HUGEINT', 'UTINYINT', 'USMALLINT', 'UINTEGER', 'UBIGINT', 'UHUGEINT']);

/** The kind of a DuckDB column from its `data_type` (`DECIMAL(18,3)`, `ENUM('a', 'b')`, …). */
export function duckdbColumnKind(row: CatalogRow): ColumnKind {
  const t = row.type_name;
  if (t === 'VARCHAR') return 'text';
  if (INTEGERS.has(t)) return 'integer';
  if (t === 'FLOAT' || t === 'DOUBLE') return 'float';
  if (t.startsWith('DECIMAL')) return 'decimal';
  if (t === 'BOOLEAN') return 'boolean';
  if (t === 'TIMESTAMP WITH TIME ZONE') return 'timestamptz';
  // TIMESTAMP_S, _MS and _NS are wall-clock times as TIMESTAMP is, at another precision.
  if (t === 'TIMESTAMP' || t.startsWith('TIMESTAMP_')) return 'timestamp';
  if (t === 'DATE') return 'date';
  if (t === 'UUID') return 'uuid';
  if (t.startsWith('ENUM(')) return 'enum';
  return 'other';
}

/** The kind of the elements of a DuckDB list column (`VARCHAR[]`); a list of lists has elements of kind `other`. */
export function duckdbElementKind(row: CatalogRow): ColumnKind | undefined {
  return row.type_name.endsWith('[]') ? duckdbColumnKind({ ...row, type_name: row.type_name.slice(0, -2) }) : undefined;
}

/** DuckDB's catalog, as the dialect object carries it. */
export const duckdbCatalog: CatalogReader = { rows: duckdbColumns, kind: duckdbColumnKind, elementKind: duckdbElementKind };
