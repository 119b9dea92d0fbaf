/** PostgreSQL's (and PGlite's) catalog: `pg_attribute` of the tables visible on the search path. */
import type { AnySqlDatabase } from './database.js';
import type { CatalogReader, CatalogRow, ColumnKind } from './catalog.js';

/**
 * Every column of the visible tables, views and foreign tables named in `tables`; a domain is
 * read as its base type (a domain over text is text), the declared type as `format_type` prints it.
 */
export async function postgresColumns(db: AnySqlDatabase, tables: readonly string[]): Promise<CatalogRow[]> {
  return db.all<CatalogRow>({
    text: `SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS column_type,
  CASE WHEN coalesce(b.typtype, t.typtype) = 'e' THEN 'enum' ELSE coalesce(b.typname, t.typname) END AS type_name
FROM pg_catalog.pg_attribute a
JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
LEFT JOIN pg_catalog.pg_type b ON t.typtype = 'd' AND b.oid = t.typbasetype
WHERE c.relname = ANY($1) AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND pg_catalog.pg_table_is_visible(c.oid)
  AND a.attnum > 0 AND NOT a.attisdropped`,
    values: [[...tables]],
  });
}

/** Base type names (`pg_type.typname`) by kind; the rest are `other`. */
const KINDS: Readonly<Record<string, ColumnKind>> = {
  text: 'text',
  varchar: 'text',
  name: 'text',
  bpchar: 'padded_text',
  citext: 'folded_text',
  int2: 'integer',
  int4: 'integer',
  int8: 'integer',
  float4: 'float',
  float8: 'float',
  numeric: 'decimal',
  bool: 'boolean',
  timestamptz: 'timestamptz',
  timestamp: 'timestamp',
  date: 'date',
  uuid: 'uuid',
  enum: 'enum',
};

/** The kind of a PostgreSQL column from its base type name. */
export function postgresColumnKind(row: CatalogRow): ColumnKind {
  return Object.hasOwn(KINDS, row.type_name) ? KINDS[row.type_name]! : 'other';
}

/** PostgreSQL's catalog, as the dialect object carries it. */
export const postgresCatalog: CatalogReader = { rows: postgresColumns, kind: postgresColumnKind };
