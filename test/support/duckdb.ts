/** DuckDB for tests: an in-memory database in process through @duckdb/node-api. */
import { DuckDBInstance } from '@duckdb/node-api';
import { sqlDatabase } from '../../src/backends/sql/database.js';
import { sqlTestEngine, type SqlTestEngine } from './sql-engine.js';

/**
 * A fresh in-memory DuckDB database as a test engine.
 *
 * @example
 * ```ts
 * const duck = await openDuckdb();
 * await duck.loadScheduling(data);
 * ```
 */
export async function openDuckdb(): Promise<SqlTestEngine> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  return sqlTestEngine('duckdb', sqlDatabase(connection), 'database', async () => {
    connection.closeSync();
    instance.closeSync();
  });
}
