/**
 * The five SQL engines of the storage tests, each opened once per file: SQLite, PGlite and DuckDB
 * in process, a PostgreSQL 15 and a MariaDB server when they can start. Each can make a table
 * `(id, happened_at <column type>)`, load rows into it and run a statement.
 */
import { PGlite } from '@electric-sql/pglite';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { sqlDatabase, type SqlDatabase } from '../../src/backends/sql/database.js';
import { resolveDialect } from '../../src/backends/sql/dialects.js';
import { mariadbAvailable, startMariadb, type MariadbServer } from '../support/mariadb-server.js';
import { postgresAvailable, startPostgres, type PostgresServer } from '../support/postgres-server.js';

export type StorageEngineName = 'sqlite' | 'pglite' | 'postgres-server' | 'mariadb' | 'duckdb';

export interface StorageEngine {
  readonly name: StorageEngineName;
  readonly db: SqlDatabase;
  /** Replaces `table` with `(id INTEGER, happened_at <type>)` and an index on it, holding `rows` (the value as an SQL expression of one placeholder). */
  load(table: string, type: string, rows: readonly { readonly id: number; readonly value: unknown }[], insert?: string): Promise<void>;
}

/** The engines this machine can run. */
export const STORAGE_ENGINES: readonly StorageEngineName[] = [
  'sqlite',
  'pglite',
  ...(postgresAvailable() ? (['postgres-server'] as const) : []),
  ...(mariadbAvailable() ? (['mariadb'] as const) : []),
  'duckdb',
];

function engine(name: StorageEngineName, db: SqlDatabase): StorageEngine {
  const d = resolveDialect(db.dialect);
  const q = d.quoteIdentifier;
  return {
    name,
    db,
    async load(table, type, rows, insert = d.placeholder(2)) {
      await db.exec(`DROP TABLE IF EXISTS ${q(table)}`);
      await db.exec(`CREATE TABLE ${q(table)} (id INTEGER PRIMARY KEY, happened_at ${type})`);
      await db.exec(`CREATE INDEX ${q(`${table}_at`)} ON ${q(table)} (happened_at)`);
      for (const row of rows) {
        await db.all({ text: `INSERT INTO ${q(table)} (id, happened_at) VALUES (${d.placeholder(1)}, ${insert})`, values: [row.id, row.value] });
      }
    },
  };
}

/**
 * Opens every engine in `beforeAll`, closes them in `afterAll`. MariaDB's session time_zone is
 * `+05:00`, so that nothing depends on the session being UTC.
 */
export function useStorageEngines(): (name: StorageEngineName) => StorageEngine {
  const engines = new Map<StorageEngineName, StorageEngine>();
  const closers: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    const sqlite = new Database(':memory:');
    closers.push(async () => sqlite.close());
    engines.set('sqlite', engine('sqlite', sqlDatabase(sqlite)));
    const pglite = await PGlite.create();
    closers.push(() => pglite.close());
    engines.set('pglite', engine('pglite', sqlDatabase(pglite)));
    if (STORAGE_ENGINES.includes('postgres-server')) {
      const server: PostgresServer = await startPostgres();
      const client = new pg.Client({ connectionString: server.connectionString });
      await client.connect();
      // A session zone far from UTC: nothing compiled may depend on it.
      await client.query(`SET TimeZone = 'Asia/Kathmandu'`);
      closers.push(async () => (await client.end(), await server.stop()));
      engines.set('postgres-server', engine('postgres-server', sqlDatabase(client)));
    }
    if (STORAGE_ENGINES.includes('mariadb')) {
      const server: MariadbServer = await startMariadb();
      const connection = await mysql.createConnection(server.url);
      await connection.query(`SET time_zone = '+05:00'`);
      closers.push(async () => (await connection.end(), await server.stop()));
      engines.set('mariadb', engine('mariadb', sqlDatabase(connection)));
    }
    const duck = await DuckDBInstance.create(':memory:');
    const connection = await duck.connect();
    closers.push(async () => (connection.closeSync(), duck.closeSync()));
    engines.set('duckdb', engine('duckdb', sqlDatabase(connection)));
  }, 120_000);
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });
  return (name) => {
    const e = engines.get(name);
    if (e === undefined) throw new Error(`engine ${name} was not opened`);
    return e;
  };
}
