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
import { pageStatement, type PageRequest, type PageTable } from '../../../src/http/sql-page-statement.js';
import { sqlListStore } from '../../../src/http/sql-store.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { schedulingSqlMapping as mapping } from '../../../src/models/scheduling/sql/mapping.js';
import { sqlServerLike as dialect } from './sql-server-like.js';

describe('compileSql with the SQL-Server-like dialect', () => {
  test.each<[string, 'agent' | 'scheduling_request', string, unknown[]]>([
    ['agent.role IN User,Administrator AND agent.schedulable EQ true', 'agent', '([role] IN (@p1, @p2) AND [schedulable] = @p3)', ['User', 'Administrator', 1]],
    ['agent.name LIKE ann', 'agent', "LOWER([name]) LIKE @p1 ESCAPE '\\'", ['%ann%']],
    [
      'scheduling_request.team_id EQ team_blue',
      'scheduling_request',
      "EXISTS (SELECT 1 FROM [request_resource] WHERE [request_resource].[request_id] = [scheduling_request].[id] AND [request_resource].[role] = 'resource' AND [request_resource].[type] = 'team' AND [request_resource].[id] = @p1)",
      ['team_blue'],
    ],
  ])('%s', (text, entity, sql, values) => {
    expect(compileSql(check(text, schedulingSchema, entity), { dialect, mapping })).toEqual({ text: sql, values });
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
  const table: PageTable = { dialect, from: '[agent]', key: '[id]', createdAt: '[created_at]', scope: undefined };
  const page = (start: PageRequest['start'], direction: PageRequest['direction']) =>
    pageStatement(table, { where: { text: '[role] = @p1', values: ['User'] }, select: '[agent].*', start, direction, limit: 21 });
  const columns = 'SELECT [agent].*, [id] AS [tql_key_id], [created_at] AS [tql_key_at] FROM [agent]';
  const newestFirst = 'ORDER BY [created_at] DESC, [id] COLLATE Latin1_General_BIN2 DESC';

  test('from the end of the list', () => {
    expect(page({ kind: 'end' }, 'older')).toEqual({ text: `${columns} WHERE [role] = @p1 ${newestFirst} OFFSET 0 ROWS FETCH NEXT @p2 ROWS ONLY`, values: ['User', 21] });
  });
  test('past a known sort key: the bound written out, each value bound once', () => {
    expect(page({ kind: 'key', key: { createdAt: 1_700_000_000, id: 'agnt_k' } }, 'older')).toEqual({
      text:
        `${columns} WHERE [role] = @p1 AND ([created_at] < @p3 OR ([created_at] = @p3 AND [id] COLLATE Latin1_General_BIN2 < @p4)) ` +
        `${newestFirst} OFFSET 0 ROWS FETCH NEXT @p2 ROWS ONLY`,
      values: ['User', 21, 1_700_000_000, 'agnt_k'],
    });
  });
  test('past a record named by a cursor, newer first', () => {
    const cursorAt = '(SELECT [created_at] FROM [agent] WHERE [id] = @p3)';
    const id = '[id] COLLATE Latin1_General_BIN2';
    expect(page({ kind: 'record', id: 'agnt_c' }, 'newer')).toEqual({
      text:
        `SELECT m.[tql_cursor_at], m.[tql_behind], p.* FROM (SELECT ${cursorAt} AS [tql_cursor_at], ` +
        `CASE WHEN EXISTS (SELECT 1 FROM [agent] WHERE [role] = @p1 AND ([created_at] < ${cursorAt} OR ([created_at] = ${cursorAt} AND ${id} <= @p3))) THEN 1 ELSE 0 END AS [tql_behind]) m ` +
        `LEFT JOIN (${columns} WHERE [role] = @p1 AND ([created_at] > ${cursorAt} OR ([created_at] = ${cursorAt} AND ${id} > @p3)) ` +
        `ORDER BY [created_at] ASC, ${id} ASC OFFSET 0 ROWS FETCH NEXT @p2 ROWS ONLY) p ON 1 = 1 ` +
        'ORDER BY p.[tql_key_at] ASC, p.[tql_key_id] COLLATE Latin1_General_BIN2 ASC',
      values: ['User', 21, 'agnt_c'],
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
  await store.readPage!(check('agent.role EQ User', schedulingSchema, 'agent'), undefined, 20);
  await store.keyOf('agnt_x');
  expect(statements).toEqual([
    {
      text:
        'SELECT [agent].*, [id] AS [tql_key_id], [created_at] AS [tql_key_at] FROM [agent] WHERE [tenant_id] = @p1 AND ([role] = @p2) ' +
        'ORDER BY [created_at] DESC, [id] COLLATE Latin1_General_BIN2 DESC OFFSET 0 ROWS FETCH NEXT @p3 ROWS ONLY',
      values: ['t1', 'User', 21],
    },
    { text: 'SELECT [id] AS [id], [created_at] AS [created_at] FROM [agent] WHERE [tenant_id] = @p1 AND [id] = @p2', values: ['t1', 'agnt_x'] },
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
  const required = ['title', 'indexes', 'limitRows', 'rowValues', 'conditionValue', 'columns', 'ddl', 'maxParameters', 'collections'] as const;

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
