/** better-sqlite3 for tests: an in-memory database per call, optionally with `tql_lower`. */
import Database from 'better-sqlite3';
import { sqlDatabase } from '../../src/backends/sql/database.js';
import { registerTqlFunctions } from '../../src/backends/sql/sqlite-functions.js';
import { sqlTestEngine, type SqlTestEngine } from './sql-engine.js';

export interface OpenSqliteOptions {
  /**
   * Register `tql_lower` and compile with `caseFolding: 'unicode'`, so LIKE folds exactly as
   * JavaScript. Default false: SQLite's own ASCII-only `lower`.
   */
  readonly unicode?: boolean;
}

/**
 * A fresh in-memory SQLite database as a test engine.
 *
 * @example
 * ```ts
 * const sqlite = await openSqlite();
 * await sqlite.loadScheduling(data);
 * await sqlite.ids(check('agent.name LIKE ada', schedulingSchema, 'agent')); // ['agnt_…']
 * ```
 */
export async function openSqlite(options: OpenSqliteOptions = {}): Promise<SqlTestEngine> {
  const raw = new Database(':memory:');
  if (options.unicode === true) registerTqlFunctions(raw);
  return sqlTestEngine(options.unicode === true ? 'sqlite+tql_lower' : 'sqlite', sqlDatabase(raw), options.unicode === true ? 'unicode' : 'database', async () => {
    raw.close();
  });
}
