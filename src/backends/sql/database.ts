/**
 * One small interface over the drivers tql is tested with (node-postgres, PGlite,
 * better-sqlite3, mysql2, @duckdb/node-api), so the loader and tests run statements the same way on each. Structural
 * types only: tql does not depend on any driver.
 */
import { readOptions } from '../../errors/read-options.js';
import { inputError, type TqlError } from '../../errors/tql-error.js';
import type { SqlStatement } from './sql-statement.js';
import { resolveDialect, SQL_DIALECTS, type SqlDialect, type SqlDialectName } from './dialects.js';

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

/** A mysql2 promise `Connection` (`mysql2/promise`), or a callback one, whose `promise()` is used. */
export interface Mysql2ConnectionLike {
  /** Runs a prepared statement: `[rows, fields]`, rows an array for a SELECT. */
  execute(text: string, values?: never[]): Promise<[unknown, unknown]>;
  /** Runs a statement as text, without parameters here. */
  query(text: string): Promise<[unknown, unknown]>;
  /** Starts a transaction on this connection. */
  beginTransaction(): Promise<void>;
  /** Commits it. */
  commit(): Promise<void>;
  /** Rolls it back. */
  rollback(): Promise<void>;
}

/** A mysql2 promise `Pool`: transactions need one connection checked out of it. */
export interface Mysql2PoolLike {
  /** Runs a prepared statement on some connection of the pool. */
  execute(text: string, values?: never[]): Promise<[unknown, unknown]>;
  /** Runs a statement as text, without parameters here. */
  query(text: string): Promise<[unknown, unknown]>;
  /** Checks a connection out of the pool; `release` gives it back. */
  getConnection(): Promise<Mysql2PoolConnectionLike>;
}

/** A connection checked out of a mysql2 pool. */
export interface Mysql2PoolConnectionLike extends Mysql2ConnectionLike {
  /** Gives the connection back to the pool. */
  release(): void;
}

/** A `DuckDBConnection` of @duckdb/node-api. */
export interface DuckDbConnectionLike {
  /** Runs a statement (or a script, without values) and reads every row. */
  runAndReadAll(text: string, values?: never[], types?: never[]): Promise<DuckDbResultLike>;
}

/** The result of a DuckDB statement, read in full. */
export interface DuckDbResultLike {
  /** The rows as objects of JavaScript values (BIGINT as bigint). */
  getRowObjectsJS(): Record<string, unknown>[];
}

/**
 * Statements run the same way whatever the driver, with the dialect they are written in. `Name`
 * is the dialect's name: a built-in one (`SqlDialectName`) for a database {@link sqlDatabase}
 * made from a driver alone.
 */
export interface SqlDatabase<Name extends string = SqlDialectName> {
  /** The name of {@link sqlDialect}, for tables keyed by dialect (`schedulingDdl[db.dialect]`). */
  readonly dialect: Name;
  /** The dialect object: every difference of the engine, as statements for this database are written. */
  readonly sqlDialect: SqlDialect;
  /** Runs one parameterized statement and returns its rows (none for INSERT and the like). */
  all<Row = Record<string, unknown>>(statement: SqlStatement): Promise<Row[]>;
  /** Runs a script of statements without parameters (DDL). */
  exec(script: string): Promise<void>;
  /**
   * Runs `fn` in a transaction on one connection: committed when `fn` resolves, rolled back
   * when it rejects. On better-sqlite3, do not use the same connection elsewhere meanwhile.
   */
  transaction<T>(fn: (db: SqlDatabase<Name>) => Promise<T>): Promise<T>;
}

/** A {@link SqlDatabase} of any dialect, built-in or your own: what functions that read only its dialect object take. */
export type AnySqlDatabase = SqlDatabase<string>;

/** The two members of a {@link SqlDatabase} that say its dialect: what a driver adapter wraps a driver with. */
export type DatabaseDialect<Name extends string> = Pick<SqlDatabase<Name>, 'dialect' | 'sqlDialect'>;

/**
 * How one kind of driver is recognised and wrapped. Each adapter says which members tell its
 * driver apart and which dialect its engine speaks. The built-in ones are {@link DRIVER_ADAPTERS};
 * a dialect for another engine whose driver speaks one of their protocols wraps it with theirs.
 */
export interface DriverAdapter<D> {
  /** The driver as this adapter uses it when `d` is one (a mysql2 callback connection's promise form); else undefined. */
  recognise(d: DriverMembers): D | undefined;
  /** The built-in dialect of the driver's engine. */
  readonly dialect: SqlDialectName;
  /** The driver as a database whose statements are written as `dialect` says. */
  wrap<Name extends string>(driver: D, dialect: DatabaseDialect<Name>): SqlDatabase<Name>;
}

/** The driver of each kind {@link sqlDatabase} recognises, keyed as its adapter is. */
export interface DriverKinds {
  readonly duckdb: DuckDbConnectionLike;
  readonly mysqlPool: Mysql2PoolLike;
  readonly mysqlConnection: Mysql2ConnectionLike;
  readonly sqlite: BetterSqlite3Like;
  readonly pglite: PgliteLike;
  readonly pgPool: PgPoolLike;
  readonly pgClient: PgQueryable;
}

/** The kinds of driver {@link sqlDatabase} recognises. */
export type DriverKind = keyof DriverKinds;

const isFunction = (value: unknown): boolean => typeof value === 'function';

/** A driver's members, as its adapter reads them to recognise it. */
export type DriverMembers = Readonly<Record<string, unknown>>;

/** Recognises a driver by the functions it has. */
const having =
  <D>(...functions: readonly string[]) =>
  (d: DriverMembers): D | undefined =>
    functions.every((f) => isFunction(d[f])) ? (d as unknown as D) : undefined;

/**
 * Recognises a mysql2 driver (`execute` and `query`) whose promise form, which a callback
 * connection or pool hands out, has `member`, as that form.
 */
const mysqlHaving =
  <D>(member: string) =>
  (d: DriverMembers): D | undefined =>
    having<DriverMembers>('execute', 'query')(d) === undefined ? undefined : having<D>(member)(isFunction(d['promise']) ? (d['promise'] as () => DriverMembers).call(d) : d);

/**
 * The driver adapters, keyed by driver kind and tried in the order written: a driver whose
 * members are a subset of another's (a node-postgres Client's `query`) comes after it. A dialect
 * of your own runs on one of these drivers through `sqlDatabase(driver, { dialect })`; the
 * adapter itself wraps a driver it recognises with any dialect's name and object.
 *
 * @example
 * ```ts
 * const db = DRIVER_ADAPTERS.sqlite.wrap(new Database(':memory:'), { dialect: 'my-sqlite', sqlDialect: { ...sqlite, name: 'my-sqlite' } });
 * db.dialect; // → 'my-sqlite'
 * DRIVER_ADAPTERS.pgClient.recognise({ query: () => undefined }) !== undefined; // → true
 * ```
 */
export const DRIVER_ADAPTERS: { readonly [K in DriverKind]: DriverAdapter<DriverKinds[K]> } = {
  duckdb: { dialect: 'duckdb', recognise: having('runAndReadAll'), wrap: duckdbDatabase },
  mysqlPool: { dialect: 'mysql', recognise: mysqlHaving('getConnection'), wrap: mysqlPoolDatabase },
  mysqlConnection: { dialect: 'mysql', recognise: mysqlHaving('beginTransaction'), wrap: mysqlConnectionDatabase },
  sqlite: { dialect: 'sqlite', recognise: having('prepare', 'exec'), wrap: sqliteDatabase },
  pglite: { dialect: 'postgres', recognise: having('query', 'exec', 'transaction'), wrap: pgliteDatabase },
  pgPool: { dialect: 'postgres', recognise: (d) => (typeof d['totalCount'] === 'number' ? having<PgPoolLike>('query', 'connect')(d) : undefined), wrap: pgPoolDatabase },
  pgClient: { dialect: 'postgres', recognise: having('query'), wrap: pgClientDatabase },
};

/** Any driver {@link sqlDatabase} accepts. */
export type SqlDriver = DriverKinds[DriverKind];

/** Options of {@link sqlDatabase}. */
export interface SqlDatabaseOptions {
  /**
   * The dialect to write statements in, where the engine behind the driver is not the one the
   * driver usually speaks to (a PostgreSQL-compatible engine: `{ ...postgres, name: 'cockroach', … }`).
   */
  readonly dialect: SqlDialect | SqlDialectName;
}

/**
 * Wraps a driver object in a {@link SqlDatabase}: a better-sqlite3 `Database` (dialect `sqlite`),
 * a PGlite instance or a node-postgres `Client` / `Pool` (dialect `postgres`), a mysql2
 * `Connection` / `Pool` (dialect `mysql`) or a DuckDB connection of @duckdb/node-api (`duckdb`).
 * With `{ dialect }`, statements are written in that dialect instead.
 *
 * @example
 * ```ts
 * const db = sqlDatabase(new Database(':memory:'));
 * await db.exec(schedulingDdl.sqlite);
 * await db.all(selectSql(query, { dialect: db.sqlDialect, mapping: schedulingSqlMapping })); // → []
 * ```
 */
export function sqlDatabase(driver: SqlDriver): SqlDatabase;
export function sqlDatabase(driver: SqlDriver, options: SqlDatabaseOptions): AnySqlDatabase;
export function sqlDatabase(driver: SqlDriver, options?: SqlDatabaseOptions): AnySqlDatabase {
  const given = options === undefined ? undefined : resolveDialect(readOptions('sqlDatabase', options, ['dialect']).dialect as SqlDialect | SqlDialectName);
  if (typeof driver !== 'object' || driver === null) throw notADriver();
  for (const adapter of Object.values(DRIVER_ADAPTERS) as DriverAdapter<unknown>[]) {
    const recognised = adapter.recognise(driver as unknown as DriverMembers);
    if (recognised === undefined) continue;
    const sqlDialect = given ?? SQL_DIALECTS[adapter.dialect];
    return adapter.wrap(recognised, { dialect: sqlDialect.name, sqlDialect });
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
export function asSqlDatabase(db: SqlDriver | SqlDatabase): SqlDatabase;
export function asSqlDatabase(db: SqlDriver | AnySqlDatabase): AnySqlDatabase;
export function asSqlDatabase(db: SqlDriver | AnySqlDatabase): AnySqlDatabase {
  const d = db as Partial<AnySqlDatabase>;
  return typeof d.all === 'function' && typeof d.sqlDialect === 'object' && d.sqlDialect !== null ? (db as AnySqlDatabase) : sqlDatabase(db as SqlDriver);
}

function notADriver(): TqlError {
  return inputError('Expected a better-sqlite3 Database, a PGlite instance, a node-postgres Client or Pool, a mysql2 Connection or Pool, or a DuckDB connection.');
}

/** The three steps of a transaction on one driver connection. */
interface TransactionSteps {
  begin(): unknown;
  commit(): unknown;
  rollback(): unknown;
}

/** `body` between `begin` and `commit`; `rollback` and the error again when it rejects. */
async function inTransaction<T>(steps: TransactionSteps, body: () => Promise<T>): Promise<T> {
  await steps.begin();
  try {
    const result = await body();
    await steps.commit();
    return result;
  } catch (e) {
    await steps.rollback();
    throw e;
  }
}

/** Prepared statements kept per connection; cleared when full so any text set stays bounded. */
const STATEMENT_CACHE_SIZE = 200;

function sqliteDatabase<Name extends string>(db: BetterSqlite3Like, dialect: DatabaseDialect<Name>): SqlDatabase<Name> {
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
  const self: SqlDatabase<Name> = {
    ...dialect,
    all: async <Row>(statement: SqlStatement) => {
      const s = prepare(statement.text);
      if (s.reader) return s.all(...statement.values) as Row[];
      s.run(...statement.values);
      return [];
    },
    exec: async (script) => {
      db.exec(script);
    },
    transaction: (fn) =>
      inTransaction(
        {
          begin: () => db.exec('BEGIN'),
          commit: () => db.exec('COMMIT'),
          rollback: () => (db.inTransaction ? db.exec('ROLLBACK') : undefined),
        },
        () => fn(self),
      ),
  };
  return self;
}

function pgliteDatabase<Name extends string>(db: Omit<PgliteLike, 'transaction'> & Partial<Pick<PgliteLike, 'transaction'>>, dialect: DatabaseDialect<Name>): SqlDatabase<Name> {
  return {
    ...dialect,
    all: async <Row>(statement: SqlStatement) => (await db.query(statement.text, statement.values)).rows as Row[],
    exec: async (script) => {
      await db.exec(script);
    },
    transaction: async (fn) => {
      if (db.transaction === undefined) return fn(pgliteDatabase(db, dialect)); // already inside one
      return db.transaction((tx) => fn(pgliteDatabase(tx, dialect)));
    },
  };
}

function pgClientDatabase<Name extends string>(client: PgQueryable, dialect: DatabaseDialect<Name>): SqlDatabase<Name> {
  const self: SqlDatabase<Name> = {
    ...dialect,
    all: async <Row>(statement: SqlStatement) => (await client.query(statement.text, statement.values)).rows as Row[],
    exec: async (script) => {
      await client.query(script);
    },
    transaction: (fn) =>
      inTransaction({ begin: () => client.query('BEGIN'), commit: () => client.query('COMMIT'), rollback: () => client.query('ROLLBACK') }, () => fn(self)),
  };
  return self;
}

function pgPoolDatabase<Name extends string>(pool: PgPoolLike, dialect: DatabaseDialect<Name>): SqlDatabase<Name> {
  return {
    ...pgClientDatabase(pool, dialect),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        return await pgClientDatabase(client, dialect).transaction(fn);
      } finally {
        client.release();
      }
    },
  };
}

/**
 * Statements of a script, for drivers that run one at a time: the scripts tql writes (DDL) end
 * each statement with `;` at the end of a line and hold no such text inside one.
 */
function statementsOf(script: string): string[] {
  return script
    .split(/;[ \t]*(?:\r?\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** mysql2 rows: an array for a statement that returns rows, a result header otherwise. */
const mysqlRows = <Row>([rows]: [unknown, unknown]): Row[] => (Array.isArray(rows) ? (rows as Row[]) : []);

function mysqlConnectionDatabase<Name extends string>(connection: Mysql2ConnectionLike, dialect: DatabaseDialect<Name>): SqlDatabase<Name> {
  const self: SqlDatabase<Name> = {
    ...dialect,
    // execute: a server-side prepared statement, so no value is ever spliced into the text by
    // the client (whose escaping would depend on sql_mode NO_BACKSLASH_ESCAPES).
    all: async <Row>(statement: SqlStatement) => mysqlRows<Row>(await connection.execute(statement.text, statement.values as never[])),
    exec: async (script) => {
      for (const s of statementsOf(script)) await connection.query(s);
    },
    transaction: (fn) =>
      inTransaction({ begin: () => connection.beginTransaction(), commit: () => connection.commit(), rollback: () => connection.rollback() }, () => fn(self)),
  };
  return self;
}

function mysqlPoolDatabase<Name extends string>(pool: Mysql2PoolLike, dialect: DatabaseDialect<Name>): SqlDatabase<Name> {
  return {
    ...mysqlConnectionDatabase(pool as unknown as Mysql2ConnectionLike, dialect),
    transaction: async (fn) => {
      const connection = await pool.getConnection();
      try {
        return await mysqlConnectionDatabase(connection, dialect).transaction(fn);
      } finally {
        connection.release();
      }
    },
  };
}

/**
 * DuckDB's BIGINT as a number where it is a safe integer (as better-sqlite3 and mysql2 return
 * it), else as a string (as node-postgres does): a bigint is not JSON.
 */
function fromDuckdb(value: bigint): number | string {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : String(value);
}

/** A whole number @duckdb/node-api would bind as a BIGINT that cannot hold it (1e21). */
const beyondBigint = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) >= 2 ** 63;

/**
 * The types to bind `values` with where the driver's own choice fails: DOUBLE for a whole number
 * beyond BIGINT. The driver is loaded only then (it is installed: its connection is in hand).
 */
async function duckdbTypes(values: readonly unknown[]): Promise<never[] | undefined> {
  if (!values.some(beyondBigint)) return undefined;
  const { DOUBLE } = await import('@duckdb/node-api');
  return values.map((v) => (beyondBigint(v) ? DOUBLE : undefined)) as never[];
}

function duckdbDatabase<Name extends string>(connection: DuckDbConnectionLike, dialect: DatabaseDialect<Name>): SqlDatabase<Name> {
  const run = async (text: string, values?: readonly unknown[]) => {
    const bound = values === undefined || values.length === 0 ? undefined : (values as never[]);
    const rows = (await connection.runAndReadAll(text, bound, bound === undefined ? undefined : await duckdbTypes(bound))).getRowObjectsJS();
    for (const row of rows) for (const [k, v] of Object.entries(row)) if (typeof v === 'bigint') row[k] = fromDuckdb(v);
    return rows;
  };
  const self: SqlDatabase<Name> = {
    ...dialect,
    all: async <Row>(statement: SqlStatement) => (await run(statement.text, statement.values)) as Row[],
    exec: async (script) => {
      for (const s of statementsOf(script)) await run(s);
    },
    transaction: (fn) => inTransaction({ begin: () => run('BEGIN TRANSACTION'), commit: () => run('COMMIT'), rollback: () => run('ROLLBACK') }, () => fn(self)),
  };
  return self;
}
