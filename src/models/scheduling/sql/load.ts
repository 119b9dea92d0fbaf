/** Creating the scheduling tables and loading records into them, on any supported driver. */
import type { SqlStatement } from '../../../backends/sql/compile-sql.js';
import { sqlDatabase, type SqlDatabase, type SqlDriver } from '../../../backends/sql/database.js';
import type { SqlDialectName } from '../../../backends/sql/dialects.js';
import { quoteIdentifier, quoteSchemaLiteral } from '../../../backends/sql/sql-text.js';
import { dropSchedulingTablesSql, schedulingDdl } from './ddl.js';
import { schedulingRows, type Row, type SchedulingDataInput } from './rows.js';
import type { TableSpec } from './tables.js';

/** Rows sent in one INSERT: one JSON parameter of a few megabytes at most. */
const CHUNK_ROWS = 5000;

/**
 * One INSERT of many rows from a single JSON array parameter: a statement per chunk, whatever
 * the number of columns, and no limit on bound parameters to worry about.
 */
const INSERT_FROM_JSON: { readonly [D in SqlDialectName]: (table: TableSpec) => string } = {
  postgres: (t) => {
    const columns = t.columns.map((c) => quoteIdentifier(c.name)).join(', ');
    return `INSERT INTO ${quoteIdentifier(t.name)} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${quoteIdentifier(t.name)}, $1::json)`;
  },
  sqlite: (t) => {
    const columns = t.columns.map((c) => quoteIdentifier(c.name)).join(', ');
    // `->>` gives SQL values: text, integers, and 1/0 for JSON true/false.
    const values = t.columns.map((c) => `value ->> ${quoteSchemaLiteral(`$.${c.name}`)}`).join(', ');
    return `INSERT INTO ${quoteIdentifier(t.name)} (${columns}) SELECT ${values} FROM json_each(?)`;
  },
};

function database(db: SqlDriver | SqlDatabase): SqlDatabase {
  const d = db as Partial<SqlDatabase>;
  return typeof d.all === 'function' && typeof d.dialect === 'string' ? (db as SqlDatabase) : sqlDatabase(db as SqlDriver);
}

/**
 * Creates the scheduling tables ({@link schedulingDdl}); with `replace`, drops them first.
 *
 * @example
 * ```ts
 * const db = new Database(':memory:');
 * await createSchedulingTables(db);
 * ```
 */
export async function createSchedulingTables(db: SqlDriver | SqlDatabase, options: { readonly replace?: boolean } = {}): Promise<void> {
  const sql = database(db);
  if (options.replace === true) await sql.exec(dropSchedulingTablesSql);
  await sql.exec(schedulingDdl[sql.dialect]);
}

/**
 * Inserts `data` into the scheduling tables, in one transaction, a few thousand rows per
 * statement. The tables must exist ({@link createSchedulingTables}).
 *
 * @example
 * ```ts
 * const data = generateSchedulingData({ seed: 1, agents: 100, teams: 10, requests: 1000 });
 * await createSchedulingTables(pglite);
 * await loadSchedulingData(pglite, data);
 * ```
 */
export async function loadSchedulingData(db: SqlDriver | SqlDatabase, data: SchedulingDataInput): Promise<void> {
  const sql = database(db);
  const rows = schedulingRows(data);
  await sql.transaction(async (tx) => {
    for (const [table, tableRows] of rows) {
      for (const statement of inserts(sql.dialect, table, tableRows)) await tx.all(statement);
    }
  });
}

function* inserts(dialect: SqlDialectName, table: TableSpec, rows: readonly Row[]): Generator<SqlStatement> {
  const text = INSERT_FROM_JSON[dialect](table);
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    yield { text, values: [JSON.stringify(rows.slice(i, i + CHUNK_ROWS))] };
  }
}
