/** Bad mappings and options give a TqlError that says what to fix; nothing else is thrown. */
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compileSql, type CompileSqlOptions } from '../../../src/backends/sql/compile-sql.js';
import { sqlDatabase, type SqlDriver } from '../../../src/backends/sql/database.js';
import { defineSqlMapping } from '../../../src/backends/sql/define-mapping.js';
import { indexAdvice, type IndexAdviceOptions } from '../../../src/backends/sql/index-advice.js';
import type { SqlEntityMapping, SqlMapping } from '../../../src/backends/sql/mapping.js';
import { selectSql, type SelectSqlOptions } from '../../../src/backends/sql/select-sql.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import type { ValidatedQuery } from '../../../src/validate/validated-query.js';
import { tqlErrorOf } from '../../support/tql-error.js';

const agentQuery = check('agent.name EQ x', schedulingSchema, 'agent');
const requestQuery = check('scheduling_request.status EQ new AND scheduling_request.team_id EQ team_blue', schedulingSchema, 'scheduling_request');

describe('defineSqlMapping: a mapping is checked once, where it is defined, against its schema', () => {
  test('every problem at once, each with its entry', () => {
    const e = tqlErrorOf(() =>
      defineSqlMapping(schedulingSchema, {
        agents: { table: 'agent', key: 'id' },
        team: { table: 'team' } as SqlEntityMapping,
        resource: { table: 'resource', key: 'id', columns: { name: '' } },
        scheduling_request: {
          table: 'scheduling_request',
          key: 'id',
          collections: {
            associated_entities: { table: 'scheduling_request', foreignKey: 'id' },
            resources: { table: 'request_resource', foreignKey: 'request_id', discriminator: { column: 'role' } as { column: string; value: string } },
          },
        },
      }),
    );
    expect(e.code).toBe('invalid_mapping');
    expect(e.message).toMatchInlineSnapshot(`
      "invalid_mapping: Invalid SQL mapping: agents: the schema has no entity "agents" (did you mean "agent"?).
      invalid_mapping: Invalid SQL mapping: team.key: missing: give the name of a table or column.
      invalid_mapping: Invalid SQL mapping: resource.columns.name: "" cannot be an SQL identifier: give a non-empty name without NUL.
      invalid_mapping: Invalid SQL mapping: scheduling_request.collections.associated_entities.table: elements need a table of their own, not the entity's table "scheduling_request".
      invalid_mapping: Invalid SQL mapping: scheduling_request.collections.resources.discriminator.value: the value is a text without backslash or NUL.
      invalid_mapping: Invalid SQL mapping: scheduling_request.collections.scheduled_agents: missing: scheduling_request.agent_id looks in this array; add { table, foreignKey } for its elements."
    `);
  });
  test('the result is a frozen copy that compiling trusts', () => {
    const plain = { agent: { table: 'agent', key: 'id', columns: { name: 'full_name' } } };
    const mapping = defineSqlMapping(schedulingSchema, plain);
    plain.agent.columns.name = 'changed';
    expect(Object.isFrozen(mapping.agent.columns)).toBe(true);
    expect(compileSql(agentQuery, { dialect: 'sqlite', mapping }).text).toBe('"full_name" = ?');
  });
  test('a key named __proto__ is an entry like any other', () => {
    const e = tqlErrorOf(() => defineSqlMapping(schedulingSchema, JSON.parse('{"__proto__": {"table": "agent", "key": "id"}}') as SqlMapping));
    expect(e.message).toMatchInlineSnapshot(`"invalid_mapping: Invalid SQL mapping: __proto__: the schema has no entity "__proto__"."`);
  });
});

describe('compileSql with a mapping not made by defineSqlMapping: the entity it compiles is checked the same way', () => {
  test.for<[string, SqlMapping, string]>([
    ['an entity the mapping does not have', { team: { table: 'team', key: 'id' } }, 'invalid_mapping: Invalid SQL mapping: agent: the mapping has no entry for this entity; add { table, key } for it.'],
    ['an empty table name', { agent: { table: '', key: 'id' } }, 'invalid_mapping: Invalid SQL mapping: agent.table: "" cannot be an SQL identifier: give a non-empty name without NUL.'],
    [
      'a NUL in a column name',
      { agent: { table: 'agent', key: 'id', columns: { name: 'na\u0000me' } } },
      'invalid_mapping: Invalid SQL mapping: agent.columns.name: "na\\u0000me" cannot be an SQL identifier: give a non-empty name without NUL.',
    ],
    [
      'a prototype key as entity',
      JSON.parse('{"__proto__": {"table": "agent", "key": "id"}}') as SqlMapping,
      'invalid_mapping: Invalid SQL mapping: agent: the mapping has no entry for this entity; add { table, key } for it.',
    ],
  ])('%s', ([, mapping, message]) => {
    const e = tqlErrorOf(() => compileSql(agentQuery, { dialect: 'sqlite', mapping }));
    expect(e.code).toBe('invalid_mapping');
    expect(e.message).toBe(message);
  });
  test('an array that a compiled attribute looks in, without a table', () => {
    const mapping: SqlMapping = { scheduling_request: { table: 'scheduling_request', key: 'id' } };
    expect(tqlErrorOf(() => compileSql(requestQuery, { dialect: 'postgres', mapping })).message).toMatchInlineSnapshot(`"invalid_mapping: Invalid SQL mapping: scheduling_request.collections.resources: missing: scheduling_request.team_id looks in this array; add { table, foreignKey } for its elements."`);
  });
  test("a collection stored in the entity's own table", () => {
    const mapping: SqlMapping = {
      scheduling_request: { table: 'scheduling_request', key: 'id', collections: { resources: { table: 'scheduling_request', foreignKey: 'id' } } },
    };
    expect(tqlErrorOf(() => compileSql(requestQuery, { dialect: 'postgres', mapping })).message).toContain(
      "invalid_mapping: Invalid SQL mapping: scheduling_request.collections.resources.table: elements need a table of their own, not the entity's table \"scheduling_request\".",
    );
  });
});

describe('compileSql', () => {
  test.for<[string, Partial<CompileSqlOptions> | null, string]>([
    ['no options', null, 'invalid_option: compileSql needs options { dialect, mapping }.'],
    [
      'an unknown dialect',
      { dialect: 'oracle' as 'sqlite', mapping: schedulingSqlMapping },
      'invalid_option: Unknown SQL dialect "oracle": use one of postgres, sqlite, mysql, duckdb.',
    ],
    [
      'caseFolding unicode on mysql',
      { dialect: 'mysql', mapping: schedulingSqlMapping, caseFolding: 'unicode' },
      'invalid_option: caseFolding "unicode" is not available for mysql, which has no lower() that folds as JavaScript does: use "database" (docs/backends-sql.md, Case folding).',
    ],
    [
      'caseFolding unicode on duckdb',
      { dialect: 'duckdb', mapping: schedulingSqlMapping, caseFolding: 'unicode' },
      'invalid_option: caseFolding "unicode" is not available for duckdb, which has no lower() that folds as JavaScript does: use "database" (docs/backends-sql.md, Case folding).',
    ],
    [
      'an unknown case folding',
      { dialect: 'sqlite', mapping: schedulingSqlMapping, caseFolding: 'icu' as 'unicode' },
      'invalid_option: caseFolding is "database" or "unicode", not "icu".',
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

describe('indexAdvice refuses a case folding as compileSql does: no advice for statements that cannot be compiled', () => {
  test.for<[string, Pick<IndexAdviceOptions, 'dialect' | 'caseFolding'>]>([
    ['caseFolding unicode on mysql', { dialect: 'mysql', caseFolding: 'unicode' }],
    ['caseFolding unicode on duckdb', { dialect: 'duckdb', caseFolding: 'unicode' }],
    ['an unknown case folding', { dialect: 'postgres', caseFolding: 'icu' as 'unicode' }],
  ])('%s', ([, folding]) => {
    const options = { ...folding, mapping: schedulingSqlMapping };
    const e = tqlErrorOf(() => indexAdvice(schedulingSchema, options));
    expect(e.code).toBe('invalid_option');
    expect(e.message).toBe(tqlErrorOf(() => compileSql(agentQuery, options)).message);
  });
  test.for(['postgres', 'sqlite'] as const)('caseFolding unicode on %s is advised', (dialect) => {
    expect(indexAdvice(schedulingSchema, { dialect, mapping: schedulingSqlMapping, caseFolding: 'unicode' }).length).toBeGreaterThan(0);
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
  const limits = { maxLength: 1_000_000, maxListValues: 100_000 };
  const names = check(`agent.name IN ${Array.from({ length: 33_000 }, (_, i) => `v${i}`).join(',')}`, schedulingSchema, 'agent', { limits });
  expect(compileSql(names, { dialect: 'postgres', mapping: schedulingSqlMapping }).values).toHaveLength(33_000);
  // SQLite binds a list of texts as one JSON array.
  expect(compileSql(names, { dialect: 'sqlite', mapping: schedulingSqlMapping }).values).toHaveLength(1);
  // Numbers keep a placeholder each.
  const shop = defineSchema({ entities: { product: { attributes: { price: { type: 'Number' } } } } });
  const q = check(`product.price IN ${Array.from({ length: 33_000 }, (_, i) => i).join(',')}`, shop, 'product', { limits });
  const e = tqlErrorOf(() => compileSql(q, { dialect: 'sqlite', mapping: defineSqlMapping(shop, { product: { table: 'product', key: 'id' } }) }));
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
