/**
 * Advised index names that every engine keeps: within PostgreSQL's 63 bytes of UTF-8, whole
 * characters, and distinct within one advice, so that with `IF NOT EXISTS` no index is silently
 * left out. Executed on SQLite, PGlite, DuckDB and MariaDB for generated schemas of long and
 * non-ASCII names (fast-check's global seed, test/support/fast-check-seed.ts; a handful per
 * engine), counting indexes from the catalog.
 */
import fc from 'fast-check';
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

  test('the trigram index of each folding has a name of its own: both stand side by side, IF NOT EXISTS takes neither for the other', () => {
    const s = defineSchema({ entities: { book: { attributes: { title: { type: 'String' } } } } });
    const m = defineSqlMapping(s, { book: { table: 'book', key: 'id' } });
    const trigram = (caseFolding: 'database' | 'unicode') => indexAdvice(s, { dialect: 'postgres', mapping: m, listOrder: false, caseFolding }).filter((x) => x.includes('gin_trgm_ops'));
    expect([...trigram('database'), ...trigram('unicode')]).toEqual([
      'CREATE INDEX IF NOT EXISTS "book_title_trgm_idx" ON "book" USING gin ((lower("title")) gin_trgm_ops);',
      'CREATE INDEX IF NOT EXISTS "book_title_unicode_trgm_idx" ON "book" USING gin ((lower("title" COLLATE "und-x-icu")) gin_trgm_ops);',
    ]);
  });
});

/** One engine: how to make a table, and how many indexes its catalog holds. */
interface Engine {
  readonly dialect: SqlDialectName;
  readonly db: SqlDatabase;
  readonly q: (name: string) => string;
  readonly count: string;
}

const dq = (name: string) => `"${name.replaceAll('"', '""')}"`;
const bq = (name: string) => `\`${name.replaceAll('`', '``')}\``;

/** `s` cut to at most `max` bytes of UTF-8, between characters. */
function cutToBytes(s: string, max: number): string {
  let out = '';
  for (const ch of s) {
    if (bytes(out + ch) > max) break;
    out += ch;
  }
  return out;
}

/**
 * Names that every engine keeps (at most 63 bytes) but whose index names do not fit: a long
 * stem of ASCII, two-byte, three-byte and four-byte characters, shared by every name of the
 * list, then a digit that sets each apart (MariaDB compares column names without case or
 * accents, so the digit is what keeps them distinct there too).
 */
const arbNames = (count: number): fc.Arbitrary<string[]> =>
  fc
    .array(fc.constantFrom('b', 't', 'x', '_', 'ä', 'ö', 'é', '€', '😀', '🚀'), { minLength: 1, maxLength: 70 })
    .map((units) => Array.from({ length: count }, (_, i) => `${cutToBytes(units.join(''), 62)}${i}`));

/** A generated schema: two to four entities, each with Strings (one read without case), a Number and a Timestamp. */
const arbGenerated = fc.record({ tables: fc.integer({ min: 2, max: 4 }).chain(arbNames), columns: arbNames(3) });

/**
 * The schema, mapping and tables of generated names; for MySQL and MariaDB, which refuse
 * characters beyond the Basic Multilingual Plane in identifiers, each emoji written as `€`.
 */
function generatedFor(dialect: SqlDialectName, { tables, columns }: { tables: string[]; columns: string[] }) {
  const name = (s: string) => (dialect === 'mysql' ? s.replace(/\p{Extended_Pictographic}/gu, '€') : s);
  // `code` reads the label without case: an index on lower(label), where the engine has expression indexes.
  const attributes = {
    title: { type: 'String' },
    score: { type: 'Number' },
    label: { type: 'String' },
    code: { type: 'String', source: { kind: 'field', field: 'label', ignoreCase: true } },
    created_at: { type: 'Timestamp' },
  } as const;
  const s = defineSchema({ entities: Object.fromEntries(tables.map((_, i) => [`entity_${i}`, { attributes }])) });
  const mapped = { title: name(columns[0]!), score: name(columns[1]!), label: name(columns[2]!) };
  const mapping = defineSqlMapping(s, Object.fromEntries(tables.map((t, i) => [`entity_${i}`, { table: name(t), key: 'id', columns: mapped }])));
  return { schema: s, mapping, tables: tables.map(name), columns: Object.values(mapped) };
}

/** Creates the tables, runs every advised statement, counts the indexes, and drops the tables. */
async function createAndCount(engine: Engine, generated: { tables: string[]; columns: string[] }): Promise<{ advised: number; created: number }> {
  const { db, q } = engine;
  const { schema: s, mapping, tables, columns } = generatedFor(engine.dialect, generated);
  const text = engine.dialect === 'mysql' ? 'VARCHAR(200)' : 'TEXT';
  const definitions = ['id', 'created_at', ...columns].map((column) => `${q(column)} ${text}`).join(', ');
  for (const table of tables) await db.exec(`CREATE TABLE ${q(table)} (${definitions})`);
  try {
    const statements = indexAdvice(s, { dialect: engine.dialect, mapping });
    for (const statement of statements) await db.exec(statement);
    const [row] = await db.all<{ n: number | bigint | string }>({ text: engine.count, values: [] });
    return { advised: statements.filter((st) => st.startsWith('CREATE INDEX')).length, created: Number(row!.n) };
  } finally {
    for (const table of tables) await db.exec(`DROP TABLE ${q(table)}`);
  }
}

/** A handful of generated schemas on one engine: every advised index is in its catalog. */
async function everyIndexCreated(engine: Engine, numRuns: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arbGenerated, async (generated) => {
      const { advised, created } = await createAndCount(engine, generated);
      // Three attributes and the list order per table, at least: none may go missing.
      expect(advised).toBeGreaterThanOrEqual(generated.tables.length * 4);
      expect(created).toBe(advised);
    }),
    { numRuns },
  );
}

describe('every advised index of generated long and non-ASCII schemas is created, counted from the catalog', () => {
  test('SQLite (better-sqlite3)', async () => {
    const sqlite = new Database(':memory:');
    try {
      await everyIndexCreated({ dialect: 'sqlite', db: sqlDatabase(sqlite), q: dq, count: "SELECT count(*) AS n FROM sqlite_master WHERE type = 'index'" }, 8);
    } finally {
      sqlite.close();
    }
  });

  test('PGlite, with trigram indexes', async () => {
    const pglite = await PGlite.create({ extensions: { pg_trgm } });
    try {
      await everyIndexCreated({ dialect: 'postgres', db: sqlDatabase(pglite), q: dq, count: "SELECT count(*) AS n FROM pg_indexes WHERE schemaname = 'public'" }, 4);
    } finally {
      await pglite.close();
    }
  });

  test('DuckDB', async () => {
    const duck = await openDuckdb();
    try {
      await everyIndexCreated({ dialect: 'duckdb', db: duck.db, q: dq, count: 'SELECT count(*) AS n FROM duckdb_indexes()' }, 4);
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
        await everyIndexCreated(
          { dialect: 'mysql', db: maria.db, q: bq, count: 'SELECT count(DISTINCT table_name, index_name) AS n FROM information_schema.statistics WHERE table_schema = DATABASE()' },
          4,
        );
      } finally {
        await maria.close();
      }
    }, 60_000);
  });
});
