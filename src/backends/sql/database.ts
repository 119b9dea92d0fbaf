/**
 * One small interface over the three drivers tql is tested with (node-postgres, PGlite,
 * better-sqlite3), so the loader and tests run statements the same way on each. Structural
 * types only: tql does not depend on any driver.
 */
import { inputError, type TqlError } from '../../errors/tql-error.js';
import type { SqlStatement } from './compile-sql.js';
import type { SqlDialectName } from './dialects.js';

/** A node-postgres `Client` or `PoolClient`. */
export interface PgQueryable {
  /** Runs a parameterized statement. */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A node-postgres `Pool`: transactions need one client checked out of it. */
export interface PgPoolLike extends PgQueryable {
  readonly totalCount: number;
  /** Checks a client out of the pool; `release` gives it back. */
  connect(): Promise<PgQueryable & { release(error?: Error | boolean): void }>;
}

/** A PGlite instance. */
export interface PgliteLike {
  /** Runs a parameterized statement. */
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Runs a script of several statements without parameters. */
  exec(script: string): Promise<unknown>;
  /** Runs `fn` in a transaction, committed when it resolves. */
  transaction<T>(fn: (tx: Omit<PgliteLike, 'transaction'>) => Promise<T>): Promise<T>;
}

/** A better-sqlite3 `Database`. */
export interface BetterSqlite3Like {
  /** Prepares a statement: `all` for one that returns rows (`reader`), `run` for one that does not. */
  prepare(text: string): { readonly reader: boolean; all(...values: unknown[]): unknown[]; run(...values: unknown[]): unknown };
  /** Runs a script of several statements without parameters. */
  exec(script: string): unknown;
  readonly inTransaction: boolean;
}

/** Any driver {@link sqlDatabase} accepts. */
export type SqlDriver = PgQueryable | PgliteLike | BetterSqlite3Like;

/** Statements run the same way whatever the driver. */
export interface SqlDatabase {
  readonly dialect: SqlDialectName;
  /** Runs one parameterized statement and returns its rows (none for INSERT and the like). */
  all<Row = Record<string, unknown>>(statement: SqlStatement): Promise<Row[]>;
  /** Runs a script of statements without parameters (DDL). */
  exec(script: string): Promise<void>;
  /**
   * Runs `fn` in a transaction on one connection: committed when `fn` resolves, rolled back
   * when it rejects. On better-sqlite3, do not use the same connection elsewhere meanwhile.
   */
  transaction<T>(fn: (db: SqlDatabase) => Promise<T>): Promise<T>;
}

/**
 * Wraps a driver object in a {@link SqlDatabase}: a better-sqlite3 `Database` (dialect `sqlite`),
 * a PGlite instance or a node-postgres `Client` / `Pool` (dialect `postgres`).
 *
 * @example
 * ```ts
 * const db = sqlDatabase(new Database(':memory:'));
 * await db.exec(schedulingDdl.sqlite);
 * await db.all(selectSql(query, { dialect: db.dialect, mapping: schedulingSqlMapping })); // → []
 * ```
 */
export function sqlDatabase(driver: SqlDriver): SqlDatabase {
  const d = driver as unknown as Record<string, unknown>;
  if (typeof d !== 'object' || d === null) throw notADriver();
  if (typeof d['prepare'] === 'function' && typeof d['exec'] === 'function') return sqliteDatabase(driver as BetterSqlite3Like);
  if (typeof d['query'] === 'function' && typeof d['exec'] === 'function' && typeof d['transaction'] === 'function') {
    return pgliteDatabase(driver as PgliteLike);
  }
  if (typeof d['query'] === 'function') {
    return typeof d['connect'] === 'function' && typeof d['totalCount'] === 'number'
      ? pgPoolDatabase(driver as PgPoolLike)
      : pgClientDatabase(driver as PgQueryable);
  }
  throw notADriver();
}

/**
 * `db` as a {@link SqlDatabase}: itself when it already is one, else wrapped by {@link sqlDatabase}.
 * For functions that take either.
 *
 * @example
 * ```ts
 * const db = asSqlDatabase(new Database(':memory:')); // the same as sqlDatabase(…)
 * asSqlDatabase(db) === db; // true
 * ```
 */
export function asSqlDatabase(db: SqlDriver | SqlDatabase): SqlDatabase {
  const d = db as Partial<SqlDatabase>;
  return typeof d.all === 'function' && typeof d.dialect === 'string' ? (db as SqlDatabase) : sqlDatabase(db as SqlDriver);
}

function notADriver(): TqlError {
  return inputError('Expected a better-sqlite3 Database, a PGlite instance or a node-postgres Client or Pool.');
}

/** Prepared statements kept per connection; cleared when full so any text set stays bounded. */
const STATEMENT_CACHE_SIZE = 200;

function sqliteDatabase(db: BetterSqlite3Like): SqlDatabase {
  const statements = new Map<string, ReturnType<BetterSqlite3Like['prepare']>>();
  const prepare = (text: string) => {
    let s = statements.get(text);
    if (s === undefined) {
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
      s = db.prepare(text);
      statements.set(text, s);
    }
    return s;
  };
  const self: SqlDatabase = {
    dialect: 'sqlite',
    all: async <Row>(statement: SqlStatement) => {
      const s = prepare(statement.text);
      if (s.reader) return s.all(...statement.values) as Row[];
      s.run(...statement.values);
      return [];
    },
    exec: async (script) => {
      db.exec(script);
    },
    transaction: async (fn) => {
      db.exec('BEGIN');
      try {
        const result = await fn(self);
        db.exec('COMMIT');
        return result;
      } catch (e) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw e;
      }
    },
  };
  return self;
}

function pgliteDatabase(db: Omit<PgliteLike, 'transaction'> & Partial<Pick<PgliteLike, 'transaction'>>): SqlDatabase {
  return {
    dialect: 'postgres',
    all: async <Row>(statement: SqlStatement) => (await db.query(statement.text, statement.values)).rows as Row[],
    exec: async (script) => {
      await db.exec(script);
    },
    transaction: async (fn) => {
      if (db.transaction === undefined) return fn(pgliteDatabase(db)); // already inside one
      return db.transaction((tx) => fn(pgliteDatabase(tx)));
    },
  };
}

function pgClientDatabase(client: PgQueryable): SqlDatabase {
  const self: SqlDatabase = {
    dialect: 'postgres',
    all: async <Row>(statement: SqlStatement) => (await client.query(statement.text, statement.values)).rows as Row[],
    exec: async (script) => {
      await client.query(script);
    },
    transaction: async (fn) => {
      await client.query('BEGIN');
      try {
        const result = await fn(self);
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK');
        throw e;
      }
    },
  };
  return self;
}

function pgPoolDatabase(pool: PgPoolLike): SqlDatabase {
  return {
    ...pgClientDatabase(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        return await pgClientDatabase(client).transaction(fn);
      } finally {
        client.release();
      }
    },
  };
}
