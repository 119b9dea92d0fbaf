/**
 * The compile-only contract of a SQL dialect (`checkDialectContract`, `tql/backend`): every
 * contract case compiled through a dialect object and checked without an engine. The built-in
 * dialects and a SQL-Server-like one written outside src/ keep it on every case, with every
 * fragment of engine SQL written by a hook, as the marker dialect shows; a dialect that leaves a
 * hook out, or whose hook reads its arguments, fails it on the cases that reach that hook.
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { checkDialectContract, dialectStatementProblems, type DialectOutcome } from '../../../src/backends/contract/dialect-contract.js';
import { compileSql } from '../../../src/backends/sql/compile-sql.js';
import { markerDialect, placeholderNumbers, taggedFragments, untagged, untaggedText } from '../../../src/backends/sql/dialect-marker.js';
import { SQL_DIALECTS, type SqlDialect } from '../../../src/backends/sql/dialects.js';
import { schedulingContract } from '../../../src/models/scheduling/index.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { schedulingSqlMapping as mapping } from '../../../src/models/scheduling/sql/mapping.js';
import { EXACT_SQL } from '../sql/exact-sql-cases.js';
import { SQL_FIXTURES } from '../sql/exact-sql-fixtures.js';
import { sqlServerLike } from '../sql/sql-server-like.js';

const DIALECTS: readonly SqlDialect[] = [...Object.values(SQL_DIALECTS), sqlServerLike];

/** The outcomes by status, with the problems of the failed ones. */
function summary(outcomes: readonly DialectOutcome[]) {
  const count = (status: DialectOutcome['status']) => outcomes.filter((o) => o.status === status).length;
  const problems = [...new Set(outcomes.flatMap((o) => (o.status === 'failed' ? o.problems : [])))];
  return { passed: count('passed'), refused: count('refused'), failed: count('failed'), problems };
}

describe('every contract case through each dialect, checked without an engine', () => {
  test.for(DIALECTS.map((d) => [d.name, d] as const))('%s', ([, dialect]) => {
    const outcomes = checkDialectContract(dialect, schedulingContract, { mapping });
    expect(outcomes).toHaveLength(schedulingContract.cases.length);
    expect(summary(outcomes)).toEqual({ passed: schedulingContract.cases.length, refused: 0, failed: 0, problems: [] });
  });
});

describe('every exact-SQL row through each dialect keeps the compile-only promises', () => {
  const rows = EXACT_SQL.flatMap((group) => group.cases.map((row) => ({ group, query: row.query })));
  test.for(DIALECTS.map((d) => [d.name, d] as const))('%s', ([, dialect]) => {
    const problems = rows.flatMap(({ group, query }) => {
      const { schema, mapping: fixtureMapping } = SQL_FIXTURES[group.fixture];
      const checked = dialectStatementProblems(dialect, check(query, schema, group.entity as never), { mapping: fixtureMapping, caseFolding: group.caseFolding === 'unicode' && dialect.unicodeFolding === false ? undefined : group.caseFolding });
      return checked.problems.map((p) => `${query}: ${p}`);
    });
    expect(problems).toEqual([]);
  });
});

describe('the SQL-Server-like dialect, written outside src/', () => {
  test.for([
    ['agent.name LIKE "[a]"', '"[" is a wildcard of its LIKE: escaped', "LOWER([name]) LIKE @p1 ESCAPE '\\'", ['%\\[a]%']],
    ['NOT (agent.name EQ Ada)', 'its complement, without boolean values', "CASE WHEN ([name] = @p1 COLLATE Latin1_General_BIN2 AND LEN([name] + N'.') = LEN(@p1 COLLATE Latin1_General_BIN2 + N'.')) THEN 1 ELSE 0 END = 0", ['Ada']],
    ['agent.url_slug NOT_IN a,b', 'its equality, which sees both sides', "([url_slug] IS NULL OR NOT (([url_slug] = @p1 COLLATE Latin1_General_BIN2 AND LEN([url_slug] + N'.') = LEN(@p1 COLLATE Latin1_General_BIN2 + N'.')) OR ([url_slug] = @p2 COLLATE Latin1_General_BIN2 AND LEN([url_slug] + N'.') = LEN(@p2 COLLATE Latin1_General_BIN2 + N'.'))))", ['a', 'b']],
  ] as const)('%s: %s', ([query, , text, values]) => {
    expect(compileSql(check(query, schedulingSchema, 'agent'), { dialect: sqlServerLike, mapping })).toEqual({ text, values });
  });

  test('scheduling_request.psa_b_ticket_number EQ 1234: the ignored # prefix seeks stored forms; LIKE drops it by SUBSTRING', () => {
    const compiled = (query: string) => compileSql(check(query, schedulingSchema, 'scheduling_request'), { dialect: sqlServerLike, mapping });
    expect(compiled('scheduling_request.psa_b_ticket_number EQ 1234')).toMatchInlineSnapshot(`
      {
        "text": "EXISTS (SELECT 1 FROM [associated_entity] WHERE [associated_entity].[request_id] = [scheduling_request].[id] AND (([associated_entity].[type] = 'psa_b/project_ticket' COLLATE Latin1_General_BIN2 AND LEN([associated_entity].[type] + N'.') = LEN('psa_b/project_ticket' COLLATE Latin1_General_BIN2 + N'.')) OR ([associated_entity].[type] = 'psa_b/service_ticket' COLLATE Latin1_General_BIN2 AND LEN([associated_entity].[type] + N'.') = LEN('psa_b/service_ticket' COLLATE Latin1_General_BIN2 + N'.'))) AND (([associated_entity].[number] = @p1 COLLATE Latin1_General_BIN2 AND LEN([associated_entity].[number] + N'.') = LEN(@p1 COLLATE Latin1_General_BIN2 + N'.')) OR ([associated_entity].[number] = @p2 COLLATE Latin1_General_BIN2 AND LEN([associated_entity].[number] + N'.') = LEN(@p2 COLLATE Latin1_General_BIN2 + N'.'))))",
        "values": [
          "1234",
          "#1234",
        ],
      }
    `);
    expect(compiled('scheduling_request.psa_b_ticket_number LIKE 12')).toMatchInlineSnapshot(`
      {
        "text": "EXISTS (SELECT 1 FROM [associated_entity] WHERE [associated_entity].[request_id] = [scheduling_request].[id] AND (([associated_entity].[type] = 'psa_b/project_ticket' COLLATE Latin1_General_BIN2 AND LEN([associated_entity].[type] + N'.') = LEN('psa_b/project_ticket' COLLATE Latin1_General_BIN2 + N'.')) OR ([associated_entity].[type] = 'psa_b/service_ticket' COLLATE Latin1_General_BIN2 AND LEN([associated_entity].[type] + N'.') = LEN('psa_b/service_ticket' COLLATE Latin1_General_BIN2 + N'.'))) AND LOWER(CASE WHEN (SUBSTRING([associated_entity].[number], 1, 1) = '#' COLLATE Latin1_General_BIN2 AND LEN(SUBSTRING([associated_entity].[number], 1, 1) + N'.') = LEN('#' COLLATE Latin1_General_BIN2 + N'.')) THEN SUBSTRING([associated_entity].[number], 2, 2147483647) ELSE [associated_entity].[number] END) LIKE @p1 ESCAPE '\\')",
        "values": [
          "%12%",
        ],
      }
    `);
  });

  test('without its own complement, substring and equality, the marker shows what the compiler wrote for it', () => {
    const { complement: _complement, substring: _substring, equality: _equality, ...older } = sqlServerLike;
    const outcomes = checkDialectContract(older, schedulingContract, { mapping });
    expect(summary(outcomes)).toMatchInlineSnapshot(`
      {
        "failed": 22,
        "passed": 202,
        "problems": [
          "\`COALESCE\` is written outside the dialect's hooks",
          "\`FALSE\` is written outside the dialect's hooks",
          "\`substr\` is written outside the dialect's hooks",
        ],
        "refused": 0,
      }
    `);
  });
});

describe('what the compile-only contract catches', () => {
  const problems = (dialect: SqlDialect, query: string) => dialectStatementProblems(dialect, check(query, schedulingSchema, 'agent'), { mapping }).problems;

  test('a hook that reads its argument instead of writing it', () => {
    const upper: SqlDialect = { ...SQL_DIALECTS.sqlite, name: 'upper', like: (expr, pattern) => `${expr.toUpperCase()} LIKE ${pattern}` };
    expect(problems(upper, 'agent.name LIKE ada')).toMatchInlineSnapshot(`
      [
        "the statement through the marker dialect differs from the statement: a hook reads its arguments instead of only writing them",
      ]
    `);
  });

  test('a fragment written by the compiler where the dialect has no hook', () => {
    const { complement: _complement, ...plain } = SQL_DIALECTS.sqlite;
    expect(problems(plain, 'NOT (agent.name EQ Ada)')).toMatchInlineSnapshot(`
      [
        "\`COALESCE\` is written outside the dialect's hooks",
        "\`FALSE\` is written outside the dialect's hooks",
      ]
    `);
  });

  test('identifiers the dialect does not quote', () => {
    const bare: SqlDialect = { ...SQL_DIALECTS.sqlite, name: 'bare', quoteIdentifier: (name) => name };
    expect(problems(bare, 'agent.name EQ Ada')).toMatchInlineSnapshot(`
      [
        "quoteIdentifier leaves "select", "a b", "a\\"b", "a\`b", "a]b" unquoted",
      ]
    `);
  });

  test('a hook that drops the placeholder it is given: a value bound with nothing to stand for it', () => {
    const { exactText: _exact, ...rest } = SQL_DIALECTS.mysql;
    const literal: SqlDialect = { ...rest, name: 'literal', exactText: () => "'Ada'" };
    expect(problems(literal, 'agent.name EQ Ada')).toMatchInlineSnapshot(`
      [
        "0 placeholders stand for 1 bound values",
      ]
    `);
  });
});

describe('the marker dialect', () => {
  const marked = markerDialect(SQL_DIALECTS.mysql);
  test('tags what each hook wrote and leaves its arguments as they were', () => {
    const written = marked.like(`${marked.quoteIdentifier('name')}`, marked.placeholder(1), false, 'database');
    expect(untagged(written)).toBe(SQL_DIALECTS.mysql.like('`name`', '?', false, 'database'));
    expect(taggedFragments(written)).toEqual(['LOWER(', '`name`', ') COLLATE utf8mb4_bin LIKE ', '?', " ESCAPE '!'"]);
    expect(untaggedText(written).trim()).toBe('');
  });

  test('numbered placeholders carry the number of the value they bind', () => {
    const pg = markerDialect(SQL_DIALECTS.postgres);
    expect(placeholderNumbers(`${pg.placeholder(2)} = ${pg.placeholder(1)}`)).toEqual([2, 1]);
    expect(placeholderNumbers(`${marked.placeholder(1)}`)).toEqual([]);
  });
});
