/**
 * `tql prove --column-types database`: the temporary tables take the declared types of the
 * database's own columns, read from its catalog, so the check runs on what the tables really are
 * (a `character(n)` that pads, a `citext` or a `TEXT COLLATE NOCASE` that folds case, a `FLOAT`
 * that rounds) and not only on the types tql would choose.
 */
import { declaredType, readCatalog, type Catalog, type ColumnKind } from '../../backends/sql/catalog.js';
import type { SqlDatabase } from '../../backends/sql/database.js';
import type { ColumnTypeChoice } from '../../backends/sql/table-plan.js';

/**
 * Catalog kinds whose declared type the temporary tables keep. Whole-number columns keep tql's
 * type instead: they hold only whole numbers, which a double holds and compares the same, while
 * the generated records' fractions (`1.5` seconds) would not fit them, a difference no stored
 * record could show.
 */
const KEPT: { readonly [K in ColumnKind]: boolean } = {
  text: true,
  padded_text: true,
  folded_text: true,
  integer: false,
  float: true,
  decimal: true,
  numeric_affinity: true,
  boolean: true,
  timestamptz: true,
  timestamp: true,
  date: true,
  uuid: true,
  enum: true,
  untyped: true,
  other: true,
};

/** The database's own types: how many columns took one, and the choice for `sqlTarget`. */
export interface DatabaseTypes {
  readonly columnType: ColumnTypeChoice;
  /** `table.column type` of each attribute column that took the database's type. */
  readonly copied: () => readonly string[];
}

/**
 * The declared types of `tables` on `db`, with the columns' collations where they have a name
 * (`TEXT COLLATE NOCASE`, `text COLLATE ci`), as a `columnType` choice for the attributes' columns
 * (keys and tags keep tql's types, which the generated ids and tags fit). Read before the
 * temporary tables exist, which would otherwise be what the catalog shows.
 *
 * @example
 * ```ts
 * const types = await databaseTypes(db, ['agent']);
 * sqlTarget({ db, schema, entity: 'agent', mapping, columnType: types.columnType });
 * ```
 */
export async function databaseTypes(db: SqlDatabase, tables: readonly string[]): Promise<DatabaseTypes> {
  const catalog: Catalog = await readCatalog(db, tables);
  const copied = new Set<string>();
  return {
    columnType: ({ table, column, attribute }) => {
      const found = attribute === undefined ? undefined : catalog.get(table)?.get(column);
      if (found === undefined || !KEPT[found.kind]) return undefined;
      const type = declaredType(found, db.sqlDialect, `${table}.${column}`);
      copied.add(`${table}.${column} ${type}`);
      return type;
    },
    copied: () => [...copied],
  };
}
