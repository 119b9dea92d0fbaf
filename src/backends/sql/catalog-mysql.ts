/** MySQL's and MariaDB's catalog: `information_schema.columns` of the connection's database. */
import type { AnySqlDatabase } from './database.js';
import type { CatalogReader, CatalogRow, ColumnKind } from './catalog.js';

/** Every column of the tables and views named in `tables`, in the current database. */
export async function mysqlColumns(db: AnySqlDatabase, tables: readonly string[]): Promise<CatalogRow[]> {
  const rows = await db.all<Record<keyof CatalogRow, unknown>>({
    text: `SELECT TABLE_NAME AS table_name, COLUMN_NAME AS column_name, COLUMN_TYPE AS column_type, DATA_TYPE AS type_name
FROM information_schema.columns
WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (${tables.map(() => '?').join(', ')})`,
    values: [...tables],
  });
  // Some server versions hand information_schema texts out as binary strings.
  return rows.map((r) => ({ table_name: String(r.table_name), column_name: String(r.column_name), column_type: String(r.column_type), type_name: String(r.type_name).toLowerCase() }));
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
