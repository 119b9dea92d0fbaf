/**
 * Generated posts and queries: every engine that holds arrays in a column of the row selects
 * what memory selects from the same records (language rule 7), and throws nothing. JSON engines
 * get any text (JSON arrays of mixed types with NULLs, nested arrays, objects, scalars, text that
 * is not JSON, numbers past the doubles); engines with array types get lists of their type with
 * NULL elements. Values come from small pools, so that equal elements, duplicates and case
 * variants are common.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { compileSql } from '../../../src/backends/sql/compile-sql.js';
import type { SqlMapping } from '../../../src/backends/sql/mapping.js';
import type { ValidatedQuery } from '../../../src/validate/validated-query.js';
import type { Attribute } from '../../../src/schema/types.js';
import { openDuckdb } from '../../support/duckdb.js';
import { mariadbAvailable } from '../../support/mariadb-server.js';
import { openPglite } from '../../support/pglite.js';
import type { SqlTestEngine } from '../../support/sql-engine.js';
import { openSqlite } from '../../support/sqlite.js';
import { ARRAYS, arrayMapping, openMariadbServer, jsonMapping, POST_TABLES, posts, recordOfJson, selectedIds, type ArrayField, type JsonPost, type ListPost, type PostTable } from './array-column-fixtures.js';

const SEED = fc.readConfigureGlobal().seed ?? 0;

const UUIDS = ['0b5c1f5e-8d2a-4c1e-9f3b-2a6d7e8f9a0b', '7f3e2d1c-0b9a-4876-a543-210fedcba987'];

/** The values of each array's elements; texts in case variants, with LIKE's wildcards and an accent that folds alike everywhere. */
const POOLS: { readonly [A in ArrayField]: readonly (string | number | boolean)[] } = {
  tags: ['a', 'A', 'b', 'ab', 'aB', 'x_y', '50%', 'é', ''],
  scores: [-2, 0, 1, 1.5, 2, 10],
  flags: [true, false],
  reviewers: [...UUIDS, ...UUIDS.map((u) => u.toUpperCase())],
};

const typed = (array: ArrayField) => fc.constantFrom(...POOLS[array]);

/** A JSON element: mostly of the array's type, else of another, NULL, a nested array or an object. */
const jsonElement = (array: ArrayField): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 6, arbitrary: typed(array) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 'a', 1, -0, true, '1', [POOLS[array][0]], { v: POOLS[array][0] }) },
  );

/** Texts an application may have stored that JSON.stringify would not write. */
const RAW_TEXTS = [
  ...['not json', '[1,', "['a']", '[01]', '[.5]', '[NaN]', '[Infinity]', '[True]', ''],
  ...['[1e999, 1]', '[-1e400]', '[9007199254740993]', '[1.0, 2.50]', '[ "a" , "A" ]', '["\\u0061", "\\u00e9"]', '[true,false]'],
  ...['{"0": "a"}', '"a"', '1', 'null'],
];

/**
 * Texts with a trailing comma: JSON.parse refuses them, and so do SQLite and MariaDB, but DuckDB's
 * `json_valid` takes them and reads their elements, a declared divergence (docs/backends-sql.md).
 */
const TRAILING_COMMAS = ['[1,]', '["a", ]'];

const jsonCell = (array: ArrayField, lenient: boolean): fc.Arbitrary<string | null> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.array(jsonElement(array), { maxLength: 4 }).map((a) => JSON.stringify(a)) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_TEXTS, ...(lenient ? [] : TRAILING_COMMAS)) },
    { weight: 1, arbitrary: jsonElement(array).map((v) => JSON.stringify(v) ?? null) },
  );

const listCell = (array: ArrayField): fc.Arbitrary<unknown[] | null> =>
  fc.oneof({ weight: 6, arbitrary: fc.array(fc.oneof({ weight: 5, arbitrary: typed(array) }, { weight: 1, arbitrary: fc.constant(null) }), { maxLength: 4 }) }, { weight: 1, arbitrary: fc.constant(null) });

function postsOf<C>(cell: (array: ArrayField) => fc.Arbitrary<C>): fc.Arbitrary<({ id: string } & Record<ArrayField, C>)[]> {
  const post = fc.record(Object.fromEntries(ARRAYS.map((a) => [a, cell(a)])) as Record<ArrayField, fc.Arbitrary<C>>);
  return fc.array(post, { maxLength: 8 }).map((ps) => ps.map((p, i) => ({ id: `p${i}`, ...p })));
}

/** Each attribute and the array whose pool its query values come from; it takes the operators the schema gives it. */
const ATTRIBUTES: readonly (readonly [string, ArrayField])[] = [
  ['tags', 'tags'],
  ['tags_ci', 'tags'],
  ['scores', 'scores'],
  ['flags', 'flags'],
  ['reviewer_ids', 'reviewers'],
];

const written = (v: string | number | boolean) => (typeof v === 'string' ? JSON.stringify(v) : String(v));

const comparison: fc.Arbitrary<string> = fc
  .constantFrom(...ATTRIBUTES)
  .chain(([name, array]) =>
    fc.tuple(fc.constantFrom(...(posts.entities['post']!.attributes as Readonly<Record<string, Attribute>>)[name]!.operators), fc.array(typed(array), { minLength: 1, maxLength: 3 })).map(([op, values]) => {
      const list = op === 'IN' || op === 'NOT_IN';
      // LIKE and the place tests take a non-empty text.
      const value = op.includes('LIKE') || op.endsWith('_WITH') ? written(String(values[0]) || 'a') : written(values[0]!);
      return `post.${name} ${op} ${list ? values.map(written).join(',') : value}`;
    }),
  );

const query: fc.Arbitrary<string> = fc.oneof(
  comparison,
  comparison.map((c) => `NOT (${c})`),
  fc.tuple(comparison, comparison, fc.constantFrom('AND', 'OR')).map(([a, b, op]) => `${a} ${op} ${b}`),
);

/** Each engine that holds the form, its mapping, and the posts of that form. */
interface Engine {
  readonly name: string;
  open(): Promise<SqlTestEngine>;
  readonly table: PostTable;
  readonly mapping: SqlMapping;
  readonly posts: fc.Arbitrary<(JsonPost | ListPost)[]>;
  readonly record: (post: JsonPost | ListPost) => Record<string, unknown>;
}

const jsonPosts = postsOf((a) => jsonCell(a, false)) as fc.Arbitrary<JsonPost[]>;
const lenientJsonPosts = postsOf((a) => jsonCell(a, true)) as fc.Arbitrary<JsonPost[]>;
const listPosts = postsOf(listCell) as fc.Arbitrary<ListPost[]>;
const asRecord = (post: JsonPost | ListPost) => post as unknown as Record<string, unknown>;

const ENGINES: readonly Engine[] = [
  { name: 'SQLite (JSON text)', open: () => openSqlite(), table: POST_TABLES.sqlite, mapping: jsonMapping, posts: jsonPosts, record: (p) => recordOfJson(p as JsonPost) },
  { name: 'PGlite (PostgreSQL arrays)', open: () => openPglite(), table: POST_TABLES.postgres, mapping: arrayMapping, posts: listPosts, record: asRecord },
  { name: 'DuckDB (lists)', open: () => openDuckdb(), table: POST_TABLES.duckdb, mapping: arrayMapping, posts: listPosts, record: asRecord },
  { name: 'DuckDB (JSON text)', open: () => openDuckdb(), table: POST_TABLES.duckdbJson, mapping: jsonMapping, posts: lenientJsonPosts, record: (p) => recordOfJson(p as JsonPost) },
  ...(mariadbAvailable() ? [{ name: 'MariaDB (JSON text)', open: openMariadbServer, table: POST_TABLES.mysql, mapping: jsonMapping, posts: jsonPosts, record: (p: JsonPost | ListPost) => recordOfJson(p as JsonPost) }] : []),
];

describe.each(ENGINES)('$name agrees with memory', ({ open, table, mapping, posts: stored, record }) => {
  let engine: SqlTestEngine;
  beforeAll(async () => {
    engine = await open();
    await table.create(engine.db);
  }, 120_000);
  afterAll(() => engine?.close());

  test(`on generated posts and queries (seed ${SEED}): 0 divergences, nothing thrown`, async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(stored, fc.array(query, { minLength: 1, maxLength: 6 }), async (rows, texts) => {
        await table.load(engine.db, rows);
        const records = rows.map(record);
        for (const text of texts) {
          const q: ValidatedQuery = check(text, posts, 'post');
          const expected = filterRecords(q, records).map((r) => String(r['id'])).sort();
          const where = compileSql(q, { dialect: engine.db.dialect, mapping, caseFolding: engine.caseFolding });
          expect(await selectedIds(engine.db, where), `${text} over ${JSON.stringify(rows)}`).toEqual(expected);
          compared++;
        }
      }),
      { seed: SEED, numRuns: Number(process.env.RUNS ?? 60) },
    );
    console.info(`${engine.name}: ${compared} queries agreed with memory`);
  }, 300_000);
});

/**
 * The one case the DuckDB JSON posts leave out, pinned: DuckDB reads the elements of a text with
 * a trailing comma, which memory (JSON.parse) takes for no array. Should DuckDB refuse such text
 * one day, this fails, and TRAILING_COMMAS goes back into its generated posts.
 */
describe('DuckDB (JSON text): the declared divergence on trailing commas', () => {
  test.for(TRAILING_COMMAS)('post.scores or post.tags over %s: DuckDB finds an element, memory none', async (text) => {
    const engine = await openDuckdb();
    try {
      await POST_TABLES.duckdbJson.create(engine.db);
      const row: JsonPost = { id: 'p1', tags: text, scores: text, flags: null, reviewers: null };
      await POST_TABLES.duckdbJson.load(engine.db, [row]);
      const q = check('post.scores EQ 1 OR post.tags EQ a', posts, 'post');
      expect(filterRecords(q, [recordOfJson(row)])).toEqual([]);
      expect(await selectedIds(engine.db, compileSql(q, { dialect: 'duckdb', mapping: jsonMapping }))).toEqual(['p1']);
    } finally {
      await engine.close();
    }
  });
});
