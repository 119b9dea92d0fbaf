/**
 * A new engine is one dialect object: a SQL-Server-like one written for the test compiles filters,
 * whole SELECTs, list pages and index advice with its own placeholders, quoting and paging, and a
 * dialect object that lacks a required member is refused by name.
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { checkSqlMapping } from '../../../src/backends/sql/check-mapping.js';
import { compileSql } from '../../../src/backends/sql/compile-sql.js';
import type { AnySqlDatabase } from '../../../src/backends/sql/database.js';
import { resolveDialect, SQL_DIALECTS, type SqlDialect } from '../../../src/backends/sql/dialects.js';
import { isTqlError } from '../../../src/errors/tql-error.js';
import { indexAdvice } from '../../../src/backends/sql/index-advice.js';
import { selectSql } from '../../../src/backends/sql/select-sql.js';
import type { SqlStatement } from '../../../src/backends/sql/compile-sql.js';
import { pageStatement, type PageTable, type SqlOrder, type SqlPageRequest } from '../../../src/http/sql-page-statement.js';
import { sortColumns } from '../../../src/backends/sql/sort-sql.js';
import { keyAttribute, readSort } from '../../../src/http/list-sort.js';
import type { Entity } from '../../../src/schema/types.js';
import { sqlListStore } from '../../../src/http/sql-store.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { schedulingSqlMapping as mapping } from '../../../src/models/scheduling/sql/mapping.js';
import { sqlServerLike } from './sql-server-like.js';

/** Its exact text comparisons left out where a test pins the shape of paging, not of equality (dialect-contract.test.ts pins those). */
const { exactText: _exactText, equality: _equality, ...dialect } = sqlServerLike;

describe('compileSql with the SQL-Server-like dialect', () => {
  test.each<[string, 'agent' | 'scheduling_request', string, unknown[]]>([
    [
      'agent.role IN User,Administrator AND agent.schedulable EQ true',
      'agent',
      "((([role] = @p1 COLLATE Latin1_General_BIN2 AND LEN([role] + N'.') = LEN(@p1 COLLATE Latin1_General_BIN2 + N'.')) OR ([role] = @p2 COLLATE Latin1_General_BIN2 AND LEN([role] + N'.') = LEN(@p2 COLLATE Latin1_General_BIN2 + N'.'))) AND [schedulable] = @p3)",
      ['User', 'Administrator', 1],
    ],
    ['agent.name LIKE ann', 'agent', "LOWER([name]) LIKE @p1 ESCAPE '\\'", ['%ann%']],
    [
      'scheduling_request.team_id EQ team_blue',
      'scheduling_request',
      "EXISTS (SELECT 1 FROM [request_resource] WHERE [request_resource].[request_id] = [scheduling_request].[id] AND ([request_resource].[role] = 'resource' COLLATE Latin1_General_BIN2 AND LEN([request_resource].[role] + N'.') = LEN('resource' COLLATE Latin1_General_BIN2 + N'.')) AND ([request_resource].[type] = 'team' COLLATE Latin1_General_BIN2 AND LEN([request_resource].[type] + N'.') = LEN('team' COLLATE Latin1_General_BIN2 + N'.')) AND ([request_resource].[id] = @p1 COLLATE Latin1_General_BIN2 AND LEN([request_resource].[id] + N'.') = LEN(@p1 COLLATE Latin1_General_BIN2 + N'.')))",
      ['team_blue'],
    ],
  ])('%s', (text, entity, sql, values) => {
    expect(compileSql(check(text, schedulingSchema, entity), { dialect: sqlServerLike, mapping })).toEqual({ text: sql, values });
  });
});

test('selectSql: keyset start and OFFSET … FETCH paging', () => {
  const query = check('agent.role EQ User', schedulingSchema, 'agent');
  expect(selectSql(query, { dialect, mapping, columns: ['id', 'name'], startingAfter: 'agnt_x', limit: 50 })).toEqual({
    text: 'SELECT [id], [name] FROM [agent] WHERE [role] = @p1 AND [id] > @p2 ORDER BY [id] OFFSET 0 ROWS FETCH NEXT @p3 ROWS ONLY',
    values: ['User', 'agnt_x', 50],
  });
});

describe('list page statements, where rows do not compare as values', () => {
  const agent = schedulingSchema.entities.agent as Entity;
  const columns = sortColumns([agent.attributes.created_at!, keyAttribute(agent, undefined)], mapping.agent, dialect);
  const order: SqlOrder = { columns: 'columns' in columns ? columns.columns : [], descending: [true, true] };
  const table: PageTable = { dialect, from: '[agent]', scope: undefined };
  const page = (start: SqlPageRequest['start'], direction: SqlPageRequest['direction'], facts = false) =>
    pageStatement(table, { where: { text: '[role] = @p1', values: ['User'] }, select: '[agent].*', order, direction, start, rows: 21, facts, count: facts });
  const select = 'SELECT [agent].*, [created_at] AS [tql_s0], [id] AS [tql_s1] FROM [agent]';
  // A page joined to its facts marks its rows, to tell its empty row.
  const marked = 'SELECT [agent].*, 1 AS [tql_row], [created_at] AS [tql_s0], [id] AS [tql_s1] FROM [agent]';
  const id = '[id] COLLATE Latin1_General_BIN2';
  const newestFirst = `ORDER BY [created_at] DESC, ${id} DESC`;
  const rows = 'OFFSET 0 ROWS FETCH NEXT 21 ROWS ONLY';

  test('from the start of the list', () => {
    expect(page(undefined, 'forward')).toEqual({ text: `${select} WHERE [role] = @p1 ${newestFirst} ${rows}`, values: ['User'] });
  });
  test('past a known place: the bound written out, each value bound once', () => {
    expect(page({ kind: 'key', values: [1_700_000_000, 'agnt_k'] }, 'forward')).toEqual({
      text: `${select} WHERE [role] = @p1 AND (([created_at] < @p2 OR ([created_at] = @p2 AND ${id} < @p3 COLLATE Latin1_General_BIN2))) ${newestFirst} ${rows}`,
      values: ['User', 1_700_000_000, 'agnt_k'],
    });
  });
  test('past a record named by a cursor, backward, with the count: one statement, the id bound once', () => {
    const at = '(SELECT [created_at] FROM [agent] WHERE [id] = @p2)';
    const key = '(SELECT [id] FROM [agent] WHERE [id] = @p2)';
    expect(page({ kind: 'record', id: 'agnt_c' }, 'backward', true)).toEqual({
      text:
        `SELECT m.*, p.* FROM (SELECT (SELECT COUNT(*) FROM [agent] WHERE [role] = @p1) AS [tql_count], ${key} AS [tql_found], ` +
        `CASE WHEN EXISTS (SELECT 1 FROM [agent] WHERE [role] = @p1 AND ((([created_at] < ${at} OR ([created_at] = ${at} AND ${id} < ${key} COLLATE Latin1_General_BIN2))) OR ${id} = ${key} COLLATE Latin1_General_BIN2)) THEN 1 ELSE 0 END AS [tql_behind]) m ` +
        `LEFT JOIN (${marked} WHERE [role] = @p1 AND (([created_at] > ${at} OR ([created_at] = ${at} AND ${id} > ${key} COLLATE Latin1_General_BIN2))) ` +
        `ORDER BY [created_at] ASC, ${id} ASC ${rows}) p ON 1 = 1 ORDER BY p.[tql_s0] ASC, p.[tql_s1] COLLATE Latin1_General_BIN2 ASC`,
      values: ['User', 'agnt_c'],
    });
  });
});

/** A database of the dialect that keeps the statements it is given and returns no rows: there is no engine to run them. */
function recordingDatabase(): { db: AnySqlDatabase; statements: SqlStatement[] } {
  const statements: SqlStatement[] = [];
  const db: AnySqlDatabase = {
    dialect: dialect.name,
    sqlDialect: dialect,
    all: async (statement) => (statements.push(statement), []),
    exec: async () => undefined,
    transaction: (fn) => fn(db),
  };
  return { db, statements };
}

test('sqlListStore writes its statements in the database’s dialect', async () => {
  const { db, statements } = recordingDatabase();
  const store = sqlListStore({ db, mapping, entity: 'agent', scope: { tenant_id: 't1' } });
  const agent = schedulingSchema.entities.agent as Entity;
  const order = readSort('-created_at', agent, keyAttribute(agent, undefined));
  await store.readPage!({ query: check('agent.role EQ User', schedulingSchema, 'agent'), order, cursor: undefined, limit: 20, count: false });
  await store.keyOf('agnt_x', order);
  expect(statements).toEqual([
    {
      text:
        'SELECT [agent].*, [created_at] AS [tql_s0], [id] AS [tql_s1] FROM [agent] WHERE [tenant_id] = @p1 AND ([role] = @p2) ' +
        'ORDER BY [created_at] DESC, [id] COLLATE Latin1_General_BIN2 DESC OFFSET 0 ROWS FETCH NEXT 21 ROWS ONLY',
      values: ['t1', 'User'],
    },
    { text: 'SELECT [created_at] AS [tql_s0], [id] AS [tql_s1] FROM [agent] WHERE [tenant_id] = @p1 AND [id] = @p2', values: ['t1', 'agnt_x'] },
  ]);
});

test('index advice takes the index kinds and syntax the dialect offers', () => {
  const advice = indexAdvice(schedulingSchema, { dialect, mapping: { agent: mapping.agent } });
  expect(advice.every((s) => s.startsWith('CREATE INDEX [agent_'))).toBe(true);
  expect(advice.filter((s) => /USING|gin_trgm_ops|IF NOT EXISTS/.test(s))).toEqual([]);
  expect(advice).toContain('CREATE INDEX [agent_created_at_id_idx] ON [agent] ([created_at], [id] COLLATE Latin1_General_BIN2);');
});

describe('a dialect object lacking a required member', () => {
  /** The required members each built-in dialect has, and the test dialect too: tsc refuses a dialect object without any of them. */
  const required = ['title', 'indexes', 'limitRows', 'rowValues', 'conditionValue', 'columns', 'ddl', 'maxParameters', 'collections', 'sortKeys'] as const;

  /** The code of the error `fn` throws, and whether its message names `member`. */
  const refusal = (fn: () => unknown, member: string) => {
    try {
      fn();
    } catch (e) {
      return { code: isTqlError(e) ? e.code : e, names: String((e as Error).message).includes(`needs ${member} (`) };
    }
    return 'not refused';
  };

  test.each(required)('without %s: refused by name, as invalid_option', (member) => {
    for (const base of [dialect, ...Object.values(SQL_DIALECTS)]) {
      const lacking = { ...base, [member]: undefined } as unknown as SqlDialect;
      expect(refusal(() => resolveDialect(lacking), member)).toEqual({ code: 'invalid_option', names: true });
    }
  });

  test('an optional hook that is there must be what it is: a complement written as text is refused by name', () => {
    const wrong = { ...sqlServerLike, complement: 'NOT' } as unknown as SqlDialect;
    expect(() => resolveDialect(wrong)).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: A SQL dialect object needs complement (function); spread a built-in one ({ ...postgres, … }) to keep its members.]`);
  });

  test('the message names each member missing and what it is', () => {
    const { limitRows: _limit, rowValues: _rows, ...older } = dialect;
    expect(() => resolveDialect(older as SqlDialect)).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: A SQL dialect object needs limitRows (function), rowValues (boolean); spread a built-in one ({ ...postgres, … }) to keep its members.]`);
  });

  test('catalog may be undefined: checking a mapping is then refused', async () => {
    expect(resolveDialect(dialect)).toBe(dialect);
    const { db, statements } = recordingDatabase();
    await expect(checkSqlMapping(db, schedulingSchema, mapping)).rejects.toMatchObject({ code: 'invalid_option' });
    expect(statements).toEqual([]);
  });

  test('tsc names the member a dialect object written without it lacks', () => {
    const { limitRows: _limit, ...rest } = dialect;
    // @ts-expect-error limitRows is required: every dialect says how it keeps the first rows.
    const lacking: SqlDialect = rest;
    expect(lacking.limitRows).toBeUndefined();
  });
});
