/**
 * Every engine with a Number table: the in-memory backend, mingo, SQLite, PGlite and (when one can
 * start) a PostgreSQL server, loaded with the same `product` records (test/number/number-schema.ts).
 * SQL columns are numeric (REAL, double precision): a value that is not a finite number in the
 * record (a string such as "18", a boolean, null, missing) is stored as NULL, as language rule 6
 * says a string is no number.
 */
import { PGlite } from '@electric-sql/pglite';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/compile-mongo.js';
import { filterRecords } from '../../src/backends/memory/compile-predicate.js';
import { sqlDatabase, type SqlDatabase } from '../../src/backends/sql/database.js';
import { defineSqlMapping } from '../../src/backends/sql/define-mapping.js';
import { selectSql } from '../../src/backends/sql/select-sql.js';
import type { ValidatedQuery } from '../../src/validate/validated-query.js';
import { mingoIds } from '../support/mongo.js';
import { postgresAvailable, startPostgres, type PostgresServer } from '../support/postgres-server.js';
import { numberSchema } from './number-schema.js';

export interface ProductRecord {
  readonly id: string;
  readonly [field: string]: unknown;
}

export interface NumberEngine {
  readonly name: string;
  ids(query: ValidatedQuery): Promise<string[]>;
}

const mapping = defineSqlMapping(numberSchema, { product: { table: 'product', key: 'id' } });
const NUMERIC_COLUMNS = ['price', 'weight'] as const;
const sorted = (ids: readonly string[]) => [...ids].sort();

/** The column value of a record's field: a finite number, or NULL for anything else. */
const columnValue = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

async function load(db: SqlDatabase, records: readonly ProductRecord[], numeric: string): Promise<void> {
  await db.exec(`DROP TABLE IF EXISTS product; CREATE TABLE product (id TEXT PRIMARY KEY, name TEXT, price ${numeric}, weight ${numeric})`);
  const placeholders = db.dialect === 'postgres' ? '$1, $2, $3, $4' : '?, ?, ?, ?';
  for (const r of records) {
    await db.all({
      text: `INSERT INTO product (id, name, price, weight) VALUES (${placeholders})`,
      values: [r.id, typeof r['name'] === 'string' ? r['name'] : null, ...NUMERIC_COLUMNS.map((c) => columnValue(r[c]))],
    });
  }
}

const sqlEngine = (name: string, db: SqlDatabase): NumberEngine => ({
  name,
  ids: async (query) => sorted((await db.all<{ id: string }>(selectSql(query, { dialect: db.dialect, mapping }))).map((r) => r.id)),
});

/** The in-memory backend's answer: the reference the other engines are compared with. */
export const memoryIds = (query: ValidatedQuery, records: readonly ProductRecord[]): string[] => sorted(filterRecords(query, records).map((r) => r.id));

/**
 * Opens every engine in `beforeAll` with `records` loaded, closes them in `afterAll`; the
 * returned function lists them (the in-memory backend and mingo first).
 */
export function useNumberEngines(records: readonly ProductRecord[]): () => readonly NumberEngine[] {
  const engines: NumberEngine[] = [
    { name: 'memory', ids: async (q) => memoryIds(q, records) },
    { name: 'mongo (mingo)', ids: async (q) => sorted(mingoIds(compileMongo(q), records)) },
    { name: 'mongo (mingo, JSON round trip)', ids: async (q) => sorted(mingoIds(JSON.parse(JSON.stringify(compileMongo(q))), records)) },
  ];
  const closers: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    const sqlite = new Database(':memory:');
    closers.push(async () => sqlite.close());
    const sqliteDb = sqlDatabase(sqlite);
    await load(sqliteDb, records, 'REAL');
    engines.push(sqlEngine('sqlite', sqliteDb));
    const pglite = await PGlite.create();
    closers.push(() => pglite.close());
    const pgliteDb = sqlDatabase(pglite);
    await load(pgliteDb, records, 'double precision');
    engines.push(sqlEngine('pglite', pgliteDb));
    if (postgresAvailable()) {
      const server: PostgresServer = await startPostgres();
      const client = new pg.Client({ connectionString: server.connectionString });
      await client.connect();
      closers.push(async () => (await client.end(), await server.stop()));
      const serverDb = sqlDatabase(client);
      await load(serverDb, records, 'double precision');
      engines.push(sqlEngine('postgres-server', serverDb));
    }
  }, 120_000);
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });
  return () => engines;
}
