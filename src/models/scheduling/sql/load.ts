/** Creating the scheduling tables and loading records into them, on any supported driver. */
import type { SqlStatement } from '../../../backends/sql/compile-sql.js';
import { asSqlDatabase, type SqlDatabase, type SqlDriver } from '../../../backends/sql/database.js';
import { duckdb, mysql, sqlite, type SqlDialect, type SqlDialectName } from '../../../backends/sql/dialects.js';
import { quoteIdentifier } from '../../../backends/sql/sql-text.js';
import { dropSchedulingTablesScript, schedulingDdl } from './ddl.js';
import { schedulingRows, type Row, type SchedulingDataInput } from './rows.js';
import type { TableSpec } from './tables.js';

/** Rows in one PostgreSQL INSERT: one JSON parameter of a few megabytes at most. */
const JSON_CHUNK_ROWS = 5000;

/**
 * Bound values in one DuckDB INSERT: far below its limit, because DuckDB plans a statement per
 * parameter, so fewer are faster there (measured).
 */
const DUCKDB_INSERT_VALUES = 2_000;

/**
 * Many rows per statement, the fastest way each engine offered in our measurements:
 * PostgreSQL reads a JSON array parameter with `json_populate_recordset` (one parameter whatever
 * the row count); the others take a multi-row VALUES list, as many values per statement as the
 * dialect takes (`maxParameters`: SQLite's 32,766, MySQL's 65,535) except on DuckDB, booleans as
 * the dialect binds them.
 */
const INSERTS: { readonly [D in SqlDialectName]: (table: TableSpec, rows: readonly Row[]) => Generator<SqlStatement> } = {
  *postgres(table, rows) {
    const name = quoteIdentifier(table.name);
    const columns = table.columns.map((c) => quoteIdentifier(c.name)).join(', ');
    const text = `INSERT INTO ${name} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${name}, $1::json)`;
    for (let i = 0; i < rows.length; i += JSON_CHUNK_ROWS) yield { text, values: [JSON.stringify(rows.slice(i, i + JSON_CHUNK_ROWS))] };
  },
  sqlite: (table, rows) => valuesInserts(sqlite, table, rows),
  mysql: (table, rows) => valuesInserts(mysql, table, rows),
  duckdb: (table, rows) => valuesInserts(duckdb, table, rows, DUCKDB_INSERT_VALUES),
};

/** `INSERT … VALUES (…), (…)` with at most `maxValues` bound values per statement (default: as many as the dialect takes). */
function* valuesInserts(dialect: SqlDialect, table: TableSpec, rows: readonly Row[], maxValues = dialect.maxParameters): Generator<SqlStatement> {
  const q = dialect.quoteIdentifier;
  const columns = table.columns.map((c) => q(c.name)).join(', ');
  const perStatement = Math.max(1, Math.floor(maxValues / table.columns.length));
  const bindable = (v: unknown) => (typeof v === 'boolean' ? dialect.bindBoolean(v) : v);
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const values = chunk.flatMap((row) => table.columns.map((c) => bindable(row[c.name])));
    let n = 0;
    const tuples = chunk.map(() => `(${table.columns.map(() => dialect.placeholder(++n)).join(', ')})`);
    yield { text: `INSERT INTO ${q(table.name)} (${columns}) VALUES ${tuples.join(', ')}`, values };
  }
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
  const sql = asSqlDatabase(db);
  if (options.replace === true) await sql.exec(dropSchedulingTablesScript(sql.dialect));
  await sql.exec(schedulingDdl[sql.dialect]);
}

/**
 * Inserts `data` into the scheduling tables, in one transaction, thousands of rows per
 * statement. The tables must exist ({@link createSchedulingTables}).
 *
 * @example
 * ```ts
 * const data = generateSchedulingData({ seed: 1, agents: 100, teams: 10, requests: 1000 });
 * const db = await PGlite.create({ extensions: { pg_trgm } });
 * await createSchedulingTables(db);
 * await loadSchedulingData(db, data);
 * ```
 */
export async function loadSchedulingData(db: SqlDriver | SqlDatabase, data: SchedulingDataInput): Promise<void> {
  const sql = asSqlDatabase(db);
  const rows = schedulingRows(data);
  await sql.transaction(async (tx) => {
    for (const [table, tableRows] of rows) {
      for (const statement of INSERTS[sql.dialect](table, tableRows)) await tx.all(statement);
    }
  });
}
