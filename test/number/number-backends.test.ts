/**
 * Number attributes on every engine (language rule 6): the contract cases on a dataset with 0,
 * -0, negatives, fractions, integers around 2^53 and numbers stored as strings, then a
 * differential property: random Number queries on random records, every engine against the
 * in-memory backend, with no divergence declared. Re-run a failure with its seed:
 * `TQL_NUMBER_SEED=<seed> npx vitest run test/number/number-backends.test.ts`.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { print } from '../../src/ast/print.js';
import { arbNumber } from '../../src/testing/value-pools.js';
import { arbValidExpr } from '../properties/arbitraries/schema-query.js';
import { postgresAvailable } from '../support/postgres-server.js';
import { numberSchema } from './number-schema.js';
import { memoryIds, useNumberEngines, type ProductRecord } from './number-engines.js';

/** Each record's price says what it is; `weight` is the nullable one. */
const CONTRACT: readonly ProductRecord[] = [
  { id: 'zero', price: 0, weight: 0 },
  { id: 'minus_zero', price: -0, weight: -0 },
  { id: 'one', price: 1, weight: 1 },
  { id: 'minus_one', price: -1, weight: null },
  { id: 'tenth', price: 0.1 },
  { id: 'point_three', price: 0.3 },
  { id: 'sum_of_tenths', price: 0.1 + 0.2 },
  { id: 'minus_one_and_half', price: -1.5, weight: 2.5e3 },
  { id: 'thousand', price: 1000 },
  { id: 'eighteen', price: 18 },
  { id: 'string_eighteen', price: '18', weight: '2500' },
  { id: 'max_safe', price: 2 ** 53 - 1 },
  { id: 'two_pow_53', price: 2 ** 53 },
  { id: 'minus_two_pow_53', price: -(2 ** 53) },
  { id: 'tiny', price: 1e-7 },
  { id: 'huge', price: 1e21 },
  { id: 'boolean', price: true },
  { id: 'null', price: null },
  { id: 'missing' },
];

/** Query → the ids it selects, as language rule 6 reads it. */
const CASES: readonly (readonly [string, readonly string[]])[] = [
  ['product.price EQ 0', ['minus_zero', 'zero']],
  ['product.price EQ -0', ['minus_zero', 'zero']],
  ['product.price EQ 0e5', ['minus_zero', 'zero']],
  ['product.price EQ 18', ['eighteen']],
  ['product.price EQ "18"', ['eighteen']],
  ['product.price EQ 1.8e1', ['eighteen']],
  ['product.price EQ 1.0', ['one']],
  ['product.price EQ -1.5', ['minus_one_and_half']],
  ['product.price EQ 1e3', ['thousand']],
  ['product.price EQ 0.1', ['tenth']],
  ['product.price EQ 0.3', ['point_three']],
  ['product.price EQ 0.30000000000000004', ['sum_of_tenths']],
  ['product.price EQ 9007199254740991', ['max_safe']],
  ['product.price EQ 9007199254740992', ['two_pow_53']],
  ['product.price EQ 9.007199254740993e15', ['two_pow_53']],
  ['product.price EQ -9007199254740992', ['minus_two_pow_53']],
  ['product.price EQ 1e-7', ['tiny']],
  ['product.price EQ 1e21', ['huge']],
  ['product.price LT 0', ['minus_one', 'minus_one_and_half', 'minus_two_pow_53']],
  ['product.price LTE -0', ['minus_one', 'minus_one_and_half', 'minus_two_pow_53', 'minus_zero', 'zero']],
  ['product.price GT 0 AND product.price LT 1', ['point_three', 'sum_of_tenths', 'tenth', 'tiny']],
  ['product.price GTE 0.3 AND product.price LTE 0.3', ['point_three']],
  ['product.price GT 9007199254740991', ['huge', 'two_pow_53']],
  ['product.price IN 0, -1.5, 18', ['eighteen', 'minus_one_and_half', 'minus_zero', 'zero']],
  [
    'product.price NOT_IN 0, -1.5, 18',
    ['boolean', 'huge', 'max_safe', 'minus_one', 'minus_two_pow_53', 'missing', 'null', 'one', 'point_three', 'string_eighteen', 'sum_of_tenths', 'tenth', 'thousand', 'tiny', 'two_pow_53'],
  ],
  [
    'product.price NOT_EQ 18',
    ['boolean', 'huge', 'max_safe', 'minus_one', 'minus_one_and_half', 'minus_two_pow_53', 'minus_zero', 'missing', 'null', 'one', 'point_three', 'string_eighteen', 'sum_of_tenths', 'tenth', 'thousand', 'tiny', 'two_pow_53', 'zero'],
  ],
  ['product.weight EQ null', CONTRACT.filter((r) => typeof r['weight'] !== 'number').map((r) => r.id).sort()],
  ['product.weight NOT_EQ null', ['minus_one_and_half', 'minus_zero', 'one', 'zero']],
  ['product.weight EQ 2500', ['minus_one_and_half']],
  ['product.weight GTE -0', ['minus_one_and_half', 'minus_zero', 'one', 'zero']],
];

describe('Number contract cases, on every engine', () => {
  const engines = useNumberEngines(CONTRACT);
  test('the engines: in memory, mingo, SQLite, PGlite, and a PostgreSQL server where one can start', () => {
    const names = ['memory', 'mongo (mingo)', 'mongo (mingo, JSON round trip)', 'sqlite', 'pglite'];
    expect(engines().map((e) => e.name)).toEqual(postgresAvailable() ? [...names, 'postgres-server'] : names);
  });
  test.for(CASES)('%s', async ([text, expected]) => {
    const query = check(text, numberSchema, 'product');
    for (const engine of engines()) expect(await engine.ids(query), engine.name).toEqual([...expected].sort());
  });
});

const SEED = Number(process.env.TQL_NUMBER_SEED) || Math.floor(Math.random() * 2 ** 31);

/** Random records: numbers near the literals queries use, strings that look like numbers, nulls. */
const arbRecords: fc.Arbitrary<ProductRecord[]> = fc
  .array(
    fc.record(
      {
        price: fc.oneof({ weight: 6, arbitrary: arbNumber }, { weight: 1, arbitrary: fc.constantFrom<unknown>('18', '0', '-1.5', null, true) }),
        weight: fc.oneof({ weight: 3, arbitrary: arbNumber }, { weight: 1, arbitrary: fc.constantFrom<unknown>(null, '2.5') }),
        name: fc.constantFrom('a', 'b'),
      },
      { requiredKeys: ['name'] },
    ),
    { minLength: 1, maxLength: 30 },
  )
  .map((rs) => rs.map((r, i) => ({ id: `p${i}`, ...r })));

const RECORDS: readonly ProductRecord[] = [...CONTRACT, ...fc.sample(arbRecords, { seed: SEED, numRuns: 4 }).flat().map((r, i) => ({ ...r, id: `r${i}` }))];

describe(`Number differential (seed ${SEED}; re-run with TQL_NUMBER_SEED=${SEED})`, () => {
  const engines = useNumberEngines(RECORDS);
  test('every engine selects what the in-memory backend selects, with no declared divergence', async () => {
    await fc.assert(
      fc.asyncProperty(arbValidExpr(numberSchema.entities.product, { maxLeaves: 4 }), async (expr) => {
        const query = check(print(expr), numberSchema, 'product');
        const expected = memoryIds(query, RECORDS);
        for (const engine of engines()) expect(await engine.ids(query), `${engine.name}: ${print(expr)}`).toEqual(expected);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});
