/**
 * docs/backends-sql.md shows SQL: each `sql postgres` / `sql sqlite` / `sql mysql` / `sql duckdb` block must be exactly what
 * the `tql` block before it compiles to with `schedulingSqlMapping`.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compileSql } from '../../../src/backends/sql/compile-sql.js';
import type { SqlDialectName } from '../../../src/backends/sql/dialects.js';
import { schedulingSchema, type SchedulingEntityName } from '../../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';
import { codeBlocks } from '../../docs/markdown-examples.js';

const page = readFileSync(new URL('../../../docs/backends-sql.md', import.meta.url), 'utf8');

/** Each SQL block with the TQL block it belongs to. */
const examples = codeBlocks(page).flatMap((block, i, blocks) => {
  if (block.lang !== 'sql') return [];
  const tql = blocks.slice(0, i).reverse().find((b) => b.lang === 'tql');
  if (tql === undefined) throw new Error(`docs/backends-sql.md:${block.line}: an sql block needs a tql block before it`);
  const dialect = block.attributes[0] as SqlDialectName;
  return [{ tql: tql.body, dialect, sql: block.body, title: `${dialect}: ${tql.body}` }];
});

test('the page has examples in every dialect', () => {
  expect(new Set(examples.map((e) => e.dialect))).toEqual(new Set(['postgres', 'sqlite', 'mysql', 'duckdb']));
});

test.for(examples)('$title', ({ tql, dialect, sql }) => {
  const entity = /^([a-z_]+)\./.exec(tql)![1] as SchedulingEntityName;
  const query = check(tql, schedulingSchema, entity);
  expect(compileSql(query, { dialect, mapping: schedulingSqlMapping }).text).toBe(sql);
});
