/**
 * `tableAlias`: the condition over a table that the FROM names otherwise (`FROM "agent" AS "a"`,
 * as query builders write it). Every column of the entity is qualified by the alias, so a join
 * cannot make one ambiguous, and collection subqueries refer to the owning key through it.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compileScope, compileSql, type CompileSqlOptions } from '../../../src/backends/sql/compile-sql.js';
import { sqlDatabase, type SqlDatabase } from '../../../src/backends/sql/database.js';
import { selectSql } from '../../../src/backends/sql/select-sql.js';
import { createSchedulingTables, loadSchedulingData } from '../../../src/models/scheduling/sql/load.js';
import { schedulingSchema, type SchedulingEntityName } from '../../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';
import { describeBackendContract } from '../contract/cases.js';
import { sortedIds } from '../../support/ids.js';
import { CONTRACT_INPUT, engineDivergences } from './engines.js';

const mapping = schedulingSqlMapping;

describe('the condition under tableAlias', () => {
  test.for<[string, SchedulingEntityName, CompileSqlOptions['dialect'], string]>([
    ['agent.name LIKE ada AND agent.url_slug NOT_EQ ada', 'agent', 'postgres', `(lower("a"."name") LIKE $1 ESCAPE E'\\\\' AND ("a"."url_slug" IS NULL OR "a"."url_slug" <> $2))`],
    ['agent.name LIKE ada', 'agent', 'mysql', "LOWER(`a`.`name`) COLLATE utf8mb4_bin LIKE ? ESCAPE '!'"],
    [
      'scheduling_request.team_id EQ team_blue',
      'scheduling_request',
      'sqlite',
      `"a"."id" IN (SELECT "request_resource"."request_id" FROM "request_resource" WHERE "request_resource"."role" = 'resource' AND "request_resource"."type" = 'team' AND "request_resource"."id" = ?)`,
    ],
    [
      'scheduling_request.team_id NOT_EQ team_blue',
      'scheduling_request',
      'postgres',
      `NOT EXISTS (SELECT 1 FROM "request_resource" WHERE "request_resource"."request_id" = "a"."id" AND "request_resource"."role" = 'resource' AND "request_resource"."type" = 'team' AND "request_resource"."id" = $1)`,
    ],
  ])('%s on %s: %s', ([text, entity, dialect, expected]) => {
    expect(compileSql(check(text, schedulingSchema, entity), { dialect, mapping, tableAlias: 'a' }).text).toBe(expected);
  });

  test('a variant source reads its tag and fields through the alias', () => {
    const q = check('resource.internal_name EQ Ada', schedulingSchema, 'resource');
    expect(compileSql(q, { dialect: 'sqlite', mapping, tableAlias: 'a' }).text).toBe(`CASE "a"."object" WHEN 'agent' THEN "a"."name" WHEN 'team' THEN "a"."internal_name" END = ?`);
  });

  test('the scope is qualified too, outside the filter and in compileScope', () => {
    const q = check('agent.role EQ User', schedulingSchema, 'agent');
    expect(compileSql(q, { dialect: 'postgres', mapping, scope: { tenant_id: 'acme' }, tableAlias: 'a' }).text).toBe('"a"."tenant_id" = $1 AND ("a"."role" = $2)');
    expect(compileScope('agent', { dialect: 'sqlite', mapping, scope: { tenant_id: 'acme' }, tableAlias: 'a' })?.text).toBe('"a"."tenant_id" = ?');
  });

  test('selectSql names the alias in its FROM', () => {
    const q = check('agent.role EQ User', schedulingSchema, 'agent');
    expect(selectSql(q, { dialect: 'sqlite', mapping, tableAlias: 'a', limit: 5 }).text).toBe('SELECT "id" FROM "agent" AS "a" WHERE "a"."role" = ? ORDER BY "id" LIMIT ?');
  });

  test('without tableAlias nothing changes: columns stand alone, subqueries name the table', () => {
    const q = check('scheduling_request.team_id EQ team_blue', schedulingSchema, 'scheduling_request');
    expect(compileSql(q, { dialect: 'postgres', mapping }).text).toContain('= "scheduling_request"."id" AND');
  });

  test.for([[''], ['a\u0000b'], [42]] as const)('tableAlias %j is refused: it cannot be an identifier', ([alias]) => {
    const q = check('agent.role EQ User', schedulingSchema, 'agent');
    expect(() => compileSql(q, { dialect: 'sqlite', mapping, tableAlias: alias as string })).toThrow(/cannot be an SQL identifier: use a non-empty name without NUL/);
  });
});

/**
 * The whole contract under an alias, with the table joined a second time under its own name to
 * rows that never match: a column left unqualified is ambiguous (an error), an owning key
 * qualified by the table's name reads the empty copy.
 */
describe('SQLite, FROM <table> AS "r" LEFT JOIN <table> ON nothing', () => {
  let raw: Database.Database;
  let db: SqlDatabase;
  beforeAll(async () => {
    raw = new Database(':memory:');
    db = sqlDatabase(raw);
    await createSchedulingTables(db);
    await loadSchedulingData(db, CONTRACT_INPUT);
  });
  afterAll(() => raw?.close());

  describeBackendContract('sqlite under an alias', async (query, entity) => {
    const table = mapping[entity]!.table;
    const where = compileSql(query, { dialect: 'sqlite', mapping, tableAlias: 'r' });
    const text = `SELECT "r"."id" AS id FROM "${table}" AS "r" LEFT JOIN "${table}" ON "${table}"."id" IS NULL WHERE ${where.text}`;
    return sortedIds(await db.all<{ id: string }>({ text, values: where.values }));
  }, { divergences: engineDivergences('sqlite') });
});
