/**
 * Advised index names that every engine keeps: within PostgreSQL's 63 bytes of UTF-8, whole
 * characters, and distinct within one advice, so that with `IF NOT EXISTS` no index is silently
 * left out. Executed on SQLite, PGlite, DuckDB and MariaDB, counting indexes from the catalog.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sqlDatabase, type SqlDatabase } from '../../../src/backends/sql/database.js';
import { defineSqlMapping } from '../../../src/backends/sql/define-mapping.js';
import type { SqlDialectName } from '../../../src/backends/sql/dialects.js';
import { indexAdvice } from '../../../src/backends/sql/index-advice.js';
import { indexName } from '../../../src/backends/sql/index-name.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import { openDuckdb } from '../../support/duckdb.js';
import { mariadbAvailable, openMariadb, startMariadb, type MariadbServer } from '../../support/mariadb-server.js';

const bytes = (s: string) => new TextEncoder().encode(s).length;
/** Well-formed UTF-16: no lone surrogate, so no character was cut in two. */
const wellFormed = (s: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
/** The quoted index name of a `CREATE INDEX` statement, unquoted. */
const nameOf = (statement: string) => /^CREATE INDEX (?:IF NOT EXISTS )?["`](.*?)["`] ON /su.exec(statement)![1]!;

/** Tables whose natural index names run past 63 bytes, or share their first 63 bytes. */
const TABLES = {
  ascii: 'b'.repeat(60),
  umlaut: 'ä'.repeat(31),
  emoji: `${'x'.repeat(50)}${'😀'.repeat(4)}`,
  prefix_one: `${'t'.repeat(61)}1`,
  prefix_two: `${'t'.repeat(61)}2`,
  short: 'book',
} as const;

/** Columns whose names are long or not ASCII. */
const COLUMNS = { title: 'c'.repeat(60), score: 'ö'.repeat(20), label: `l${'🚀'.repeat(10)}` } as const;

const schema = defineSchema({
  entities: Object.fromEntries(
    Object.keys(TABLES).map((name) => [
      name,
      { attributes: { title: { type: 'String' }, score: { type: 'Number' }, label: { type: 'String' }, created_at: { type: 'Timestamp' } } },
    ]),
  ),
});
/**
 * The mapping of every entity; for MySQL and MariaDB, which refuse characters beyond the Basic
 * Multilingual Plane in identifiers, with each emoji written as `€` (three bytes) instead.
 */
function mappingFor(dialect: SqlDialectName) {
  const name = (s: string) => (dialect === 'mysql' ? s.replace(/\p{Extended_Pictographic}/gu, '€') : s);
  const columns = Object.fromEntries(Object.entries(COLUMNS).map(([attribute, column]) => [attribute, name(column)]));
  const entities = Object.entries(TABLES).map(([entity, table]) => [entity, { table: name(table), key: 'id', columns }]);
  return { mapping: defineSqlMapping(schema, Object.fromEntries(entities)), tables: Object.values(TABLES).map(name), columns: Object.values(columns) };
}

/** Every advised statement of `dialect`, without the extension one. */
const advice = (dialect: SqlDialectName) => indexAdvice(schema, { dialect, mapping: mappingFor(dialect).mapping }).filter((s) => s.startsWith('CREATE INDEX'));

describe('index names fit 63 bytes, whole characters, distinct', () => {
  test.each([
    ['book', 'title', 'book_title_idx'],
    ['b'.repeat(55), 'title', undefined],
    ['ä'.repeat(31), 'title', undefined],
    [`${'x'.repeat(50)}😀😀`, 'title', undefined],
    ['b'.repeat(60), 'title', undefined],
  ])('indexName(%j, %j)', (table, what, expected) => {
    const name = indexName(table, what);
    if (expected !== undefined) expect(name).toBe(expected);
    else expect(name).toMatch(/_[0-9a-f]{8}_idx$/u);
    expect(bytes(name)).toBeLessThanOrEqual(63);
    expect(wellFormed(name)).toBe(true);
    expect(indexName(table, what)).toBe(name);
  });

  test.each<SqlDialectName>(['postgres', 'sqlite', 'mysql', 'duckdb'])('every advised name on %s', (dialect) => {
    const names = advice(dialect).map(nameOf);
    expect(names.length).toBeGreaterThan(Object.keys(TABLES).length);
    for (const name of names) {
      expect(bytes(name), name).toBeLessThanOrEqual(63);
      expect(wellFormed(name), name).toBe(true);
    }
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });

  test('names whose natural forms collide keep apart: table a with b_c, table a_b with c', () => {
    const s = defineSchema({ entities: { one: { attributes: { b_c: { type: 'Number' } } }, two: { attributes: { c: { type: 'Number' } } } } });
    const m = defineSqlMapping(s, { one: { table: 'a', key: 'id' }, two: { table: 'a_b', key: 'id' } });
    const names = indexAdvice(s, { dialect: 'sqlite', mapping: m, listOrder: false }).map(nameOf);
    expect(names[0]).toBe('a_b_c_idx');
    expect(names[1]).toMatch(/^a_b_c_[0-9a-f]{8}_idx$/u);
  });
});

/** One engine: how to make a table, and how many indexes its catalog holds. */
interface Engine {
  readonly dialect: SqlDialectName;
  readonly db: SqlDatabase;
  readonly q: (name: string) => string;
  readonly count: string;
  readonly close: () => Promise<void>;
}

const dq = (name: string) => `"${name.replaceAll('"', '""')}"`;
const bq = (name: string) => `\`${name.replaceAll('`', '``')}\``;

async function createAndCount(engine: Engine): Promise<{ advised: number; created: number }> {
  const { db, q } = engine;
  const { mapping, tables, columns } = mappingFor(engine.dialect);
  const text = engine.dialect === 'mysql' ? 'VARCHAR(200)' : 'TEXT';
  const definitions = ['id', 'created_at', ...columns].map((column) => `${q(column)} ${text}`).join(', ');
  for (const table of tables) await db.exec(`CREATE TABLE ${q(table)} (${definitions})`);
  const statements = indexAdvice(schema, { dialect: engine.dialect, mapping });
  for (const statement of statements) await db.exec(statement);
  const [row] = await db.all<{ n: number | bigint | string }>({ text: engine.count, values: [] });
  return { advised: statements.filter((s) => s.startsWith('CREATE INDEX')).length, created: Number(row!.n) };
}

describe('every advised index is created', () => {
  test('SQLite (better-sqlite3)', async () => {
    const sqlite = new Database(':memory:');
    const result = await createAndCount({
      dialect: 'sqlite', db: sqlDatabase(sqlite), q: dq, close: async () => void sqlite.close(),
      count: "SELECT count(*) AS n FROM sqlite_master WHERE type = 'index'",
    });
    sqlite.close();
    expect(result.created).toBe(result.advised);
  });

  test('PGlite, with trigram indexes', async () => {
    const pglite = await PGlite.create({ extensions: { pg_trgm } });
    try {
      const result = await createAndCount({
        dialect: 'postgres', db: sqlDatabase(pglite), q: dq, close: () => pglite.close(),
        count: "SELECT count(*) AS n FROM pg_indexes WHERE schemaname = 'public'",
      });
      expect(result.created).toBe(result.advised);
    } finally {
      await pglite.close();
    }
  });

  test('DuckDB', async () => {
    const duck = await openDuckdb();
    try {
      const result = await createAndCount({ dialect: 'duckdb', db: duck.db, q: dq, close: () => duck.close(), count: 'SELECT count(*) AS n FROM duckdb_indexes()' });
      expect(result.created).toBe(result.advised);
    } finally {
      await duck.close();
    }
  });

  describe.runIf(mariadbAvailable())('MariaDB', () => {
    let server: MariadbServer;
    beforeAll(async () => {
      server = await startMariadb();
    }, 120_000);
    afterAll(() => server?.stop());

    test('MariaDB', async () => {
      const maria = await openMariadb(server);
      try {
        const result = await createAndCount({
          dialect: 'mysql', db: maria.db, q: bq, close: () => maria.close(),
          count: 'SELECT count(DISTINCT table_name, index_name) AS n FROM information_schema.statistics WHERE table_schema = DATABASE()',
        });
        expect(result.created).toBe(result.advised);
      } finally {
        await maria.close();
      }
    });
  });
});
