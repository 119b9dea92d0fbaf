/**
 * A throwaway MariaDB server for tests: `mariadbd` on 127.0.0.1 and a free port over an empty
 * data directory in a temporary directory, without grant tables (nothing to install, so it is
 * ready in about a second), stopped by process id and deleted at the end. With the environment
 * variable `TQL_MYSQL_URL` set, that server is used instead and only a scratch database is made
 * on it. Without server binaries the tests are skipped with a warning, except under `CI=true`,
 * where that is a failure.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { sqlDatabase } from '../../src/backends/sql/database.js';
import { exited, freePort } from './postgres-server.js';
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

async function waitUntilReady(port: number, child: ReturnType<typeof spawn>, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`mariadbd exited while starting:\n${log()}`);
    try {
      const c = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root', connectTimeout: 2000 });
      await c.query('CREATE DATABASE IF NOT EXISTS tql CHARACTER SET utf8mb4');
      await c.end();
      return;
    } catch (e) {
      if (Date.now() > deadline) throw new Error(`mariadbd did not accept connections within 60 s (${String(e)}):\n${log()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function startOwnServer(bin: string): Promise<MariadbServer> {
  const dir = mkdtempSync(join(tmpdir(), 'tql-mariadb-'));
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const dataDir = join(dir, `data${attempt}`);
    const output: string[] = [];
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
    mkdirSync(dataDir);
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > 200) output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const pid = child.pid;
    // If the test process dies without calling stop(), do not leave the server behind.
    const onExit = () => {
      if (pid !== undefined && child.exitCode === null) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      rmSync(dir, { recursive: true, force: true });
    };
    process.once('exit', onExit);
    try {
      await waitUntilReady(port, child, () => output.join(''));
    } catch (e) {
      lastError = e;
      if (pid !== undefined && child.exitCode === null) process.kill(pid, 'SIGKILL');
      await exited(child, 10_000);
      process.removeListener('exit', onExit);
      continue; // most likely the port was taken between freePort() and bind: try another
    }
    return {
      url: `mysql://root@127.0.0.1:${port}/tql`,
      async stop() {
        if (pid !== undefined && child.exitCode === null && child.signalCode === null) {
          process.kill(pid, 'SIGTERM'); // a normal shutdown
          if (!(await exited(child, 15_000))) {
            process.kill(pid, 'SIGKILL');
            await exited(child, 5_000);
          }
        }
        process.removeListener('exit', onExit);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  rmSync(dir, { recursive: true, force: true });
  throw lastError;
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
