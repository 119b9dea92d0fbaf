/** Bad mappings and options give a TqlError that says what to fix; nothing else is thrown. */
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compileSql, type CompileSqlOptions } from '../../../src/backends/sql/compile-sql.js';
import { sqlDatabase, type SqlDriver } from '../../../src/backends/sql/database.js';
import type { SqlMapping } from '../../../src/backends/sql/mapping.js';
import { selectSql, type SelectSqlOptions } from '../../../src/backends/sql/select-sql.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import type { ValidatedQuery } from '../../../src/validate/validated-query.js';
import { tqlErrorOf } from '../../support/tql-error.js';

const agentQuery = check('agent.name EQ x', schedulingSchema, 'agent');
const requestQuery = check('scheduling_request.status EQ new AND scheduling_request.team_id EQ team_blue', schedulingSchema, 'scheduling_request');

describe('compileSql', () => {
  test('an entity the mapping does not have', () => {
    const e = tqlErrorOf(() => compileSql(agentQuery, { dialect: 'sqlite', mapping: { team: { table: 'team', key: 'id' } } }));
    expect(e.code).toBe('unsupported');
    expect(e.message).toMatchInlineSnapshot(`
      "1:1 unsupported: The SQL mapping has no table for entity "agent": add { table, key } for it.
        agent.name EQ x
        ^^^^^^^^^^^^^^^"
    `);
  });
  test('a collection the mapping does not have', () => {
    const mapping: SqlMapping = { scheduling_request: { table: 'scheduling_request', key: 'id' } };
    const e = tqlErrorOf(() => compileSql(requestQuery, { dialect: 'postgres', mapping }));
    expect(e.code).toBe('unsupported');
    expect(e.message).toMatchInlineSnapshot(`
      "1:38 unsupported: The SQL mapping of scheduling_request has no table for the array "resources" that scheduling_request.team_id looks in: add it under collections.
        …duling_request.status EQ new AND scheduling_request.team_id EQ team_blue
                                          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
    `);
  });
  test("a collection stored in the entity's own table", () => {
    const mapping: SqlMapping = {
      scheduling_request: { table: 'scheduling_request', key: 'id', collections: { resources: { table: 'scheduling_request', foreignKey: 'id' } } },
    };
    expect(tqlErrorOf(() => compileSql(requestQuery, { dialect: 'postgres', mapping })).message).toMatchInlineSnapshot(`
      "1:38 unsupported: The SQL mapping stores the array "resources" in the entity's own table "scheduling_request": elements need a table of their own.
        …duling_request.status EQ new AND scheduling_request.team_id EQ team_blue
                                          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
    `);
  });
  test.for<[string, Partial<CompileSqlOptions> | null, string]>([
    ['no options', null, 'invalid_option: compileSql needs options { dialect, mapping }.'],
    [
      'an unknown dialect',
      { dialect: 'mysql' as 'sqlite', mapping: schedulingSqlMapping },
      'invalid_option: Unknown SQL dialect "mysql": use one of postgres, sqlite.',
    ],
    [
      'an unknown case folding',
      { dialect: 'sqlite', mapping: schedulingSqlMapping, caseFolding: 'icu' as 'unicode' },
      'invalid_option: caseFolding is "database" or "unicode", not "icu".',
    ],
    [
      'an empty table name',
      { dialect: 'sqlite', mapping: { agent: { table: '', key: 'id' } } },
      'invalid_option: "" cannot be an SQL identifier: use a non-empty name without NUL.',
    ],
    [
      'a NUL in a column name',
      { dialect: 'sqlite', mapping: { agent: { table: 'agent', key: 'id', columns: { name: 'na\u0000me' } } } },
      'invalid_option: "na\\u0000me" cannot be an SQL identifier: use a non-empty name without NUL.',
    ],
    [
      'a prototype key as entity',
      { dialect: 'sqlite', mapping: JSON.parse('{"__proto__": {"table": "agent", "key": "id"}}') as SqlMapping },
      '1:1 unsupported: The SQL mapping has no table for entity "agent": add { table, key } for it.\n  agent.name EQ x\n  ^^^^^^^^^^^^^^^',
    ],
  ])('%s', ([, options, message]) => {
    expect(tqlErrorOf(() => compileSql(agentQuery, options as CompileSqlOptions)).message).toBe(message);
  });
  test('not a validated query', () => {
    const e = tqlErrorOf(() => compileSql({ kind: 'Query' } as unknown as ValidatedQuery, { dialect: 'sqlite', mapping: schedulingSqlMapping }));
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatchInlineSnapshot(`"invalid_input: compileSql takes the result of check() or validate(), but this is not a validated query (a query text or a syntax tree?)."`);
  });
  test('a schema constant SQL cannot hold', () => {
    const schema = defineSchema({
      entities: { thing: { attributes: { label: { type: 'String', source: { kind: 'variant', tag: 'kind', fields: { 'a\\b': 'label' } } } } } },
    });
    const q = check('thing.label EQ x', schema, 'thing');
    expect(tqlErrorOf(() => compileSql(q, { dialect: 'sqlite', mapping: { thing: { table: 'thing', key: 'id' } } })).message).toMatchInlineSnapshot(`"invalid_option: The schema constant "a\\\\b" cannot be written in SQL: it holds a backslash or NUL."`);
  });
});

describe('selectSql', () => {
  test.for<[string, Partial<SelectSqlOptions>, string]>([
    ['limit 0', { limit: 0 }, 'invalid_option: limit is a positive integer, not 0.'],
    ['limit 1.5', { limit: 1.5 }, 'invalid_option: limit is a positive integer, not 1.5.'],
    ['no columns', { columns: [] }, 'invalid_option: columns is "*" or a non-empty list of column names.'],
    [
      'startingAfter an object',
      { startingAfter: {} as string },
      'invalid_option: startingAfter is the key (a string or a number) of the last row of the previous page.',
    ],
  ])('%s', ([, extra, message]) => {
    const e = tqlErrorOf(() => selectSql(agentQuery, { dialect: 'sqlite', mapping: schedulingSqlMapping, ...extra }));
    expect(e.code).toBe('invalid_option');
    expect(e.message).toBe(message);
  });
});

test('sqlDatabase with something that is not a driver', () => {
  for (const junk of [null, 42, {}, { query: 1 }]) {
    expect(tqlErrorOf(() => sqlDatabase(junk as unknown as SqlDriver)).code).toBe('invalid_input');
  }
});

test('more bound values than the engine takes (limits raised far above the defaults)', () => {
  const values = Array.from({ length: 33_000 }, (_, i) => `v${i}`).join(',');
  const q = check(`agent.name IN ${values}`, schedulingSchema, 'agent', { limits: { maxLength: 1_000_000, maxListValues: 100_000 } });
  expect(compileSql(q, { dialect: 'postgres', mapping: schedulingSqlMapping }).values).toHaveLength(33_000);
  const e = tqlErrorOf(() => compileSql(q, { dialect: 'sqlite', mapping: schedulingSqlMapping }));
  expect(e.code).toBe('unsupported');
  expect(e.message.split('\n')[0]).toMatchInlineSnapshot(`"1:1 unsupported: The query needs 33000 bound values and sqlite takes at most 32766 in one statement: split it into several queries."`);
});

test('a LIKE value longer than SQLite takes (limits raised far above the defaults)', () => {
  const q = check(`agent.name LIKE ${'é'.repeat(30_000)}`, schedulingSchema, 'agent', { limits: { maxLength: 100_000, maxValueLength: 100_000 } });
  expect(compileSql(q, { dialect: 'postgres', mapping: schedulingSqlMapping }).values).toHaveLength(1);
  const e = tqlErrorOf(() => compileSql(q, { dialect: 'sqlite', mapping: schedulingSqlMapping }));
  expect(e.code).toBe('unsupported');
  expect(e.message.split('\n')[0]).toMatchInlineSnapshot(`"1:1 unsupported: This LIKE value is too long for sqlite, which takes patterns of at most 50000 bytes: shorten it."`);
});
