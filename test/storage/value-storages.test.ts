/**
 * Booleans stored as 0 and 1 (`storage: 'zero_one'`) and numbers stored as decimal text
 * (`storage: 'decimal_text'`, PostgreSQL `numeric` as drivers hand it out): memory reads the
 * records, mingo the documents, and each SQL engine a 0/1 integer column and a NUMERIC column
 * holding the same values, and all select the same records (docs/schema.md, How records store a
 * Boolean or a Number).
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/compile-predicate.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { defineSqlMapping } from '../../src/backends/sql/define-mapping.js';
import { resolveDialect } from '../../src/backends/sql/dialects.js';
import { selectSql } from '../../src/backends/sql/select-sql.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { mingoIds } from '../support/mongo.js';
import { STORAGE_ENGINES, useStorageEngines, type StorageEngineName } from './storage-engines.js';

const schema = defineSchema({
  entities: {
    review: {
      attributes: {
        enhanced: { type: 'Boolean', storage: 'zero_one', nullable: true },
        price: { type: 'Number', storage: 'decimal_text', nullable: true },
      },
    },
  },
});

/** Rows as a driver reads them: 0/1 (2 is no Boolean), `numeric` as text, NULL. */
const REVIEWS = [
  { id: 1, enhanced: 1, price: '9.99' },
  { id: 2, enhanced: 0, price: '10' },
  { id: 3, enhanced: null, price: '-0.5' },
  { id: 4, enhanced: 2, price: '10.00' },
  { id: 5, enhanced: 1, price: null },
  { id: 6, enhanced: 0, price: '123456789.123456' },
] as const;

/** The filter and the ids it selects. */
const CASES: readonly (readonly [string, readonly number[]])[] = [
  ['review.enhanced EQ true', [1, 5]],
  ['review.enhanced EQ false', [2, 6]],
  ['review.enhanced NOT_EQ true', [2, 3, 4, 6]],
  ['review.enhanced NOT_EQ false', [1, 3, 4, 5]],
  ['review.enhanced EQ null', [3, 4]],
  ['review.enhanced NOT_EQ null', [1, 2, 5, 6]],
  ['review.price LT 10', [1, 3]],
  ['review.price LTE 10', [1, 2, 3, 4]],
  ['review.price GT 9.99', [2, 4, 6]],
  ['review.price EQ 10', [2, 4]],
  ['review.price NOT_EQ 10', [1, 3, 5, 6]],
  ['review.price IN 9.99, -0.5', [1, 3]],
  ['review.price NOT_IN 9.99, -0.5', [2, 4, 5, 6]],
  ['review.price EQ null', [5]],
  ['review.price GTE 123456789.123456', [6]],
];

const ids = (filter: string) => filterRecords(check(filter, schema, 'review'), REVIEWS).map((r) => r.id);

describe('value storages in memory', () => {
  test('memory selects the table', () => {
    expect(CASES.map(([filter]) => [filter, ids(filter)])).toEqual(CASES);
  });

  test.each([
    ['a boolean in a zero_one attribute', { id: 1, enhanced: true }, 'review.enhanced EQ null'],
    ['the text "1"', { id: 1, enhanced: '1' }, 'review.enhanced EQ null'],
    ['a number in a decimal_text attribute', { id: 1, price: 9.99 }, 'review.price EQ null'],
    ['an exponent', { id: 1, price: '1e1' }, 'review.price EQ null'],
    ['a bare fraction', { id: 1, price: '.5' }, 'review.price EQ null'],
    ['a space', { id: 1, price: ' 1' }, 'review.price EQ null'],
  ])('%s is no value', (_, record, filter) => {
    expect(filterRecords(check(filter, schema, 'review'), [record]).map((r) => r.id)).toEqual([1]);
  });
});

describe('mingo', () => {
  test('answers the Boolean cases as memory', async () => {
    for (const [filter, expected] of CASES.filter(([f]) => f.includes('enhanced'))) {
      expect([filter, await mingoIds(compileMongo(check(filter, schema, 'review')), REVIEWS)]).toEqual([filter, expected]);
    }
  });

  test('refuses decimal text, which MongoDB orders as text', () => {
    expect(() => compileMongo(check('review.price LT 10', schema, 'review'))).toThrow(/decimal text.*store the number as a number/);
  });
});

/** Each engine's 0/1 column and exact decimal column. */
const TYPES: Record<StorageEngineName, readonly [boolean: string, decimal: string]> = {
  sqlite: ['INTEGER', 'NUMERIC'],
  pglite: ['smallint', 'numeric'],
  'postgres-server': ['smallint', 'numeric(20, 6)'],
  mariadb: ['TINYINT(1)', 'DECIMAL(20, 6)'],
  duckdb: ['TINYINT', 'DECIMAL(20, 6)'],
};

const engine = useStorageEngines();

describe('SQL over a 0/1 column and a NUMERIC column selects what memory selects over the rows', () => {
  test.for(STORAGE_ENGINES)('%s', async (name) => {
    const e = engine(name);
    const d = resolveDialect(e.db.dialect);
    const table = d.quoteIdentifier('value_review');
    const [bool, decimal] = TYPES[name];
    await e.db.exec(`DROP TABLE IF EXISTS ${table}`);
    await e.db.exec(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, enhanced ${bool}, price ${decimal})`);
    for (const r of REVIEWS) {
      await e.db.all({ text: `INSERT INTO ${table} (id, enhanced, price) VALUES (${[1, 2, 3].map((n) => d.placeholder(n)).join(', ')})`, values: [r.id, r.enhanced, r.price] });
    }
    const mapping = defineSqlMapping(schema, { review: { table: 'value_review', key: 'id' } });
    for (const [filter, expected] of CASES) {
      const got = await e.db.all<{ id: unknown }>(selectSql(check(filter, schema, 'review'), { dialect: d, mapping }));
      expect([name, filter, got.map((r) => Number(r.id)).sort((a, b) => a - b)]).toEqual([name, filter, expected]);
    }
  });
});
