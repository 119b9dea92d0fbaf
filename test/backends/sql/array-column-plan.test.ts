/**
 * The plan of EQ and IN on a PostgreSQL text array held in a column: with the GIN index that
 * `indexAdvice` proposes, 20,000 posts and ANALYZE after loading, `tags EQ x` and `tags IN x,y`
 * are answered through the index (a Bitmap Index Scan), not by reading every row, on a
 * throwaway PostgreSQL server where one can be started and on PGlite.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compileSql } from '../../../src/backends/sql/compile-sql.js';
import { indexAdvice } from '../../../src/backends/sql/index-advice.js';
import { openPglite } from '../../support/pglite.js';
import { openPostgres, postgresAvailable, startPostgres } from '../../support/postgres-server.js';
import { onOwnServer, type SqlTestEngine } from '../../support/sql-engine.js';
import { arrayMapping, POST_TABLES, posts, selectedIds, type ListPost } from './array-column-fixtures.js';

const POSTS = 20_000;

/** Posts with two tags each out of 2,000, so that one tag is on about 20 posts. */
const rows: ListPost[] = Array.from({ length: POSTS }, (_, i) => ({
  id: `p${i}`,
  tags: [`t${i % 2_000}`, `t${(i * 7) % 2_000}`],
  scores: [i % 100],
  flags: [i % 2 === 0],
  reviewers: null,
}));

const ENGINES: readonly (readonly [string, () => Promise<SqlTestEngine>])[] = [
  ['PGlite', () => openPglite()],
  ...(postgresAvailable() ? [['a PostgreSQL server', () => onOwnServer(startPostgres, (server) => openPostgres(server))] as const] : []),
];

describe.each(ENGINES)('%s: a GIN index serves EQ and IN on a text array', (_, open) => {
  let engine: SqlTestEngine;
  beforeAll(async () => {
    engine = await open();
    await POST_TABLES.postgres.create(engine.db);
    await POST_TABLES.postgres.load(engine.db, rows);
    for (const statement of indexAdvice(posts, { dialect: 'postgres', mapping: arrayMapping, trigram: false })) await engine.db.exec(statement);
    await engine.db.exec('ANALYZE post');
  }, 180_000);
  afterAll(() => engine?.close());

  test.for([
    ['post.tags EQ t17', ['t17']],
    ['post.tags IN t17,t18', ['t17', 't18']],
  ] as const)('%s reads the index post_tags_gin_idx', async ([text, tags]) => {
    const where = compileSql(check(text, posts, 'post'), { dialect: 'postgres', mapping: arrayMapping });
    const plan = (await engine.db.all<{ 'QUERY PLAN': string }>({ text: `EXPLAIN SELECT "id" FROM "post" WHERE ${where.text}`, values: [...where.values] })).map((r) => r['QUERY PLAN']);
    expect(plan.join('\n')).toMatch(/Bitmap Index Scan on post_tags_gin_idx/);
    expect(plan.join('\n')).not.toMatch(/Seq Scan on post/);
    const holding = rows.filter((r) => r.tags!.some((t) => (tags as readonly unknown[]).includes(t))).map((r) => r.id);
    expect(await selectedIds(engine.db, where)).toEqual(holding.sort());
  });
});
