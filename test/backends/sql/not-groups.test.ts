/**
 * `NOT ( … )` in SQL: the complement written so that SQL's three-valued logic cannot drop a row.
 * A positive comparison is NULL on a NULL column, so the group is wrapped in
 * `COALESCE(…, FALSE)` before it is negated; the contract cases and the complement law
 * (test/properties/complement-law.test.ts) run it on the engines.
 */
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compileSql } from '../../../src/backends/sql/compile-sql.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';

const sql = (text: string, dialect: 'postgres' | 'sqlite' | 'mysql' | 'duckdb' = 'postgres') =>
  compileSql(check(text, schedulingSchema, 'agent'), { dialect, mapping: schedulingSqlMapping });

describe('the SQL of a NOT group', () => {
  test.for([
    ['NOT (agent.url_slug EQ ada)', 'NOT COALESCE("url_slug" = $1, FALSE)'],
    ['NOT (agent.name LIKE jo OR agent.schedulable EQ true)', `NOT COALESCE((lower("name") LIKE $1 ESCAPE E'\\\\' OR "schedulable" = $2), FALSE)`],
    ['NOT (NOT (agent.url_slug EQ ada))', 'NOT COALESCE(NOT COALESCE("url_slug" = $1, FALSE), FALSE)'],
    ['agent.role EQ User AND NOT (agent.url_slug NOT_EQ ada)', '("role" = $1 AND NOT COALESCE(("url_slug" IS NULL OR "url_slug" <> $2), FALSE))'],
  ] as const)('%s → %s', ([text, expected]) => {
    expect(sql(text).text).toBe(expected);
  });

  test('every dialect writes the same complement, around its own comparison', () => {
    expect(['sqlite', 'mysql', 'duckdb'].map((d) => sql('NOT (agent.url_slug EQ ada)', d as 'sqlite').text)).toEqual([
      'NOT COALESCE("url_slug" = ?, FALSE)',
      'NOT COALESCE(`url_slug` = CAST(? AS BINARY), FALSE)',
      'NOT COALESCE("url_slug" = $1, FALSE)',
    ]);
  });
});

describe('why the COALESCE: a bare NOT drops the NULL rows', () => {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE agents (id TEXT, url_slug TEXT); INSERT INTO agents VALUES ('a', 'ada'), ('b', 'bob'), ('n', NULL);`);
  const ids = (where: string, values: unknown[]) => (db.prepare(`SELECT id FROM agents WHERE ${where} ORDER BY id`).all(...values) as { id: string }[]).map((r) => r.id);

  test('NOT (url_slug EQ ada) keeps the row without a slug; plain NOT (x = ?) would not', () => {
    const { text, values } = sql('NOT (agent.url_slug EQ ada)', 'sqlite');
    expect(ids(text, values)).toEqual(['b', 'n']);
    expect(ids('NOT ("url_slug" = ?)', values)).toEqual(['b']);
  });
});
