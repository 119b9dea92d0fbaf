/**
 * `--database-url`: a database to check a mapping against, opened read-only where the driver
 * allows it. The drivers are the project's development dependencies, loaded only when asked for.
 */
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { checkSqlMapping, type CheckSqlMappingOptions } from '../backends/sql/check-mapping.js';
import { sqlDatabase, type SqlDatabase } from '../backends/sql/database.js';
import type { SqlDialectName } from '../backends/sql/dialects.js';
import type { SqlMapping } from '../backends/sql/mapping.js';
import { inputError, isTqlError, optionError } from '../errors/tql-error.js';
import type { Schema } from '../schema/types.js';
import type { OptionSpec } from './command.js';

/** The `--database-url` option of `tql indexes` and `tql check-mapping`. */
export const DATABASE_URL_OPTION: Readonly<Record<'database-url', OptionSpec>> = {
  'database-url': {
    type: 'string',
    value: '<url>',
    help: 'check the mapping against this database first: postgresql://…, mysql:// (mariadb://)…, sqlite:<file>, duckdb:<file>',
  },
};

/** An open database and how to close it. */
export interface OpenedUrl {
  readonly db: SqlDatabase;
  /** Where it is, without a password, for messages. */
  readonly description: string;
  close(): Promise<void>;
}

/** How each scheme's database is opened. */
interface Opener {
  readonly dialect: SqlDialectName;
  /** The npm package the driver comes from, named when it is not installed. */
  readonly driver: string;
  open(url: string): Promise<{ db: SqlDatabase; close(): Promise<void> }>;
}

const postgresOpener: Opener = {
  dialect: 'postgres',
  driver: 'pg',
  async open(url) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    await client.connect();
    return { db: sqlDatabase(client), close: () => client.end() };
  },
};

const mysqlOpener: Opener = {
  dialect: 'mysql',
  driver: 'mysql2',
  async open(url) {
    const mysql = await import('mysql2/promise');
    const connection = await mysql.createConnection({ uri: url.replace(/^mariadb:/i, 'mysql:'), connectTimeout: 10_000 });
    return { db: sqlDatabase(connection), close: () => connection.end() };
  },
};

const OPENERS: Readonly<Record<string, Opener>> = {
  'postgres:': postgresOpener,
  'postgresql:': postgresOpener,
  'mysql:': mysqlOpener,
  'mariadb:': mysqlOpener,
  'sqlite:': {
    dialect: 'sqlite',
    driver: 'better-sqlite3',
    async open(url) {
      const Database = (await import('better-sqlite3')).default;
      const file = filePart(url);
      // An in-memory database cannot be opened read-only (it is empty anyway).
      if (file === ':memory:') {
        const memory = new Database(file);
        return { db: sqlDatabase(memory), close: async () => void memory.close() };
      }
      const leftBeside = walFilesToRemove(file);
      const db = new Database(file, { readonly: true, fileMustExist: true });
      return {
        db: sqlDatabase(db),
        close: async () => {
          db.close();
          if (leftBeside) removeWalFiles(file, Database);
        },
      };
    },
  },
  'duckdb:': {
    dialect: 'duckdb',
    driver: '@duckdb/node-api',
    async open(url) {
      const { DuckDBInstance } = await import('@duckdb/node-api');
      const instance = await DuckDBInstance.create(filePart(url), { access_mode: 'READ_ONLY' });
      const connection = await instance.connect();
      return {
        db: sqlDatabase(connection),
        close: async () => {
          connection.closeSync();
          instance.closeSync();
        },
      };
    },
  },
};

/**
 * Whether a read-only connection to the SQLite file `file` will leave `-wal` and `-shm` files
 * beside it: a file in WAL mode (byte 18 of its header is 2) without them, which a read-only
 * connection creates on its first read and cannot remove.
 */
function walFilesToRemove(file: string): boolean {
  try {
    const header = Buffer.alloc(20);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, header, 0, 20, 0);
    } finally {
      closeSync(fd);
    }
    return header[18] === 2 && !existsSync(`${file}-wal`) && !existsSync(`${file}-shm`);
  } catch {
    return false;
  }
}

/**
 * Removes the `-wal` and `-shm` files a read-only connection left beside `file`, the way SQLite
 * removes them itself: the last connection to close checkpoints an empty log and deletes both.
 * This one only reads (`query_only`), so the file keeps every byte; while another connection
 * holds the database, SQLite keeps the files and so does this.
 */
function removeWalFiles(file: string, Database: typeof import('better-sqlite3')): void {
  try {
    const db = new Database(file, { fileMustExist: true });
    try {
      db.pragma('query_only = ON');
      db.prepare('SELECT count(*) FROM sqlite_master').get();
    } finally {
      db.close();
    }
  } catch {
    // Not removable here (a read-only directory or file): the files stay, as SQLite leaves them.
  }
}

/** `sqlite:app.db`, `sqlite:///abs/app.db` → the file's path. */
function filePart(url: string): string {
  return url.replace(/^[a-z]+:(\/\/(?=\/))?/i, '');
}

/**
 * The dialect a database URL is in, from its scheme; an `invalid_option` error for another scheme.
 *
 * @example
 * ```ts
 * urlDialect('postgresql://app@db/app'); // 'postgres'
 * urlDialect('sqlite:app.db');           // 'sqlite'
 * ```
 */
export function urlDialect(url: string): SqlDialectName {
  return openerOf(url).dialect;
}

function openerOf(url: string): Opener {
  const scheme = /^[a-z]+:/i.exec(url)?.[0].toLowerCase();
  const opener = scheme === undefined || !Object.hasOwn(OPENERS, scheme) ? undefined : OPENERS[scheme];
  if (opener === undefined) {
    throw optionError(`--database-url starts with postgresql://, mysql://, mariadb://, sqlite: or duckdb:, not ${JSON.stringify(safeUrl(url))}.`);
  }
  return opener;
}

/**
 * Opens the database of `url`: a `TqlError` (`invalid_input`) that says why when the driver is
 * missing or the database cannot be reached, never a driver's own error.
 *
 * @example
 * ```ts
 * const { db, close } = await openDatabaseUrl('sqlite:app.db');
 * try { await checkSqlMapping(db, schema, mapping); } finally { await close(); }
 * ```
 */
export async function openDatabaseUrl(url: string): Promise<OpenedUrl> {
  const opener = openerOf(url);
  const description = safeUrl(url);
  let opened: { db: SqlDatabase; close(): Promise<void> };
  try {
    opened = await opener.open(url);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw inputError(`Cannot open ${description}: the driver ${opener.driver} is not installed; npm install ${opener.driver}.`);
    }
    throw inputError(`Cannot open ${description}: ${error instanceof Error ? error.message : String(error)}. Check the URL and that the database is running.`);
  }
  return { ...opened, description };
}

/** The URL without its password. */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/:[^:@/]*@/, ':***@');
  }
}

/**
 * Checks `mapping` for `schema` against the database of `url` (`checkSqlMapping`), then closes
 * it; resolves with where it looked. Rejects only with `TqlError`s: `mapping_mismatch`, or
 * `invalid_input` when the database cannot be opened or read.
 *
 * @example
 * ```ts
 * await checkMappingAt('sqlite:app.db', schema, mapping, { listOrder: 'created_at' }); // 'sqlite:app.db'
 * ```
 */
export async function checkMappingAt(url: string, schema: Schema, mapping: SqlMapping, options: CheckSqlMappingOptions = {}): Promise<string> {
  const { db, description, close } = await openDatabaseUrl(url);
  try {
    await checkSqlMapping(db, schema, mapping, options);
  } catch (error) {
    if (isTqlError(error)) throw error;
    throw inputError(`Cannot read the catalog of ${description}: ${error instanceof Error ? error.message : String(error)}.`);
  } finally {
    await close().catch(() => undefined);
  }
  return description;
}
