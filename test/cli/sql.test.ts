/** `tql sql`: the SQL backend's output for the reference tables, as text or JSON. */
import { describe, expect, test } from 'vitest';
import { tql } from './capture.js';

describe('tql sql', () => {
  test.for<[string[], string]>([
    [['agent.name~LIKE~john'], `lower("name") LIKE $1 ESCAPE E'\\\\'\n-- values: ["%john%"]\n`],
    [['agent.name~LIKE~john', '--dialect', 'sqlite'], `"name" LIKE ? ESCAPE '\\'\n-- values: ["%john%"]\n`],
    [['agent.schedulable EQ true', '-d', 'sqlite'], `"schedulable" = ?\n-- values: [1]\n`],
    [['scheduling_request.status IN new,sent'], `"status" IN ($1, $2)\n-- values: ["new","sent"]\n`],
    [['agent.name LIKE john', '--case-folding', 'unicode'], `lower("name" COLLATE "und-x-icu") LIKE $1 ESCAPE E'\\\\'\n-- values: ["%john%"]\n`],
    [['agent.name LIKE 100%!', '--dialect', 'mysql'], "LOWER(`name`) COLLATE utf8mb4_bin LIKE ? ESCAPE '!'\n-- values: [\"%100!%!!%\"]\n"],
    [['agent.name IN Ada,Bo', '-d', 'mysql'], '`name` IN (CAST(? AS BINARY), CAST(? AS BINARY))\n-- values: ["Ada","Bo"]\n'],
    [['agent.name LIKE john', '--dialect', 'duckdb'], `lower("name") LIKE $1 ESCAPE '\\'\n-- values: ["%john%"]\n`],
  ])('%j', async ([args, expected]) => {
    const r = await tql(['sql', ...args]);
    expect(r).toEqual({ code: 0, stdout: expected, stderr: '' });
  });

  test('agent.created_at GTE 2023-07-01 --select --limit 20 --json', async () => {
    const r = await tql(['sql', 'agent.created_at GTE 2023-07-01', '--select', '--limit', '20', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      dialect: 'postgres',
      text: 'SELECT * FROM "agent" WHERE ("created_at" >= $1::bigint) ORDER BY "id" LIMIT $2',
      values: [1688169600, 20],
    });
  });

  test('scheduling_request.team_id EQ team_blue (a collection: key IN (SELECT …) over the element table on SQLite)', async () => {
    const r = await tql(['sql', 'scheduling_request.team_id EQ team_blue', '--dialect', 'sqlite']);
    expect(r.stdout).toMatchInlineSnapshot(`
      ""scheduling_request"."id" IN (SELECT "request_resource"."request_id" FROM "request_resource" WHERE "request_resource"."role" = 'resource' AND "request_resource"."type" = 'team' AND "request_resource"."id" = ?)
      -- values: ["team_blue"]
      "
    `);
  });

  test.for<[string[], number, string]>([
    [['agent.name EQ x', '--dialect', 'oracle'], 2, 'tql: --dialect takes postgres, sqlite, mysql or duckdb, not "oracle"\n'],
    [['agent.name EQ x', '--limit', '5'], 2, 'tql sql: --limit needs --select (a bare condition has no LIMIT)\n'],
    [['agent.name EQ x', '--select', '--limit', '0'], 2, 'tql: --limit takes a whole number of at least 1, not "0"\n'],
    [['agent.name EQ x', '--case-folding', 'icu'], 2, 'tql: --case-folding takes database or unicode, not "icu"\n'],
    [[], 2, 'tql: missing the query; quote it, e.g. tql check "agent.name LIKE john"\n'],
  ])('usage error: %j', async ([args, code, stderr]) => {
    expect(await tql(['sql', ...args])).toEqual({ code, stdout: '', stderr });
  });

  test('an invalid query exits 1 with carets on stderr', async () => {
    const r = await tql(['sql', 'agent.name eq john']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatchInlineSnapshot(`
      "error[unknown_operator] at 1:12: "eq" is not an operator: write EQ. Operators are upper case.
        agent.name eq john
                   ^^
        fix: EQ
      "
    `);
  });

  test('an invalid query with --json prints the error as JSON on stdout', async () => {
    const r = await tql(['sql', 'agent.nme EQ john', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.code).toBe('unknown_attribute');
  });
});
