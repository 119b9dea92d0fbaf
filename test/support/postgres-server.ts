/**
 * A throwaway PostgreSQL server for tests: `initdb` into a temporary directory, `postgres` on
 * 127.0.0.1 and a free port, stopped by process id and deleted at the end. With the environment
 * variable `TQL_PG_URL` set, that server is used instead and only a scratch database is made on
 * it. Without server binaries the tests are skipped with a warning, except under `CI=true`,
 * where that is a failure.
 *
 * PostgreSQL refuses to run as root. As root we run `initdb` and `postgres` as the `postgres`
 * user (made by the Debian package), or create a system user `tql-postgres` if there is none.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { CaseFolding } from '../../src/backends/sql/dialects.js';
import { sqlDatabase } from '../../src/backends/sql/database.js';
import { createSchedulingTables, loadSchedulingData } from '../../src/models/scheduling/sql/load.js';
import type { SchedulingDataInput } from '../../src/models/scheduling/sql/rows.js';
import { sqlTestEngine, type SqlTestEngine } from './sql-engine.js';
import { runThrowawayServer } from './throwaway-server.js';

/** The external server to use instead of starting one, e.g. `postgresql://postgres@127.0.0.1:5432/postgres`. */
export const PG_URL: string | undefined = process.env.TQL_PG_URL || undefined;

export interface PostgresServer {
  /** A connection string for a database of this server that the caller may use freely. */
  readonly connectionString: string;
  /** Stops the server (or drops the scratch database on a `TQL_PG_URL` server). */
  stop(): Promise<void>;
}

/** `bin` directories of installed PostgreSQL servers, version 15 first. */
function findBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => (a === '15' ? -1 : b === '15' ? 1 : Number(b) - Number(a)));
  return versions.map((v) => join(root, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres')));
}

/**
 * Whether PostgreSQL server tests can run here. Warns loudly when they cannot; under `CI=true`
 * throws instead, so a CI run never passes without them.
 *
 * @example
 * ```ts
 * describe.runIf(postgresAvailable())('PostgreSQL server', () => { … });
 * ```
 */
export function postgresAvailable(): boolean {
  if (PG_URL !== undefined || findBinDir() !== undefined) return true;
  const message = 'PostgreSQL server tests SKIPPED: no server binaries in /usr/lib/postgresql/*/bin and TQL_PG_URL is not set.';
  if (process.env.CI === 'true') throw new Error(`${message} CI=true requires them (apt-get install postgresql).`);
  console.warn(`\n!!! ${message}\n`);
  return false;
}

/** The uid and gid to run the server as: ours, unless we are root. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = (name: string) => {
    try {
      return {
        uid: Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim()),
        gid: Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim()),
      };
    } catch {
      return undefined;
    }
  };
  const found = lookup('postgres') ?? lookup('tql-postgres');
  if (found !== undefined) return found;
  execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'tql-postgres']);
  const made = lookup('tql-postgres');
  if (made === undefined) throw new Error('could not create the system user tql-postgres to run PostgreSQL as');
  return made;
}

function run(bin: string, args: readonly string[], user: { uid: number; gid: number } | undefined): void {
  execFileSync(bin, args, { stdio: 'pipe', env: { ...process.env, LC_ALL: 'C' }, ...(user ?? {}) });
}

/** initdb with the ICU root locale when the build has ICU, so `lower()` folds as JavaScript does. */
function initdb(binDir: string, dataDir: string, user: { uid: number; gid: number } | undefined): void {
  const base = ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'];
  try {
    run(join(binDir, 'initdb'), [...base, '--locale-provider=icu', '--icu-locale=und'], user);
  } catch {
    rmSync(dataDir, { recursive: true, force: true });
    run(join(binDir, 'initdb'), base, user);
  }
}

/**
 * Connects once and asks the server for its data directory: the server is ready, and it is the
 * one started on `dataDir` — a server of another test process that took the port first would
 * answer too, and stop under this one's connections.
 */
async function connectOnce(connectionString: string, dataDir: string): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
    if (rows[0]?.data_directory !== dataDir) throw new Error(`the server on this port is another one (data directory ${String(rows[0]?.data_directory)})`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const urlOf = (port: number) => `postgresql://postgres@127.0.0.1:${port}/postgres`;

async function startOwnServer(binDir: string): Promise<PostgresServer> {
  const user = serverUser();
  const dir = mkdtempSync(join(tmpdir(), 'tql-pg-'));
  if (user !== undefined) chownSync(dir, user.uid, user.gid);
  const dataDir = join(dir, 'data');
  initdb(binDir, dataDir, user);
  const server = await runThrowawayServer({
    name: 'postgres',
    dir,
    // Spawned directly as the server user (no su/runuser in between), so child.pid is the postmaster.
    spawn: (port) =>
      spawn(
        join(binDir, 'postgres'),
        ['-D', dataDir, '-k', dir, '-h', '127.0.0.1', '-p', String(port), '-F', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=20'],
        { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' }, ...(user ?? {}) },
      ),
    connect: (port) => connectOnce(urlOf(port), dataDir),
    stopSignal: 'SIGINT', // "fast" shutdown
  });
  return { connectionString: urlOf(server.port), stop: () => server.stop() };
}

/** A scratch database on the `TQL_PG_URL` server, dropped by `stop()`. */
async function scratchDatabase(url: string): Promise<PostgresServer> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = `tql_test_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'und' LOCALE 'C'`);
  } catch {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8'`);
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    connectionString: target.toString(),
    async stop() {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Starts a PostgreSQL server for this test file (or opens a scratch database on `TQL_PG_URL`).
 * Call {@link postgresAvailable} first. Takes a few seconds: once per file, in `beforeAll`.
 *
 * @example
 * ```ts
 * let server: PostgresServer;
 * beforeAll(async () => { server = await startPostgres(); });
 * afterAll(() => server.stop());
 * ```
 */
export async function startPostgres(): Promise<PostgresServer> {
  if (PG_URL !== undefined) return scratchDatabase(PG_URL);
  const binDir = findBinDir();
  if (binDir === undefined) throw new Error('no PostgreSQL server binaries in /usr/lib/postgresql/*/bin');
  return startOwnServer(binDir);
}

/**
 * A test engine on a database of a started server, through one node-postgres client. `close`
 * ends the client; stop the server separately.
 */
export async function openPostgres(server: PostgresServer, options: { readonly caseFolding?: CaseFolding } = {}): Promise<SqlTestEngine> {
  const client = new pg.Client({ connectionString: server.connectionString });
  await client.connect();
  const caseFolding = options.caseFolding ?? 'database';
  const name = caseFolding === 'unicode' ? 'postgres-server+icu' : 'postgres-server';
  return sqlTestEngine(name, sqlDatabase(client), caseFolding, () => client.end(), server.connectionString);
}

/**
 * {@link startPostgres}, then the scheduling tables made and `data` loaded through one short
 * client; the server is stopped again if that fails.
 *
 * @example
 * ```ts
 * beforeAll(async () => { server = await startLoadedPostgres(CONTRACT_INPUT); }, 120_000);
 * ```
 */
export async function startLoadedPostgres(data: SchedulingDataInput): Promise<PostgresServer> {
  const server = await startPostgres();
  try {
    const client = new pg.Client({ connectionString: server.connectionString });
    await client.connect();
    try {
      await createSchedulingTables(client);
      await loadSchedulingData(client, data);
    } finally {
      await client.end();
    }
    return server;
  } catch (error) {
    await server.stop();
    throw error;
  }
}
