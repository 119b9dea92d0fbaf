/** SQLite's catalog: `pragma_table_xinfo` of each table, its declared types read as affinities. */
import { withProbedCollations, type CatalogDatabase, type CatalogReader, type CatalogRow, type ColumnKind } from './catalog.js';

/** SQLite's own collations that fold: NOCASE folds ASCII case, RTRIM trailing spaces. */
const SQLITE_COLLATIONS = { case: 'NOCASE', 'trailing spaces': 'RTRIM' };

/**
 * Every column of each table or view in `tables`, with the collation of each text column that
 * folds (two statements per table: the pragma takes one table, and no pragma shows collations).
 */
export async function sqliteColumns(db: CatalogDatabase, tables: readonly string[]): Promise<CatalogRow[]> {
  const rows: CatalogRow[] = [];
  for (const table of tables) {
    rows.push(
      ...(await db.all<CatalogRow>({
        text: 'SELECT ? AS table_name, name AS column_name, type AS column_type, upper(type) AS type_name FROM pragma_table_xinfo(?)',
        values: [table, table],
      })),
    );
  }
  return withProbedCollations(db, rows, sqliteColumnKind, SQLITE_COLLATIONS);
}

/**
 * The column's affinity by SQLite's rules (section 3.1 of "Datatypes In SQLite"), in their order:
 * INT → integer; CHAR, CLOB, TEXT → text; BLOB or no type → whatever is stored; REAL, FLOA, DOUB →
 * float; anything else → NUMERIC.
 */
export function sqliteColumnKind(row: CatalogRow): ColumnKind {
  const t = row.type_name;
  if (t.includes('INT')) return 'integer';
  if (/CHAR|CLOB|TEXT/.test(t)) return 'text';
  if (t === '' || t === 'ANY') return 'untyped';
  if (t.includes('BLOB')) return 'other';
  if (/REAL|FLOA|DOUB/.test(t)) return 'float';
  return 'numeric_affinity';
}

/**
 * SQLite's catalog, as the dialect object carries it. SQLite keeps any text as a declared type
 * and declares a quoted type as its text, so a type that is not a plain name is copied quoted.
 */
export const sqliteCatalog: CatalogReader = { rows: sqliteColumns, kind: sqliteColumnKind, quotesTypes: true };
