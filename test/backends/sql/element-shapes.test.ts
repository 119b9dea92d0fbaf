/**
 * Arrays of objects without a tag and arrays of scalars, loaded into SQL tables by the mapping of
 * element-shapes.ts (a scalar array's table: the foreign key and one value column) and queried:
 * the same ids as in memory and in MongoDB, on SQLite and PGlite.
 */
import Database from 'better-sqlite3';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { sqlTarget, type SqlTarget } from '../../../src/testing/sql-target.js';
import { POST_CASES, postMapping, postSchema, posts } from '../element-shapes.js';

const engines: [string, () => Promise<{ target: SqlTarget; close: () => Promise<void> }>][] = [
  [
    'SQLite',
    async () => {
      const db = new Database(':memory:');
      return { target: sqlTarget({ db, schema: postSchema, entity: 'post', mapping: postMapping }), close: async () => void db.close() };
    },
  ],
  [
    'PGlite',
    async () => {
      const db = await PGlite.create();
      return { target: sqlTarget({ db, schema: postSchema, entity: 'post', mapping: postMapping }), close: () => db.close() };
    },
  ],
];

describe.each(engines)('%s', (_, open) => {
  let engine: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    engine = await open();
    await engine.target.load(posts);
  });
  afterAll(async () => {
    await engine.target.drop();
    await engine.close();
  });

  test('the tables: a scalar array has the foreign key and its value column', () => {
    expect(engine.target.tables).toEqual(['post', 'post_tag', 'post_label', 'post_edit', 'comment', 'post_person']);
  });

  test.for(POST_CASES)('%s selects %j', async ([text, ids]) => {
    expect(await engine.target.run(check(text, postSchema, 'post'))).toEqual(ids);
  });
});
