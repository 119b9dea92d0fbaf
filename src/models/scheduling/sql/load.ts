/** Creating the scheduling tables and loading records into them, on any supported driver. */
import { asSqlDatabase, type AnySqlDatabase, type SqlDriver } from '../../../backends/sql/database.js';
import type { CaseFolding } from '../../../backends/sql/dialects.js';
import { insertStatements } from '../../../backends/sql/insert-rows.js';
import { engineError } from '../../../backends/sql/temporary-tables.js';
import { dropSchedulingTablesScript, schedulingScript } from './ddl.js';
import { schedulingRows, type SchedulingDataInput } from './rows.js';
import { inputError, isTqlError } from '../../../errors/tql-error.js';

/**
 * Creates the scheduling tables ({@link schedulingDdl}); with `replace`, drops them first. Their
 * LIKE indexes hold what LIKE compiles to under `caseFolding` (default `database`): give the
 * folding the lists will be compiled with.
 *
 * @example
 * ```ts
 * const db = new Database(':memory:');
 * await createSchedulingTables(db);
 * ```
 */
export async function createSchedulingTables(db: SqlDriver | AnySqlDatabase, options: { readonly replace?: boolean; readonly caseFolding?: CaseFolding } = {}): Promise<void> {
  const sql = asSqlDatabase(db);
  if (options.replace === true) await sql.exec(dropSchedulingTablesScript(sql.sqlDialect));
  await sql.exec(schedulingScript(sql.sqlDialect, options.caseFolding));
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
export async function loadSchedulingData(db: SqlDriver | AnySqlDatabase, data: SchedulingDataInput): Promise<void> {
  const sql = asSqlDatabase(db);
  let rows: ReturnType<typeof schedulingRows>;
  try {
    rows = schedulingRows(data);
  } catch (error) {
    if (isTqlError(error)) throw error;
    throw inputError('loadSchedulingData takes { agents, teams, resources, schedulingRequests }, each a list of records as generateSchedulingData makes them; these could not be read.');
  }
  try {
    await sql.transaction(async (tx) => {
      for (const [table, tableRows] of rows) {
        const columns = table.columns.map((c) => c.name);
        for (const statement of insertStatements(sql.sqlDialect, table.name, columns, tableRows)) await tx.all(statement);
      }
    });
  } catch (error) {
    // A constraint the records break (two records with one id), or tables that do not exist.
    throw engineError('loadSchedulingData', 'storing the records', 'give each record its own id, and create the tables first (createSchedulingTables)', error);
  }
}
