/**
 * What the database says its columns are: one catalog query per engine (PostgreSQL `pg_attribute`,
 * MySQL/MariaDB `information_schema.columns`, SQLite `pragma_table_xinfo`, DuckDB
 * `duckdb_columns()`), each column sorted into the few kinds that decide how tql can compare it,
 * with its collation (asked of the engine itself where the catalog does not show it).
 */
import { optionError } from '../../errors/tql-error.js';
import { catalogTypeSql } from './catalog-type.js';
import type { SqlStatement } from './sql-statement.js';

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

/**
 * A column's collation, where it is not its type's default (PostgreSQL), the engine's binary one
 * (SQLite, DuckDB), or always (MySQL/MariaDB, where every text column names one):
 *
 * - `name`: as `COLLATE` takes it on the engine (`NOCASE`, `RTRIM`, `NOCASE.NOACCENT`, `ci`,
 *   `"en_US"`, `utf8mb4_general_ci`); absent when only what it does is known;
 * - `equality`: what the engine's own `=` takes for equal under it: only equal texts (`exact`:
 *   binary, or a deterministic PostgreSQL collation), also texts that differ only in case
 *   (`case`: NOCASE), or other different texts too (`other`: RTRIM, NOACCENT, a nondeterministic
 *   PostgreSQL collation, a MySQL `_ci` one).
 */
export interface ColumnCollation {
  readonly name?: string | undefined;
  readonly equality: 'exact' | 'case' | 'other';
  /** MySQL/MariaDB: the character set the column's texts are stored in (`utf8mb4`, `latin1`). */
  readonly characterSet?: string | undefined;
}

/** One column as the catalog declares it: its kind, its type as the engine writes it (for messages), and its collation. */
export interface CatalogColumn {
  readonly kind: ColumnKind;
  readonly type: string;
  readonly collation?: ColumnCollation | undefined;
  /** For a one-dimensional array type (`text[]`, DuckDB `VARCHAR[]`): the kind of its elements. */
  readonly element?: ColumnKind | undefined;
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
  /** The column's collation, where the reader knows one (see {@link ColumnCollation}). */
  readonly collation?: ColumnCollation | undefined;
}

/** What a catalog is read with of a dialect: its name, how it quotes a name, and its reader. */
export interface CatalogDialect {
  /** The dialect's name, for the error when it has no reader. */
  readonly name: string;
  /** `name` quoted as an identifier, for the collation probes. */
  quoteIdentifier(name: string): string;
  /** The engine's catalog reader; a dialect without one cannot have its mappings checked. */
  readonly catalog: CatalogReader | undefined;
}

/**
 * What reading a catalog needs of a database (any `SqlDatabase` is one): running a statement, and
 * its dialect. Stated here rather than imported, so that a dialect, its catalog reader and the
 * database stay modules that do not import each other.
 */
export interface CatalogDatabase {
  /** The dialect the database's statements are written in. */
  readonly sqlDialect: CatalogDialect;
  /** Runs one parameterized statement and returns its rows. */
  all<Row = Record<string, unknown>>(statement: SqlStatement): Promise<Row[]>;
}

/**
 * One engine's catalog, a member of its dialect object: the statement for some tables, and how
 * its type names sort into kinds.
 */
export interface CatalogReader {
  /** Rows of the tables in `tables` (visible on the connection's search path / database / schema). */
  rows(db: CatalogDatabase, tables: readonly string[]): Promise<CatalogRow[]>;
  /** The kind of one row's column, from its type name. */
  kind(row: CatalogRow): ColumnKind;
  /** For a row whose type is a one-dimensional array of another: the kind of its elements; absent where the engine has no array types. */
  elementKind?(row: CatalogRow): ColumnKind | undefined;
  /**
   * True where the engine declares a column written with a quoted type (`"TEXT); --"`) as that
   * type's text (SQLite): a catalog type that is not a plain type name is then copied quoted
   * rather than refused.
   */
  readonly quotesTypes?: boolean | undefined;
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
export async function readCatalog(db: CatalogDatabase, tables: readonly string[]): Promise<Catalog> {
  const reader = db.sqlDialect.catalog;
  if (reader === undefined) throw optionError(`The ${db.sqlDialect.name} dialect has no catalog reader, which checking a mapping needs: give the dialect a "catalog" member.`);
  const catalog = new Map<string, Map<string, CatalogColumn>>();
  if (tables.length === 0) return catalog;
  for (const row of await reader.rows(db, tables)) {
    let columns = catalog.get(row.table_name);
    if (columns === undefined) catalog.set(row.table_name, (columns = new Map()));
    const kind = reader.kind(row);
    const element = reader.elementKind?.(row);
    columns.set(row.column_name, {
      kind,
      type: row.column_type,
      ...(row.collation === undefined ? {} : { collation: row.collation }),
      ...(element === undefined ? {} : { element }),
    });
  }
  return catalog;
}

/**
 * The type a column is declared with, its collation included where it has a name: what a
 * table of the same columns is created with. The catalog's text is read back as a type name
 * first (`catalogTypeSql`): a type that is not one is quoted where the engine reads a quoted type
 * as declared (SQLite), else a `TqlError` naming `where`.
 *
 * @example
 * ```ts
 * declaredType({ kind: 'text', type: 'TEXT', collation: { name: 'NOCASE', equality: 'case' } }, sqlite, 'agent.name'); // 'TEXT COLLATE NOCASE'
 * declaredType({ kind: 'text', type: 'text' }, postgres, 'agent.name');                                                  // 'text'
 * declaredType({ kind: 'text', type: 'TEXT); SELECT 1; --' }, sqlite, 'agent.name');                                      // '"TEXT); SELECT 1; --"'
 * ```
 */
export function declaredType(column: CatalogColumn, dialect: Pick<CatalogDialect, 'quoteIdentifier' | 'catalog'>, where: string): string {
  const writer = { quoteIdentifier: (name: string) => dialect.quoteIdentifier(name), quotesTypes: dialect.catalog?.quotesTypes === true };
  return catalogTypeSql(column.type, column.collation?.name, writer, where);
}

/** Test texts, each compared with `'a'`: a collation that takes one for equal folds what it names. */
const COLLATION_PROBES = [
  { text: 'A', folds: 'case' },
  { text: '\u00e1', folds: 'accents' },
  { text: 'a ', folds: 'trailing spaces' },
] as const;

/** What a collation folds, as {@link probeCollations} finds it. */
type CollationFold = (typeof COLLATION_PROBES)[number]['folds'];

/**
 * What `=` folds on each of `columns` of `table`, asked of the engine itself where its catalog
 * does not tell (SQLite keeps a column's collation only in its CREATE TABLE text; DuckDB shows
 * none): one statement, which reads no row. A subquery's column keeps its table column's
 * collation, and a compound SELECT the collation of its first SELECT's column, so `'a'`
 * appended under the (empty) column compares with the test texts as the column's values do.
 * Columns that fold nothing are absent. The names are quoted by the dialect and the texts are
 * constants: nothing of the caller's reaches the statement unquoted. A table the engine cannot
 * compare so (a collation this connection lacks) is told as folding nothing: tql's own
 * statements on it then fail in the engine too, which no one takes for an answer.
 *
 * @example
 * ```ts
 * await probeCollations(sqlDatabase(sqlite), 'person', ['name']); // Map { 'name' => ['case'] } for name TEXT COLLATE NOCASE
 * ```
 */
async function probeCollations(db: CatalogDatabase, table: string, columns: readonly string[]): Promise<Map<string, CollationFold[]>> {
  const found = new Map<string, CollationFold[]>();
  if (columns.length === 0) return found;
  const quote = (name: string) => db.sqlDialect.quoteIdentifier(name);
  const alias = (i: number) => quote(`tql_c${i}`);
  const tests = columns.map((_, i) => `${COLLATION_PROBES.map((p, bit) => `CASE WHEN ${alias(i)} = '${p.text}' THEN ${1 << bit} ELSE 0 END`).join(' + ')} AS ${alias(i)}`);
  const text = `SELECT ${tests.join(', ')} FROM (SELECT ${columns.map((c, i) => `${quote(c)} AS ${alias(i)}`).join(', ')} FROM ${quote(table)} WHERE 1 = 0 UNION ALL SELECT ${columns.map(() => "'a'").join(', ')}) AS tql_probe`;
  let row: Record<string, unknown> | undefined;
  try {
    [row] = await db.all<Record<string, unknown>>({ text, values: [] });
  } catch {
    return found;
  }
  columns.forEach((c, i) => {
    const mask = Number(row?.[`tql_c${i}`] ?? 0);
    const folds = COLLATION_PROBES.filter((_, bit) => (mask & (1 << bit)) !== 0).map((p) => p.folds);
    if (folds.length > 0) found.set(c, folds);
  });
  return found;
}

/**
 * `rows` with the collation of each text column that folds (one {@link probeCollations} per
 * table that has text columns), named by `names` (`case` → `NOCASE`) where the engine has a
 * collation of just those folds.
 */
export async function withProbedCollations(
  db: CatalogDatabase,
  rows: readonly CatalogRow[],
  kind: (row: CatalogRow) => ColumnKind,
  names: Readonly<Record<string, string>>,
): Promise<CatalogRow[]> {
  const collations = new Map<string, ColumnCollation>();
  for (const table of new Set(rows.map((r) => r.table_name))) {
    const texts = rows.filter((r) => r.table_name === table && kind(r) === 'text').map((r) => r.column_name);
    for (const [column, folds] of await probeCollations(db, table, texts)) {
      const key = folds.join('+');
      const name = Object.hasOwn(names, key) ? names[key] : undefined;
      collations.set(JSON.stringify([table, column]), { ...(name === undefined ? {} : { name }), equality: key === 'case' ? 'case' : 'other' });
    }
  }
  return rows.map((r) => {
    const collation = collations.get(JSON.stringify([r.table_name, r.column_name]));
    return collation === undefined ? r : { ...r, collation };
  });
}
