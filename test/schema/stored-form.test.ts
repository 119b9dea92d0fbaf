/**
 * A declared stored form on every kind of source: `ignorePrefix` on a field and on a variant
 * (as on the element source of the scheduling ticket numbers) drops one leading prefix from the
 * stored value and from the query's value, and memory, mingo, SQLite and PGlite select the same
 * records for values stored with and without it.
 */
import { PGlite } from '@electric-sql/pglite';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { TqlError } from '../../src/errors/tql-error.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { compileSql } from '../../src/backends/sql/compile-sql.js';
import { indexAdvice } from '../../src/backends/sql/index-advice.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import type { AttributeDefinition } from '../../src/schema/types.js';
import { mongoTarget, sqlTarget, type AgreementTarget, type TestRecord } from '../../src/testing/index.js';

const schema = defineSchema({
  entities: {
    ticket: {
      attributes: {
        number: { type: 'String', nullable: true, source: { kind: 'field', field: 'number', ignorePrefix: '#' } },
        code: { type: 'String', nullable: true, source: { kind: 'variant', tag: 'type', fields: { project: 'project_code', service: 'service_code' }, ignorePrefix: '#' } },
      },
    },
  },
});

/** Each id's stored values: with the prefix, without, twice, alone, missing, under a tag not listed. */
const records: TestRecord[] = [
  { id: 'a', number: '#12', type: 'project', project_code: '#12' },
  { id: 'b', number: '12', type: 'service', service_code: '12' },
  { id: 'c', number: '##12', type: 'project', project_code: '##12' },
  { id: 'd', number: '#', type: 'service', service_code: '#' },
  { id: 'e', number: '123', type: 'service', service_code: '#123' },
  { id: 'f', type: 'other', project_code: '12' },
];

/**
 * The condition, and the ids it selects on `number` and on `code` alike. The query's value loses
 * one prefix too: `"#"` is the empty text, and `"##"` the text `#`.
 */
const CASES: readonly (readonly [string, string])[] = [
  ['EQ 12', 'a b'],
  ['EQ "#12"', 'a b'],
  ['EQ "##12"', 'c'],
  ['EQ ""', 'd'],
  ['EQ "#"', 'd'],
  ['IN 12,123', 'a b e'],
  ['NOT_EQ 12', 'c d e f'],
  ['NOT_IN "#12","##12"', 'd e f'],
  ['LIKE 2', 'a b c e'],
  ['LIKE "##"', 'c'],
  ['STARTS_WITH 12', 'a b e'],
  ['STARTS_WITH "##"', 'c'],
  ['STARTS_WITH "#"', 'a b c d e'],
  ['ENDS_WITH 23', 'e'],
  ['EQ null', 'f'],
  ['NOT_EQ null', 'a b c d e'],
];

let pglite: PGlite;
const targets: Record<string, AgreementTarget> = {};

beforeAll(async () => {
  pglite = await PGlite.create();
  targets['mingo'] = mongoTarget();
  targets['SQLite'] = sqlTarget({ db: new Database(':memory:'), schema, entity: 'ticket' });
  targets['PGlite'] = sqlTarget({ db: pglite, schema, entity: 'ticket' });
  for (const t of Object.values(targets)) await t.load(records);
});

afterAll(async () => {
  await pglite.close();
});

const ids = (list: readonly unknown[]) => list.map(String).sort().join(' ');

describe.for(['number', 'code'])('ticket.%s', (attribute) => {
  test.for(CASES)(`${attribute} %s`, async ([condition, expected]) => {
    const query = check(`ticket.${attribute} ${condition}`, schema, 'ticket');
    const got: Record<string, string> = { memory: ids(filterRecords(query, records).map((r) => r.id)) };
    for (const [name, t] of Object.entries(targets)) got[name] = ids(await t.run(query));
    expect(got).toEqual({ memory: expected, mingo: expected, SQLite: expected, PGlite: expected });
  });
});

test.for<[string, AttributeDefinition, string]>([
  ['an empty prefix', { type: 'String', source: { kind: 'field', field: 'n', ignorePrefix: '' } }, 'ignorePrefix cannot be empty: write the prefix stored values may carry, such as "#".'],
  ['a prefix on a Number', { type: 'Number', source: { kind: 'field', field: 'n', ignorePrefix: '#' } }, 'ignorePrefix is for String attributes only: remove it, or make the attribute a String.'],
  [
    'a prefix that is no text',
    { type: 'String', source: { kind: 'variant', tag: 't', fields: { a: 'n' }, ignorePrefix: 1 as unknown as string } },
    'ignorePrefix is a text such as "#", not 1.',
  ],
  [
    'a prefix with a closed set',
    { type: 'String', values: ['a'], source: { kind: 'field', field: 'n', ignorePrefix: '#' } },
    'ignorePrefix cannot go with a closed set of values: list the values as they are compared and remove ignorePrefix.',
  ],
])('defineSchema refuses %s', ([, definition, message]) => {
  const define = () => defineSchema({ entities: { t: { attributes: { n: definition } } } });
  expect(define).toThrow(TqlError);
  expect(define).toThrow(`invalid_schema: Invalid schema: t.n: ${message}`);
});

test.for<[string, string, readonly unknown[]]>([
  // Equality on the field seeks its stored forms in the column, which an index on it holds.
  ['ticket.number EQ 12', `"number" IN (?, ?)`, ['12', '#12']],
  ['ticket.number IN 12,"##7"', `"number" IN (?, ?, ?, ?)`, ['12', '#12', '##7', '##7']],
  // The other operators test the column with the prefix cut off.
  ['ticket.number STARTS_WITH 1', `CASE WHEN substr("number", 1, 1) = '#' THEN substr("number", 2) ELSE "number" END LIKE ? ESCAPE '\\'`, ['1%']],
])('SQLite: %s', ([text, sql, values]) => {
  const statement = compileSql(check(text, schema, 'ticket'), { dialect: 'sqlite', mapping: { ticket: { table: 'tickets', key: 'id' } } });
  expect(statement).toEqual({ text: sql, values });
});

test('index advice: the prefixed field is indexed on its column, on MySQL too; the variant only where expressions can be', () => {
  const mapping = { ticket: { table: 'tickets', key: 'id' } };
  expect(indexAdvice(schema, { dialect: 'mysql', mapping, listOrder: false })).toEqual(['CREATE INDEX `tickets_number_idx` ON `tickets` (`number`);']);
  expect(indexAdvice(schema, { dialect: 'sqlite', mapping, listOrder: false }).filter((s) => s.includes('"number"'))[0]).toMatch(/ON "tickets" \("number"\);$/);
});
