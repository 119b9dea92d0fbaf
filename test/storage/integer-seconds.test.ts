/**
 * Unix seconds in an integer column, declared `{ kind: 'unix_seconds', integers: true }`: a
 * range open on one side is the bound alone, without the `x - x = 0` that keeps NaN and
 * ±infinity of a float column out, and selects what the in-memory backend selects on every
 * engine. PostgreSQL estimates that test at 0.5% of the rows, so without it the planner's
 * estimate of an open range is the range's own. checkSqlMapping takes the declaration on an
 * integer column only.
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/compile-predicate.js';
import { checkSqlMapping } from '../../src/backends/sql/check-mapping.js';
import { defineSqlMapping } from '../../src/backends/sql/define-mapping.js';
import { resolveDialect } from '../../src/backends/sql/dialects.js';
import { selectSql } from '../../src/backends/sql/select-sql.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { STORAGE_ENGINES, useStorageEngines, type StorageEngineName } from './storage-engines.js';

const schema = defineSchema({ entities: { event: { attributes: { happened_at: { type: 'Timestamp', nullable: true } } } } });

const declared = (table: string) => defineSqlMapping(schema, { event: { table, key: 'id', storage: { happened_at: { kind: 'unix_seconds', integers: true } } } });

/** Each engine's 64-bit integer type. */
const BIGINT: Record<StorageEngineName, string> = { sqlite: 'INTEGER', pglite: 'bigint', 'postgres-server': 'bigint', mariadb: 'BIGINT', duckdb: 'BIGINT' };

const EVENTS = [
  { id: 1, happened_at: -62135596800 },
  { id: 2, happened_at: 0 },
  { id: 3, happened_at: 1700000000 },
  { id: 4, happened_at: 253402300799 },
  { id: 5, happened_at: null },
] as const;

const FILTERS = ['GT 0', 'GTE 0', 'LT 1700000000', 'LTE 1700000000', 'EQ null', 'NOT_EQ null', 'NOT_EQ 1700000000', 'GT 1700000000 OR event.happened_at LT 0'];

const engine = useStorageEngines();

describe('event.happened_at in a 64-bit integer column declared integers', () => {
  test.for(STORAGE_ENGINES)('%s: every open and closed range selects what memory selects', async (name) => {
    const e = engine(name);
    await e.load('int_seconds', BIGINT[name], EVENTS.map((r) => ({ id: r.id, value: r.happened_at })));
    const mapping = declared('int_seconds');
    const answers = [];
    for (const f of FILTERS) {
      const query = check(`event.happened_at ${f}`, schema, 'event');
      const rows = await e.db.all<{ id: unknown }>(selectSql(query, { dialect: resolveDialect(e.db.dialect), mapping }));
      answers.push([f, rows.map((r) => Number(r.id)).sort((a, b) => a - b)]);
    }
    expect(answers).toEqual(FILTERS.map((f) => [f, filterRecords(check(`event.happened_at ${f}`, schema, 'event'), EVENTS).map((r) => r.id)]));
  });
});

test('event.happened_at GT 0 on PostgreSQL: the bound alone where the column is declared integers, the finite test beside it where not', () => {
  const compile = (integers: boolean) =>
    selectSql(check('event.happened_at GT 0', schema, 'event'), {
      dialect: 'postgres',
      mapping: defineSqlMapping(schema, { event: { table: 'e', key: 'id', storage: { happened_at: { kind: 'unix_seconds', integers } } } }),
    }).text;
  expect([compile(true), compile(false)]).toMatchInlineSnapshot(`
    [
      "SELECT "id" FROM "e" WHERE ("happened_at" >= $1::bigint) ORDER BY "id"",
      "SELECT "id" FROM "e" WHERE ("happened_at" >= $1::bigint AND "happened_at" - "happened_at" = 0) ORDER BY "id"",
    ]
  `);
});

test('event.happened_at GTE 0 on PGlite, 2,000 rows all in range: the planner estimates every row, where the finite test made it 0.5%', async () => {
  const e = engine('pglite');
  await e.db.exec('DROP TABLE IF EXISTS estimated');
  await e.db.exec('CREATE TABLE estimated (id INTEGER PRIMARY KEY, happened_at bigint)');
  await e.db.exec('INSERT INTO estimated SELECT g, 1700000000 + g FROM generate_series(1, 2000) AS g');
  await e.db.exec('ANALYZE estimated');
  const estimate = async (integers: boolean) => {
    const mapping = defineSqlMapping(schema, { event: { table: 'estimated', key: 'id', storage: { happened_at: { kind: 'unix_seconds', integers } } } });
    const { text, values } = selectSql(check('event.happened_at GTE 0', schema, 'event'), { dialect: 'postgres', mapping });
    const [row] = await e.db.all<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>({ text: `EXPLAIN (FORMAT JSON) ${text}`, values: [...values] });
    return row!['QUERY PLAN'][0].Plan['Plan Rows'];
  };
  expect({ declared: await estimate(true), undeclared: await estimate(false) }).toEqual({ declared: 2000, undeclared: 10 });
});

describe('checkSqlMapping', () => {
  test('takes integers: true on an integer column, and refuses it on a double one, which holds NaN and infinity', async () => {
    const e = engine('pglite');
    await e.load('checked_seconds', 'bigint', []);
    await e.load('float_seconds', 'double precision', []);
    await expect(checkSqlMapping(e.db, schema, declared('checked_seconds'))).resolves.toBeUndefined();
    await expect(checkSqlMapping(e.db, schema, declared('float_seconds'))).rejects.toThrowErrorMatchingInlineSnapshot(`[TqlError: mapping_mismatch: The mapping does not fit the database: event.happened_at: column float_seconds.happened_at is double precision, and the mapping says it holds integers, where this type also holds NaN and infinity; remove integers: true from storage.happened_at in the mapping of event.]`);
  });

  test('integers is a boolean, on unix_seconds only', () => {
    expect(() => defineSqlMapping(schema, { event: { table: 't', key: 'id', storage: { happened_at: { kind: 'unix_milliseconds', integers: true } as never } } })).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_mapping: Invalid SQL mapping: event.storage.happened_at: integers is true or false, on a unix_seconds column only (one of an integer type).]`);
  });
});
