/**
 * The reference server's database: embedded PGlite with the sample data by default, or a
 * PostgreSQL or MySQL/MariaDB server given by a connection string.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { checkSqlMapping } from '../../../backends/sql/check-mapping.js';
import { sqlDatabase, type SqlDatabase } from '../../../backends/sql/database.js';
import type { CaseFolding } from '../../../backends/sql/dialects.js';
import { sampleData } from '../sample.js';
import { schedulingSchema } from '../schema.js';
import { createSchedulingTables, loadSchedulingData } from '../sql/load.js';
import { schedulingSqlMapping } from '../sql/mapping.js';

export interface OpenedDatabase {
  readonly db: SqlDatabase;
  /** `PGlite (in memory)` or the server's address without credentials. */
  readonly description: string;
  /** True when the sample data was loaded at start. */
  readonly loadedSample: boolean;
  /** `unicode` when the engine has the ICU root collation, so LIKE folds exactly as JavaScript. */
  readonly caseFolding: CaseFolding;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgresql://…` or `mysql://…` (`mariadb://…`); undefined for embedded PGlite. */
  readonly databaseUrl?: string | undefined;
  /** Drop the scheduling tables and load the sample data even when they exist. */
  readonly reset?: boolean | undefined;
  /** Where connection problems are reported. */
  readonly log?: ((line: string) => void) | undefined;
}

/**
 * Opens the database and makes sure the scheduling tables exist: PGlite always starts empty and
 * gets the sample data; on a server, the tables are created and filled only when missing (or
 * with `reset`), so data already there is served as it is. Tables that were there are checked
 * against the mapping first (`checkSqlMapping`): a column of another type is a `mapping_mismatch`
 * error at start-up, not wrong answers later.
 *
 * @example
 * ```ts
 * const { db, close } = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
 * ```
 */
export async function openDatabase(options: DatabaseOptions = {}): Promise<OpenedDatabase> {
  if (options.databaseUrl === undefined) {
    const pglite = await PGlite.create({ extensions: { pg_trgm } });
    const db = sqlDatabase(pglite);
    const folding = await postgresCaseFolding(db);
    await fill(db, false, folding);
    return { db, description: 'PGlite (in memory)', loadedSample: true, caseFolding: folding, close: () => pglite.close() };
  }
  if (/^(mysql|mariadb):\/\//i.test(options.databaseUrl)) return openMysql(options.databaseUrl, options);
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 5 });
  // An idle connection can break (the server restarts); the pool replaces it. Without a listener
  // the error would end the process.
  let closing = false;
  pool.on('error', (e) => {
    // pool.end() resolves before its connections have gone; errors after it are expected.
    if (!closing) options.log?.(`tql server: database connection lost: ${e.message}`);
  });
  try {
    const db = sqlDatabase(pool);
    const exists = await tablesExist(db);
    const load = options.reset === true || !exists;
    const folding = await postgresCaseFolding(db);
    if (load) await fill(db, exists, folding);
    await checkTables(db);
    return {
      db,
      description: `PostgreSQL at ${safeAddress(options.databaseUrl)}`,
      loadedSample: load,
      caseFolding: folding,
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw e;
  }
}

/**
 * A MySQL or MariaDB server through a mysql2 pool, loaded only when asked for. Its LIKE folds
 * by the columns' collation (`database`): MySQL has no lower() that folds as JavaScript does.
 */
async function openMysql(url: string, options: DatabaseOptions): Promise<OpenedDatabase> {
  const mysql = await import('mysql2/promise');
  const pool = mysql.createPool({ uri: url.replace(/^mariadb:/i, 'mysql:'), connectionLimit: 5 });
  try {
    const db = sqlDatabase(pool);
    const [row] = await db.all<{ n: number | string }>({
      text: `SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'scheduling_request'`,
      values: [],
    });
    const exists = Number(row?.n) > 0;
    const load = options.reset === true || !exists;
    if (load) await fill(db, exists, 'database');
    await checkTables(db);
    return { db, description: `MySQL at ${safeAddress(url)}`, loadedSample: load, caseFolding: 'database', close: () => pool.end() };
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw e;
  }
}

/** The tables, their LIKE indexes on what LIKE compiles to under `caseFolding`, and the sample data. */
async function fill(db: SqlDatabase, replace: boolean, caseFolding: CaseFolding): Promise<void> {
  await createSchedulingTables(db, { replace, caseFolding });
  await loadSchedulingData(db, sampleData());
}

/** The tables as the database declares them fit the mapping the lists are compiled with, list order included. */
function checkTables(db: SqlDatabase): Promise<void> {
  return checkSqlMapping(db, schedulingSchema, schedulingSqlMapping, { listOrder: 'created_at' });
}

async function tablesExist(db: SqlDatabase): Promise<boolean> {
  const [row] = await db.all<{ found: unknown }>({ text: `SELECT to_regclass('scheduling_request') IS NOT NULL AS found`, values: [] });
  return row?.found === true;
}

/**
 * The folding the server's lists use on a PostgreSQL database (PGlite included): `unicode` when
 * it has the ICU root collation, else `database`. Create the tables with it, so that their LIKE
 * indexes hold what LIKE is compiled to.
 *
 * @example
 * ```ts
 * await createSchedulingTables(db, { caseFolding: await postgresCaseFolding(db) });
 * ```
 */
export async function postgresCaseFolding(db: SqlDatabase): Promise<CaseFolding> {
  const rows = await db.all({ text: `SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu'`, values: [] });
  return rows.length > 0 ? 'unicode' : 'database';
}

/** host:port/database, never the password. */
function safeAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port === '' ? '' : `:${u.port}`}${u.pathname}`;
  } catch {
    return '(the given connection string)';
  }
}
