/**
 * Arrays held in a column of the row (a mapping's `{ column, holds }` collection), language rule
 * 7: a comparison matches a post with some element that passes it, the NOT_ forms one with none.
 * An element of another type, a NULL element, and a stored value that is no array (NULL, text
 * that is not JSON, a JSON object or scalar, an array of arrays) are no value. Each table below is
 * what memory selects from the same records, and what each engine selects from its column.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { compileSql } from '../../../src/backends/sql/compile-sql.js';
import { defineSqlMapping } from '../../../src/backends/sql/define-mapping.js';
import { indexAdvice } from '../../../src/backends/sql/index-advice.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import { openDuckdb } from '../../support/duckdb.js';
import { mariadbAvailable } from '../../support/mariadb-server.js';
import { openPglite } from '../../support/pglite.js';
import type { SqlTestEngine } from '../../support/sql-engine.js';
import { openSqlite } from '../../support/sqlite.js';
import { arrayMapping, jsonMapping, openMariadbServer, POST_TABLES, posts, recordOfJson, selectedIds, type JsonPost, type ListPost } from './array-column-fixtures.js';

const UUID = '0b5c1f5e-8d2a-4c1e-9f3b-2a6d7e8f9a0b';
const none = { scores: null, flags: null, reviewers: null };

/** JSON texts as an application may have stored them. */
const JSON_POSTS: readonly JsonPost[] = [
  { id: 'p1', tags: '["urgent", "vip"]', scores: '[4.5, 2]', flags: '[true]', reviewers: `["${UUID}"]` },
  { id: 'p2', tags: '["Urgent", 5, null]', scores: '["4.5", null, 1e999]', flags: '[1, "true"]', reviewers: `["${UUID.toUpperCase()}"]` },
  { id: 'p3', tags: '[]', scores: '[]', flags: '[]', reviewers: '[]' },
  { id: 'p4', ...none, tags: null },
  { id: 'p5', ...none, tags: 'urgent' },
  { id: 'p6', ...none, tags: '{"0": "urgent"}' },
  { id: 'p7', ...none, tags: '"urgent"' },
  { id: 'p8', ...none, tags: '[["urgent"]]' },
  { id: 'p9', tags: '["vip", "vip"]', scores: '[10, 9007199254740993]', flags: '[false, false]', reviewers: null },
];

/** Query → the ids it selects from {@link JSON_POSTS}. */
const JSON_CASES: readonly (readonly [string, readonly string[]])[] = [
  ['post.tags EQ urgent', ['p1']],
  ['post.tags NOT_EQ urgent', ['p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9']],
  ['post.tags IN vip,urgent', ['p1', 'p9']],
  ['post.tags NOT_IN vip', ['p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']],
  ['post.tags_ci EQ URGENT', ['p1', 'p2']],
  ['post.tags LIKE URG', ['p1', 'p2']],
  ['post.tags NOT_LIKE urg', ['p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9']],
  ['post.tags STARTS_WITH v', ['p1', 'p9']],
  ['post.scores GT 4', ['p1', 'p9']],
  ['post.scores LTE 2', ['p1']],
  ['post.scores EQ 9007199254740992', ['p9']],
  ['post.scores NOT_IN 2,10', ['p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']],
  ['post.flags EQ true', ['p1']],
  ['post.flags NOT_EQ false', ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']],
  [`post.reviewer_ids EQ ${UUID}`, ['p1', 'p2']],
  ['NOT (post.tags EQ vip)', ['p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']],
  ['post.tags EQ vip AND post.scores EQ 10', ['p9']],
];

/** Lists as an engine's array type holds them: NULL elements, duplicates, case variants. */
const LIST_POSTS: readonly ListPost[] = [
  { id: 'p1', tags: ['urgent', 'vip'], scores: [4.5, 2], flags: [true], reviewers: [UUID] },
  { id: 'p2', tags: ['Urgent', null], scores: [null, -0], flags: [null], reviewers: [UUID.toUpperCase(), null] },
  { id: 'p3', tags: [], scores: [], flags: [], reviewers: [] },
  { id: 'p4', tags: null, scores: null, flags: null, reviewers: null },
  { id: 'p9', tags: ['vip', 'vip'], scores: [10, 10], flags: [false, false], reviewers: [] },
];

/** Query → the ids it selects from {@link LIST_POSTS}. */
const LIST_CASES: readonly (readonly [string, readonly string[]])[] = [
  ['post.tags EQ urgent', ['p1']],
  ['post.tags NOT_EQ urgent', ['p2', 'p3', 'p4', 'p9']],
  ['post.tags IN vip,urgent', ['p1', 'p9']],
  ['post.tags NOT_IN vip', ['p2', 'p3', 'p4']],
  ['post.tags_ci EQ URGENT', ['p1', 'p2']],
  ['post.tags_ci NOT_IN urgent', ['p3', 'p4', 'p9']],
  ['post.tags LIKE URG', ['p1', 'p2']],
  ['post.tags ENDS_WITH ip', ['p1', 'p9']],
  ['post.scores EQ 0', ['p2']],
  ['post.scores GTE 10', ['p9']],
  ['post.scores NOT_EQ 2', ['p2', 'p3', 'p4', 'p9']],
  ['post.flags EQ false', ['p9']],
  ['post.flags NOT_EQ true', ['p2', 'p3', 'p4', 'p9']],
  [`post.reviewer_ids EQ ${UUID}`, ['p1', 'p2']],
  [`post.reviewer_ids NOT_EQ ${UUID}`, ['p3', 'p4', 'p9']],
  ['NOT (post.tags IN urgent,vip)', ['p2', 'p3', 'p4']],
];

const ids = (records: readonly Record<string, unknown>[]) => records.map((r) => String(r['id'])).sort();

describe('in memory, the records these columns hold', () => {
  test.for(JSON_CASES)('JSON texts: %s selects %j', ([text, expected]) => {
    expect(ids(filterRecords(check(text, posts, 'post'), JSON_POSTS.map(recordOfJson)))).toEqual(expected);
  });
  test.for(LIST_CASES)('lists: %s selects %j', ([text, expected]) => {
    expect(ids(filterRecords(check(text, posts, 'post'), LIST_POSTS))).toEqual(expected);
  });
});

/** Each engine, the mapping of its form, its table, and the examples of that form. */
const ENGINES = [
  { name: 'SQLite: JSON text', open: () => openSqlite(), mapping: jsonMapping, table: POST_TABLES.sqlite, rows: JSON_POSTS, cases: JSON_CASES },
  { name: 'PGlite: PostgreSQL arrays', open: () => openPglite(), mapping: arrayMapping, table: POST_TABLES.postgres, rows: LIST_POSTS, cases: LIST_CASES },
  { name: 'DuckDB: lists', open: () => openDuckdb(), mapping: arrayMapping, table: POST_TABLES.duckdb, rows: LIST_POSTS, cases: LIST_CASES },
  { name: 'DuckDB: JSON text', open: () => openDuckdb(), mapping: jsonMapping, table: POST_TABLES.duckdbJson, rows: JSON_POSTS, cases: JSON_CASES },
  ...(mariadbAvailable() ? [{ name: 'MariaDB: JSON text', open: openMariadbServer, mapping: jsonMapping, table: POST_TABLES.mysql, rows: JSON_POSTS, cases: JSON_CASES }] : []),
];

describe.each(ENGINES)('$name', ({ open, mapping, table, rows, cases }) => {
  let engine: SqlTestEngine;
  beforeAll(async () => {
    engine = await open();
    await table.create(engine.db);
    await table.load(engine.db, rows);
  }, 120_000);
  afterAll(() => engine?.close());

  test.for(cases)('%s selects %j', async ([text, expected]) => {
    const where = compileSql(check(text, posts, 'post'), { dialect: engine.db.dialect, mapping, caseFolding: engine.caseFolding });
    expect(await selectedIds(engine.db, where)).toEqual(expected);
  });
});

describe('the SQL of an array column', () => {
  const sql = (text: string, dialect: 'postgres' | 'sqlite' | 'duckdb' | 'mysql', mapping = dialect === 'postgres' || dialect === 'duckdb' ? arrayMapping : jsonMapping) => compileSql(check(text, posts, 'post'), { dialect, mapping });

  test('post.tags EQ urgent on PostgreSQL asks the whole array, as a GIN index on it serves', () => {
    expect(sql('post.tags EQ urgent', 'postgres')).toEqual({ text: '(array_ndims("post"."tags") = 1 AND "post"."tags" @> ARRAY[$1])', values: ['urgent'] });
    expect(sql('post.tags IN urgent,vip', 'postgres').text).toBe('(array_ndims("post"."tags") = 1 AND "post"."tags" && ARRAY[$1, $2])');
  });

  test('post.tags NOT_EQ urgent on PostgreSQL: no element equal', () => {
    expect(sql('post.tags NOT_EQ urgent', 'postgres').text).toBe('NOT EXISTS (SELECT 1 FROM unnest("post"."tags") AS "tql_element"("v") WHERE array_ndims("post"."tags") = 1 AND "tql_element"."v" = $1)');
  });

  test('post.tags_ci EQ URGENT compares each element lower-cased', () => {
    expect(sql('post.tags_ci EQ URGENT', 'postgres').text).toBe('EXISTS (SELECT 1 FROM unnest("post"."tags") AS "tql_element"("v") WHERE array_ndims("post"."tags") = 1 AND lower("tql_element"."v") = $1)');
  });

  test('post.scores GT 4 on SQLite reads the JSON numbers of a valid JSON array only', () => {
    expect(sql('post.scores GT 4', 'sqlite').text).toMatchInlineSnapshot(
      `"EXISTS (SELECT 1 FROM json_each(CASE WHEN typeof("post"."scores") = 'text' AND json_valid("post"."scores") THEN CASE WHEN json_type("post"."scores") = 'array' THEN "post"."scores" END END) AS "tql_element" WHERE "tql_element"."type" IN ('integer', 'real') AND abs("tql_element"."value") <= 1.7976931348623157e308 AND CAST("tql_element"."value" AS REAL) > ?)"`,
    );
  });

  test('post.tags LIKE urg on MySQL/MariaDB reads the JSON strings of a valid JSON array through JSON_TABLE', () => {
    expect(sql('post.tags LIKE urg', 'mysql').text).toMatchInlineSnapshot(`"EXISTS (SELECT 1 FROM JSON_TABLE(CASE WHEN JSON_VALID(\`post\`.\`tags\`) THEN CASE WHEN JSON_TYPE(\`post\`.\`tags\`) = 'ARRAY' THEN \`post\`.\`tags\` END END, '$[*]' COLUMNS (j JSON PATH '$')) AS \`tql_element\` WHERE JSON_TYPE(\`tql_element\`.j) IN ('STRING') AND LOWER(JSON_UNQUOTE(\`tql_element\`.j)) COLLATE utf8mb4_bin LIKE ? ESCAPE '!')"`);
  });

  test('under a table alias, the column is the aliased row’s', () => {
    const where = compileSql(check('post.tags LIKE x', posts, 'post'), { dialect: 'duckdb', mapping: arrayMapping, tableAlias: 'p' });
    expect(where.text).toBe(`EXISTS (SELECT 1 FROM unnest("p"."tags") AS "tql_element"("v") WHERE lower("tql_element"."v") LIKE $1 ESCAPE '\\')`);
  });

  test('a scope bounds the row, and the array is the row’s own: no scope inside the subquery', () => {
    const where = compileSql(check('post.tags NOT_EQ urgent', posts, 'post'), { dialect: 'postgres', mapping: arrayMapping, scope: { tenant_id: 'acme' } });
    expect(where).toEqual({
      text: '"tenant_id" = $1 AND (NOT EXISTS (SELECT 1 FROM unnest("post"."tags") AS "tql_element"("v") WHERE array_ndims("post"."tags") = 1 AND "tql_element"."v" = $2))',
      values: ['acme', 'urgent'],
    });
  });

  test('a form the dialect cannot read is refused when a comparison needs it', () => {
    expect(() => sql('post.tags EQ urgent', 'postgres', jsonMapping)).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:1 unsupported: post.tags cannot be compared on postgres: the column tags holds the array as json, which tql does not read there; hold it as array, or in a table of its own.
        post.tags EQ urgent
        ^^^^^^^^^^^^^^^^^^^]
    `);
    expect(() => sql('post.tags EQ urgent', 'sqlite', arrayMapping)).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:1 unsupported: post.tags cannot be compared on sqlite: the column tags holds the array as array, which tql does not read there; hold it as json, or in a table of its own.
        post.tags EQ urgent
        ^^^^^^^^^^^^^^^^^^^]
    `);
  });

  test('index advice: a GIN index on a PostgreSQL text array, none for arrays read element by element', () => {
    expect(indexAdvice(posts, { dialect: 'postgres', mapping: arrayMapping, trigram: false })).toEqual([
      'CREATE INDEX IF NOT EXISTS "post_id_idx" ON "post" USING hash ("id");',
      'CREATE INDEX IF NOT EXISTS "post_tags_gin_idx" ON "post" USING gin ("tags");',
    ]);
    expect(indexAdvice(posts, { dialect: 'sqlite', mapping: jsonMapping }).filter((s) => s.includes('tags'))).toEqual([]);
  });
});

describe('defineSqlMapping: an array column', () => {
  const define = (collections: unknown) => () => defineSqlMapping(posts, { post: { table: 'post', key: 'id', collections } } as never);

  test.for([
    ['holds missing', { tags: { column: 'tags' } }],
    ['holds of another form', { tags: { column: 'tags', holds: 'csv' } }],
    ['a table entry beside the column', { tags: { column: 'tags', holds: 'array', table: 'post_tag', foreignKey: 'post_id' } }],
    ['an empty column name', { tags: { column: '', holds: 'json' } }],
    ['a storage that does not fit the elements', { tags: { column: 'tags', holds: 'array', storage: 'uuid' } }],
  ] as const)('%s is refused, saying what to fix', ([, collections]) => {
    expect(define({ ...Object.fromEntries(['scores', 'flags', 'reviewers'].map((a) => [a, { column: a, holds: 'json' }])), ...collections })).toThrowErrorMatchingSnapshot();
  });

  test('an array of instants, or one read by a field of each element, stays in a table of its own', () => {
    const events = defineSchema({
      entities: {
        event: {
          attributes: {
            seen_at: { type: 'Timestamp', source: { kind: 'element', arrays: ['seen'] } },
            author: { type: 'String', source: { kind: 'element', arrays: ['comments'], value: 'author' } },
          },
        },
      },
    });
    const collections = { seen: { column: 'seen', holds: 'array' }, comments: { column: 'comments', holds: 'json' } };
    expect(() => defineSqlMapping(events, { event: { table: 'event', key: 'id', collections } } as never)).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: invalid_mapping: Invalid SQL mapping: event.collections.seen: event.seen_at: an array column of instants is not read; hold the instants in a table of their own.
      invalid_mapping: Invalid SQL mapping: event.collections.comments: event.author reads a field of each element (an array of objects), and a column holds an array of scalars; hold the elements in a table of their own.]
    `);
  });
});
