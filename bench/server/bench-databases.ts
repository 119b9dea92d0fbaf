/**
 * The databases of the server section, each a throwaway server with the reference server's
 * sample data loaded once, and a reading of the CPU time its processes have used.
 */
import { readdirSync, readFileSync } from 'node:fs';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { sampleData } from '../../src/models/scheduling/sample.js';
import { sqlDatabase } from '../../src/backends/sql/database.js';
import { postgresCaseFolding } from '../../src/models/scheduling/server/database.js';
import { schedulingIndexes } from '../../src/models/scheduling/sql/ddl.js';
import { createSchedulingTables, loadSchedulingData } from '../../src/models/scheduling/sql/load.js';
import { SCHEDULING_TABLES } from '../../src/models/scheduling/sql/tables.js';
import { mariadbAvailable, startMariadb } from '../../test/support/mariadb-server.js';
import { postgresAvailable, startPostgres } from '../../test/support/postgres-server.js';
import { parentPid, processCpuMs, serverCpuMs } from './proc-cpu.js';

export type BenchEngine = 'postgres' | 'mariadb';

/** A loaded database the endpoints can be pointed at. */
export interface BenchDatabase {
  readonly engine: BenchEngine;
  /** The `databaseUrl` of both endpoints. */
  readonly url: string;
  /** e.g. `PostgreSQL 15.18`. */
  readonly version: string;
  /** Milliseconds to create the tables, load the sample data and gather statistics. */
  readonly loadMs: number;
  /** Milliseconds of CPU the database server's processes have used so far. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** The engines this machine has, PostgreSQL first (it is the one the goals are judged on). */
export const BENCH_ENGINES: readonly { readonly engine: BenchEngine; available(): boolean; open(): Promise<BenchDatabase> }[] = [
  { engine: 'postgres', available: postgresAvailable, open: openPostgres },
  { engine: 'mariadb', available: mariadbAvailable, open: openMariadb },
];

async function openPostgres(): Promise<BenchDatabase> {
  const server = await startPostgres();
  const client = new pg.Client({ connectionString: server.connectionString });
  try {
    await client.connect();
    const t0 = performance.now();
    // The LIKE indexes on what the reference server's LIKE compiles to (under the folding it picks),
    // and the hand-written endpoint's own, on lower(column), the database's folding its LIKE is written for.
    await createSchedulingTables(client, { replace: true, caseFolding: await postgresCaseFolding(sqlDatabase(client)) });
    await client.query(schedulingIndexes('postgres', 'database').join('\n'));
    await loadSchedulingData(client, sampleData());
    await client.query('ANALYZE');
    const loadMs = performance.now() - t0;
    const info = await client.query<{ pid: number; version: string }>(`SELECT pg_backend_pid() AS pid, current_setting('server_version') AS version`);
    const postmaster = parentPid(info.rows[0]!.pid);
    return {
      engine: 'postgres',
      url: server.connectionString,
      version: `PostgreSQL ${info.rows[0]!.version}`,
      loadMs,
      cpuMs: () => serverCpuMs(postmaster),
      stop: () => server.stop(),
    };
  } catch (e) {
    await server.stop();
    throw e;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function openMariadb(): Promise<BenchDatabase> {
  const server = await startMariadb();
  try {
    const connection = await mysql.createConnection(server.url);
    try {
      const t0 = performance.now();
      await createSchedulingTables(connection, { replace: true });
      await loadSchedulingData(connection, sampleData());
      await connection.query(`ANALYZE TABLE ${SCHEDULING_TABLES.map((t) => t.name).join(', ')}`);
      const loadMs = performance.now() - t0;
      const [rows] = await connection.query('SELECT VERSION() AS v');
      const pid = mariadbdPid(Number(new URL(server.url).port));
      return {
        engine: 'mariadb',
        url: server.url,
        version: `MariaDB ${String((rows as { v: string }[])[0]!.v)}`,
        loadMs,
        cpuMs: () => processCpuMs(pid),
        stop: () => server.stop(),
      };
    } finally {
      await connection.end();
    }
  } catch (e) {
    await server.stop();
    throw e;
  }
}

/** The `mariadbd` process listening on `port` (one process: every connection is a thread of it). */
function mariadbdPid(port: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (/mariadbd|mysqld/.test(args[0] ?? '') && args.includes(`--port=${port}`)) return Number(entry);
  }
  throw new Error(`no mariadbd process with --port=${port} in /proc (a server given by TQL_MYSQL_URL cannot be measured)`);
}
