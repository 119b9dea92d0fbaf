/**
 * Arrays of scalars derived as collection attributes (language rule 7: some element matches, the
 * NOT_ forms none), from zod and from JSON Schema: the derived schema answers the same in memory,
 * through mingo, and on the four SQL dialects (SQLite, PGlite, DuckDB, a MariaDB server; each array
 * in a table of its own, as sqlTarget loads it), on a table of queries and on generated ones.
 */
import fc from 'fast-check';
import * as z from 'zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { scalarArraysContract } from '../../src/backends/contract/scalar-arrays.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { compileMongo, mongoFoldingDiffers } from '../../src/backends/mongo/index.js';
import { foldingDiffers } from '../../src/backends/sql/case-folding.js';
import { schemaFromZod } from '../../src/integrations/zod.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { schemaFromJsonSchema } from '../../src/schema/from-json-schema.js';
import { assertAgreement, mongoTarget, sqlTarget, type SqlTarget } from '../../src/testing/index.js';
import { openDuckdb } from '../support/duckdb.js';
import { mariadbAvailable, openMariadb, startMariadb } from '../support/mariadb-server.js';
import { mingoIds } from '../support/mongo.js';
import { openPglite } from '../support/pglite.js';
import { onOwnServer, type SqlTestEngine } from '../support/sql-engine.js';
import { openSqlite } from '../support/sqlite.js';

const SEED = fc.readConfigureGlobal().seed ?? 0;

const Post = z.object({
  id: z.string(),
  tags: z.array(z.string()),
  levels: z.array(z.enum(['low', 'high'])).optional(),
  reviewerIds: z.array(z.uuid()),
  scores: z.array(z.number()).nullable(),
});

const derived = schemaFromZod({ post: Post });
const blog = defineSchema(derived.definition);

/** The arrays-of-scalars contract's records and cases (tql/backend): its schema is the one zod derives. */
const posts = scalarArraysContract.data.post.map((r) => ({ ...r }));
const CASES: readonly (readonly [string, readonly string[]])[] = scalarArraysContract.cases.map((c) => [c.query, c.expected]);

describe('schemaFromZod: arrays of scalars', () => {
  test('each array is the element’s attribute over the array, never nullable', () => {
    const element = (field: string) => ({ source: { kind: 'element', arrays: [field] } });
    expect(derived.definition.entities['post']!.attributes).toEqual({
      id: { type: 'String' },
      tags: { type: 'String', ...element('tags') },
      levels: { type: 'String', values: ['low', 'high'], ...element('levels') },
      reviewer_ids: { type: 'ID', id: { kind: 'uuid' }, ...element('reviewerIds') },
      scores: { type: 'Number', ...element('scores') },
    });
    expect(derived.skipped).toEqual([]);
    expect(blog).toEqual(scalarArraysContract.schema);
  });

  test.for([
    ['z.array(z.date())', z.array(z.date()), { type: 'Timestamp', storage: 'date' }],
    ['z.array(z.iso.datetime())', z.array(z.iso.datetime()), { type: 'Timestamp', storage: 'iso_text' }],
    ['z.array(z.int())', z.array(z.int()), { type: 'Number' }],
    ['z.array(z.boolean()).default([])', z.array(z.boolean()).default([]), { type: 'Boolean' }],
    ['z.array(z.string().nullable())', z.array(z.string().nullable()), { type: 'String' }],
  ] as const)('%s', ([, array, attribute]) => {
    const { definition } = schemaFromZod({ post: z.object({ p: array }) });
    expect(definition.entities['post']!.attributes['p']).toEqual({ ...attribute, source: { kind: 'element', arrays: ['p'] } });
  });

  test.for([
    ['z.array(z.object({ … }))', z.array(z.object({ body: z.string() })), 'an array of objects: describe it in a tql schema with an element source whose value names the field to filter by'],
    ['z.array(z.array(z.string()))', z.array(z.array(z.string())), 'an array of arrays: tql reads one level of arrays'],
    ['z.array(z.bigint())', z.array(z.bigint()), 'an array whose elements cannot be filtered: its type is bigint, which no tql type compares as'],
  ] as const)('%s is skipped with the reason', ([, array, reason]) => {
    expect(schemaFromZod({ post: z.object({ p: array }) }).skipped).toEqual([{ path: 'post.p', reason }]);
  });
});

describe('the derived schema in memory and through mingo', () => {
  test.for(CASES)('%s selects %j', ([text, ids]) => {
    const query = check(text, blog, 'post');
    expect(filterRecords(query, posts).map((p) => p.id)).toEqual(ids);
    expect(mingoIds(compileMongo(query), posts)).toEqual(ids);
  });

  test(`generated queries and records agree with mingo (seed ${SEED})`, async () => {
    await assertAgreement({ schema: blog, entity: 'post', ...mongoTarget(), runs: 40, seed: SEED, declared: mongoFoldingDiffers });
  });
});

/** The four SQL dialects: SQLite, PGlite, DuckDB in process, and a MariaDB server where one can be started. */
const ENGINES: readonly (readonly [string, () => Promise<SqlTestEngine>])[] = [
  ['SQLite', () => openSqlite()],
  ['PGlite', () => openPglite()],
  ['DuckDB', () => openDuckdb()],
  ...(mariadbAvailable() ? [['MariaDB', () => onOwnServer(startMariadb, openMariadb)] as const] : []),
];

describe.each(ENGINES)('the derived schema on %s: each array in a table of its own', (_, open) => {
  let engine: SqlTestEngine;
  let target: SqlTarget;
  beforeAll(async () => {
    engine = await open();
    target = sqlTarget({ db: engine.db, schema: blog, entity: 'post', caseFolding: engine.caseFolding });
    await target.load(posts);
  }, 120_000);
  afterAll(async () => {
    await target?.drop();
    await engine?.close();
  });

  test.for(CASES)('%s selects %j', async ([text, ids]) => {
    expect(await target.run(check(text, blog, 'post'))).toEqual(ids);
  });

  // LIKE folds as the engine measures it folding, over every code point: that difference is declared, never a failure.
  test(`generated queries and records agree with memory (seed ${SEED})`, async () => {
    const folding = await engine.folding();
    await assertAgreement({ schema: blog, entity: 'post', ...target, runs: 25, seed: SEED, declared: (n, h, place) => foldingDiffers(folding, n, h, place) });
  }, 120_000);
});

describe('schemaFromJsonSchema: arrays of scalars', () => {
  test('an OpenAPI document’s array of texts filters its records', () => {
    const { definition, skipped } = schemaFromJsonSchema({
      components: {
        schemas: {
          Label: { type: 'string', enum: ['bug', 'docs'] },
          Issue: {
            type: 'object',
            required: ['id'],
            properties: { id: { type: 'integer' }, labels: { type: 'array', items: { $ref: '#/components/schemas/Label' } }, assigneeIds: { type: 'array', items: { type: 'integer' } } },
          },
        },
      },
    });
    expect(skipped).toEqual([]);
    const issues = defineSchema(definition);
    const records = [{ id: 1, labels: ['bug'], assigneeIds: [7, 8] }, { id: 2, labels: ['docs'] }, { id: 3 }];
    const ids = (text: string) => filterRecords(check(text, issues, 'issue'), records).map((r) => r.id);
    expect([ids('issue.labels EQ bug'), ids('issue.labels NOT_EQ bug'), ids('issue.assignee_ids EQ 8'), ids('issue.assignee_ids NOT_EQ 7')]).toEqual([[1], [2, 3], [1], [2, 3]]);
  });
});
