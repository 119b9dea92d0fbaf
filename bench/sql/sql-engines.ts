/**
 * The two engines of the SQL section, loaded with the shipped DDL (`schedulingDdl`, with its
 * indexes) and the project's loader: a PostgreSQL server started as the tests start one, and
 * an in-memory SQLite database. Each engine times a statement the way it can be timed without
 * the client in the way: PostgreSQL by `EXPLAIN (ANALYZE, BUFFERS)` (the server's execution
 * time), SQLite by stepping through the statement inside `count(*)` (no JavaScript row objects).
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import type { SqlStatement } from '../../src/backends/sql/compile-sql.js';
import { sqlDatabase, type SqlDatabase } from '../../src/backends/sql/database.js';
import type { SqlDialectName } from '../../src/backends/sql/dialects.js';

/** The dialects the bench measures (MySQL and DuckDB are tested, not benched yet). */
export type BenchDialect = Extract<SqlDialectName, 'postgres' | 'sqlite'>;
import type { SchedulingData } from '../../src/models/scheduling/generate.js';
import { createSchedulingTables, loadSchedulingData } from '../../src/models/scheduling/sql/load.js';
import { postgresAvailable, startPostgres } from '../../test/support/postgres-server.js';

/** A loaded engine the bench can run and time statements on. */
export interface BenchEngine {
  readonly dialect: BenchDialect;
  /** What the engine is: server version or SQLite version. */
  readonly version: string;
  readonly db: SqlDatabase;
  /** Milliseconds to create the tables, load the data and gather statistics. */
  readonly loadMs: number;
  /** The statement's rows, as the driver returns them. */
  rows(statement: SqlStatement): Promise<Record<string, unknown>[]>;
  /** Milliseconds the engine spends executing the statement once. */
  time(statement: SqlStatement): Promise<number>;
  /** The plan, one line per node. */
  plan(statement: SqlStatement): Promise<string[]>;
  close(): Promise<void>;
}

async function load(db: SqlDatabase, data: SchedulingData, analyze: string): Promise<number> {
  const start = performance.now();
  await createSchedulingTables(db, { replace: true });
  await loadSchedulingData(db, data);
  await db.exec(analyze);
  return performance.now() - start;
}

/**
 * A PostgreSQL server with `data` loaded, or undefined when there are no server binaries.
 *
 * @example
 * ```ts
 * const pgEngine = await postgresEngine(data);
 * await pgEngine?.time({ text: 'SELECT 1', values: [] });
 * ```
 */
export async function postgresEngine(data: SchedulingData): Promise<BenchEngine | undefined> {
  if (!postgresAvailable()) return undefined;
  const server = await startPostgres();
  const client = new pg.Client({ connectionString: server.connectionString });
  await client.connect();
  const db = sqlDatabase(client);
  const loadMs = await load(db, data, 'ANALYZE;');
  const version = (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v;
  const explain = async (options: string, s: SqlStatement) => client.query({ text: `EXPLAIN (${options}) ${s.text}`, values: [...s.values] });
  return {
    dialect: 'postgres',
    version: `PostgreSQL ${version}`,
    db,
    loadMs,
    rows: (s) => db.all(s),
    async time(s) {
      const result = await explain('ANALYZE, BUFFERS, FORMAT JSON', s);
      const root = (result.rows[0] as { 'QUERY PLAN': [{ 'Execution Time': number }] })['QUERY PLAN'][0];
      return root['Execution Time'];
    },
    async plan(s) {
      const result = await explain('ANALYZE, BUFFERS, COSTS OFF, TIMING OFF, SUMMARY OFF', s);
      return result.rows.map((r) => String((r as Record<string, unknown>)['QUERY PLAN']));
    },
    async close() {
      await client.end();
      await server.stop();
    },
  };
}

/**
 * An in-memory SQLite database with `data` loaded.
 *
 * @example
 * ```ts
 * const lite = await sqliteEngine(data);
 * await lite.plan({ text: 'SELECT id FROM agent', values: [] });
 * ```
 */
export async function sqliteEngine(data: SchedulingData): Promise<BenchEngine> {
  const driver = new Database(':memory:');
  const db = sqlDatabase(driver);
  const loadMs = await load(db, data, 'ANALYZE;');
  const version = (driver.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
  return {
    dialect: 'sqlite',
    version: `SQLite ${version}`,
    db,
    loadMs,
    rows: (s) => db.all(s),
    async time(s) {
      const statement = driver.prepare(`SELECT count(*) FROM (${s.text})`).pluck();
      const start = process.hrtime.bigint();
      statement.get(...s.values);
      return Number(process.hrtime.bigint() - start) / 1e6;
    },
    async plan(s) {
      const rows = driver.prepare(`EXPLAIN QUERY PLAN ${s.text}`).all(...s.values) as { detail: string }[];
      return rows.map((r) => r.detail);
    },
    async close() {
      driver.close();
    },
  };
}
