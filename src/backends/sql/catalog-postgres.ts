/** PostgreSQL's (and PGlite's) catalog: `pg_attribute` of the tables visible on the search path. */
import type { CatalogDatabase, CatalogReader, CatalogRow, ColumnKind } from './catalog.js';

/** A row of the catalog query, with the column's collation where it is not its base type's. */
interface PostgresRow extends CatalogRow {
  readonly collation_name: string | null;
  readonly collation_deterministic: boolean | null;
}

/**
 * Every column of the visible tables, views and foreign tables named in `tables`; a domain is
 * read as its base type (a domain over text is text), the declared type as `format_type` prints
 * it, and a collation other than the base type's default (`pg_attribute.attcollation`) by its
 * name as `COLLATE` takes it (schema-qualified where it is not on the search path), with
 * whether it is deterministic.
 */
export async function postgresColumns(db: CatalogDatabase, tables: readonly string[]): Promise<CatalogRow[]> {
  const rows = await db.all<PostgresRow>({
    text: `SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS column_type,
  CASE WHEN coalesce(b.typtype, t.typtype) = 'e' THEN 'enum' ELSE coalesce(b.typname, t.typname) END AS type_name,
  CASE WHEN pg_catalog.pg_collation_is_visible(co.oid) THEN pg_catalog.quote_ident(co.collname)
    ELSE pg_catalog.quote_ident(cn.nspname) || '.' || pg_catalog.quote_ident(co.collname) END AS collation_name,
  co.collisdeterministic AS collation_deterministic
FROM pg_catalog.pg_attribute a
JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
LEFT JOIN pg_catalog.pg_type b ON t.typtype = 'd' AND b.oid = t.typbasetype
LEFT JOIN pg_catalog.pg_collation co ON co.oid = a.attcollation AND a.attcollation <> coalesce(b.typcollation, t.typcollation)
LEFT JOIN pg_catalog.pg_namespace cn ON cn.oid = co.collnamespace
WHERE c.relname = ANY($1) AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND pg_catalog.pg_table_is_visible(c.oid)
  AND a.attnum > 0 AND NOT a.attisdropped`,
    values: [[...tables]],
  });
  return rows.map(({ collation_name, collation_deterministic, ...row }): CatalogRow =>
    collation_name === null ? row : { ...row, collation: { name: collation_name, equality: collation_deterministic === false ? 'other' : 'exact' } },
  );
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

/**
 * The kind of the elements of a PostgreSQL array column: its type's name is its element type's
 * with a leading `_` (`_text` for `text[]`). The catalog does not say how many dimensions the
 * stored arrays have; the compiled SQL reads one-dimensional ones only.
 */
export function postgresElementKind(row: CatalogRow): ColumnKind | undefined {
  return row.type_name.startsWith('_') && row.column_type.endsWith('[]') ? postgresColumnKind({ ...row, type_name: row.type_name.slice(1) }) : undefined;
}

/** PostgreSQL's catalog, as the dialect object carries it. */
export const postgresCatalog: CatalogReader = { rows: postgresColumns, kind: postgresColumnKind, elementKind: postgresElementKind };
