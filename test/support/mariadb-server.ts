/**
 * A throwaway MariaDB server for tests: `mariadbd` on 127.0.0.1 and a free port over an empty
 * data directory in a temporary directory, without grant tables (nothing to install, so it is
 * ready in about a second), stopped by process id and deleted at the end. With the environment
 * variable `TQL_MYSQL_URL` set, that server is used instead and only a scratch database is made
 * on it. Without server binaries the tests are skipped with a warning, except under `CI=true`,
 * where that is a failure.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { sqlDatabase } from '../../src/backends/sql/database.js';
import type { SchedulingDataInput } from '../../src/models/scheduling/sql/rows.js';
import { createSchedulingTables, loadSchedulingData } from '../../src/models/scheduling/sql/load.js';
import { runThrowawayServer } from './throwaway-server.js';
import { sqlTestEngine, type SqlTestEngine } from './sql-engine.js';

/** The external server to use instead of starting one, e.g. `mysql://root@127.0.0.1:3306/`. */
export const MYSQL_URL: string | undefined = process.env.TQL_MYSQL_URL || undefined;

const SERVER_BINARIES = ['/usr/sbin/mariadbd', '/usr/sbin/mysqld'];

export interface MariadbServer {
  /** A `mysql://` URL of a database of this server that the caller may use freely. */
  readonly url: string;
  /** Stops the server (or drops the scratch database on a `TQL_MYSQL_URL` server). */
  stop(): Promise<void>;
}

function findServer(): string | undefined {
  return SERVER_BINARIES.find((bin) => existsSync(bin));
}

/**
 * Whether MariaDB server tests can run here. Warns loudly when they cannot; under `CI=true`
 * throws instead, so a CI run never passes without them.
 *
 * @example
 * ```ts
 * describe.runIf(mariadbAvailable())('MariaDB', () => { … });
 * ```
 */
export function mariadbAvailable(): boolean {
  if (MYSQL_URL !== undefined || findServer() !== undefined) return true;
  const message = `MariaDB server tests SKIPPED: no server binary (${SERVER_BINARIES.join(', ')}) and TQL_MYSQL_URL is not set.`;
  if (process.env.CI === 'true') throw new Error(`${message} CI=true requires it (apt-get install mariadb-server).`);
  console.warn(`\n!!! ${message}\n`);
  return false;
}

/** Connects as root and makes the database the tests use: the server is ready. */
async function connectOnce(port: number, dir: string): Promise<void> {
  const c = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root', connectTimeout: 2000 });
  try {
    // The server started on this data directory, not another test process's that took the port first.
    const [rows] = await c.query<mysql.RowDataPacket[]>('SELECT @@datadir AS dir');
    const dataDir = String(rows[0]?.['dir'] ?? '');
    if (!dataDir.startsWith(join(dir, 'data'))) throw new Error(`the server on this port is another one (data directory ${dataDir})`);
    await c.query('CREATE DATABASE IF NOT EXISTS tql CHARACTER SET utf8mb4');
  } finally {
    await c.end();
  }
}

async function startOwnServer(bin: string): Promise<MariadbServer> {
  const dir = mkdtempSync(join(tmpdir(), 'tql-mariadb-'));
  const server = await runThrowawayServer({
    name: 'mariadbd',
    dir,
    spawn: (port, attempt) => {
      // A fresh data directory per attempt: a failed start may have left files behind.
      const dataDir = join(dir, `data${attempt}`);
      mkdirSync(dataDir);
      const args = [
        '--no-defaults',
        `--datadir=${dataDir}`,
        `--socket=${join(dir, 'sock')}`,
        `--pid-file=${join(dir, 'pid')}`,
        `--tmpdir=${dir}`,
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        // No mysql.* tables in an empty data directory: every connection is root, as a test needs.
        '--skip-grant-tables',
        '--skip-name-resolve',
        '--skip-log-bin',
        '--character-set-server=utf8mb4',
        '--innodb-buffer-pool-size=64M',
        '--innodb-log-file-size=16M',
        '--innodb-flush-log-at-trx-commit=0',
        '--innodb-doublewrite=0',
        '--performance-schema=0',
        '--max-connections=20',
        // mariadbd refuses to run as root unless told to.
        ...(process.getuid?.() === 0 ? ['--user=root'] : []),
      ];
      return spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    },
    connect: (port) => connectOnce(port, dir),
    stopSignal: 'SIGTERM', // a normal shutdown
  });
  return { url: `mysql://root@127.0.0.1:${server.port}/tql`, stop: () => server.stop() };
}

/** A scratch database on the `TQL_MYSQL_URL` server, dropped by `stop()`. */
async function scratchDatabase(url: string): Promise<MariadbServer> {
  const admin = await mysql.createConnection(url);
  const name = `tql_test_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async stop() {
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
    },
  };
}

/**
 * Starts a MariaDB server for this test file (or opens a scratch database on `TQL_MYSQL_URL`).
 * Call {@link mariadbAvailable} first. Once per file, in `beforeAll`.
 *
 * @example
 * ```ts
 * let server: MariadbServer;
 * beforeAll(async () => { server = await startMariadb(); });
 * afterAll(() => server.stop());
 * ```
 */
export async function startMariadb(): Promise<MariadbServer> {
  if (MYSQL_URL !== undefined) return scratchDatabase(MYSQL_URL);
  const bin = findServer();
  if (bin === undefined) throw new Error(`no MariaDB server binary (${SERVER_BINARIES.join(', ')})`);
  return startOwnServer(bin);
}

/**
 * A test engine on the server's database, through one mysql2 promise connection. `close` ends
 * the connection; stop the server separately.
 */
export async function openMariadb(server: MariadbServer): Promise<SqlTestEngine> {
  const connection = await mysql.createConnection(server.url);
  return sqlTestEngine('mariadb', sqlDatabase(connection), 'database', () => connection.end(), server.url);
}

/**
 * {@link startMariadb}, then the scheduling tables made and `data` loaded through one short
 * connection; the server is stopped again if that fails.
 *
 * @example
 * ```ts
 * beforeAll(async () => { server = await startLoadedMariadb(CONTRACT_INPUT); }, 120_000);
 * ```
 */
export async function startLoadedMariadb(data: SchedulingDataInput): Promise<MariadbServer> {
  const server = await startMariadb();
  try {
    const connection = await mysql.createConnection(server.url);
    try {
      await createSchedulingTables(connection, { replace: true });
      await loadSchedulingData(connection, data);
    } finally {
      await connection.end();
    }
    return server;
  } catch (error) {
    await server.stop();
    throw error;
  }
}
