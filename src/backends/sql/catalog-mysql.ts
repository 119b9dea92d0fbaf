/** MySQL's and MariaDB's catalog: `information_schema.columns` of the connection's database. */
import type { CatalogDatabase, CatalogReader, CatalogRow, ColumnKind } from './catalog.js';

/**
 * Every column of the tables and views named in `tables`, in the current database, with the
 * collation and character set of each text column. A `_bin` collation compares bytes; the others
 * fold case, accents or trailing spaces, which tql's comparisons do not meet: it writes the
 * compared text as a binary string (`CAST(? AS BINARY)`), which makes `=` and `IN` byte-wise
 * whatever the column's collation, and exact as long as the column's bytes are UTF-8's.
 */
export async function mysqlColumns(db: CatalogDatabase, tables: readonly string[]): Promise<CatalogRow[]> {
  const rows = await db.all<Record<keyof CatalogRow | 'collation_name' | 'character_set', unknown>>({
    text: `SELECT TABLE_NAME AS table_name, COLUMN_NAME AS column_name, COLUMN_TYPE AS column_type, DATA_TYPE AS type_name,
  COLLATION_NAME AS collation_name, CHARACTER_SET_NAME AS character_set
FROM information_schema.columns
WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (${tables.map(() => '?').join(', ')})`,
    values: [...tables],
  });
  // Some server versions hand information_schema texts out as binary strings.
  return rows.map((r): CatalogRow => {
    const row = { table_name: String(r.table_name), column_name: String(r.column_name), column_type: String(r.column_type), type_name: String(r.type_name).toLowerCase() };
    if (r.collation_name === null || r.collation_name === undefined) return row;
    const name = String(r.collation_name);
    const characterSet = r.character_set === null || r.character_set === undefined ? {} : { characterSet: String(r.character_set) };
    return { ...row, collation: { name, equality: /_bin$|^binary$/.test(name) ? 'exact' : 'other', ...characterSet } };
  });
}

/** `DATA_TYPE` by kind; the rest are `other`. `BOOLEAN` is `tinyint(1)`, an integer. */
const KINDS: Readonly<Record<string, ColumnKind>> = {
  varchar: 'text',
  tinytext: 'text',
  text: 'text',
  mediumtext: 'text',
  longtext: 'text',
  // An enum or set compares as its label's text.
  enum: 'text',
  set: 'text',
  // CHAR strips trailing spaces when it is read.
  char: 'padded_text',
  tinyint: 'integer',
  smallint: 'integer',
  mediumint: 'integer',
  int: 'integer',
  bigint: 'integer',
  float: 'float',
  double: 'float',
  decimal: 'decimal',
  timestamp: 'timestamptz',
  datetime: 'timestamp',
  date: 'date',
  uuid: 'uuid',
};

/** The kind of a MySQL/MariaDB column from its `DATA_TYPE`. */
export function mysqlColumnKind(row: CatalogRow): ColumnKind {
  return Object.hasOwn(KINDS, row.type_name) ? KINDS[row.type_name]! : 'other';
}

/** MySQL and MariaDB's catalog, as the dialect object carries it. */
export const mysqlCatalog: CatalogReader = { rows: mysqlColumns, kind: mysqlColumnKind };
