/**
 * A Number attribute over an integer column (`storage: 'integer'`) answers every bound on every
 * engine, never an engine error: a bound that is no integer allows the integers on its side
 * (`GT 14.5` is `>= 15`, `EQ 14.5` matches nothing), and a bound beyond the column's range all of
 * them or none. Each engine's 16-, 32- and 64-bit integer types, as a column and as an element
 * table's value column, against the in-memory backend over the same records; then generated
 * Number queries (fractions, exponents, bounds far past 2^63) on generated 32-bit integers.
 * Re-run a failure with `TQL_STORAGE_SEED=<seed>`.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { print } from '../../src/ast/print.js';
import { arbNumber } from '../../src/testing/value-pools.js';
import { arbValidExpr } from '../properties/arbitraries/schema-query.js';
import { numberSchema } from '../number/number-schema.js';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/compile-predicate.js';
import { defineSqlMapping } from '../../src/backends/sql/define-mapping.js';
import { resolveDialect } from '../../src/backends/sql/dialects.js';
import { selectSql } from '../../src/backends/sql/select-sql.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { STORAGE_ENGINES, useStorageEngines, type StorageEngineName } from './storage-engines.js';

const schema = defineSchema({
  entities: {
    hero: {
      attributes: {
        age: { type: 'Number', nullable: true },
        score: { type: 'Number', source: { kind: 'element', arrays: ['scores'] } },
      },
    },
  },
});

/** Values every 16-bit column holds, the extremes included. */
const HEROES = [
  { id: 1, age: 14, scores: [14] },
  { id: 2, age: 15, scores: [15, -32768] },
  { id: 3, age: -32768, scores: [] },
  { id: 4, age: 32767, scores: [32767] },
  { id: 5, age: null, scores: [0] },
  { id: 6, age: 0, scores: [14, 15] },
] as const;

/** The filter, and the ids it selects through `age` and through `score`. */
const CASES: readonly (readonly [string, readonly number[], readonly number[]])[] = [
  ['GT 14.5', [2, 4], [2, 4, 6]],
  ['GTE 14.5', [2, 4], [2, 4, 6]],
  ['LT 14.5', [1, 3, 6], [1, 2, 5, 6]],
  ['LTE 14.5', [1, 3, 6], [1, 2, 5, 6]],
  ['GT 14', [2, 4], [2, 4, 6]],
  ['LTE -0.5', [3], [2]],
  ['EQ 14.5', [], []],
  ['NOT_EQ 14.5', [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]],
  ['EQ 15', [2], [2, 6]],
  ['NOT_EQ 15', [1, 3, 4, 5, 6], [1, 3, 4, 5]],
  ['IN 14.5, 15, 1e300', [2], [2, 6]],
  ['NOT_IN 14.5, 15, 1e300', [1, 3, 4, 5, 6], [1, 3, 4, 5]],
  ['NOT_IN 14.5', [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]],
  ['LT 3000000000', [1, 2, 3, 4, 6], [1, 2, 4, 5, 6]],
  ['GT 3000000000', [], []],
  ['GT -3000000000', [1, 2, 3, 4, 6], [1, 2, 4, 5, 6]],
  ['LT 1e300', [1, 2, 3, 4, 6], [1, 2, 4, 5, 6]],
  ['GTE 1e19', [], []],
  ['LTE -1e19', [], []],
  ['GT -1e19', [1, 2, 3, 4, 6], [1, 2, 4, 5, 6]],
  ['EQ 1e19', [], []],
  ['EQ -32768', [3], [2]],
  ['GTE 32767', [4], [4]],
];

/** The engine's integer types of 16, 32 and 64 bits. */
const TYPES: Record<StorageEngineName, readonly string[]> = {
  sqlite: ['INTEGER'],
  pglite: ['smallint', 'integer', 'bigint'],
  'postgres-server': ['smallint', 'integer', 'bigint'],
  mariadb: ['SMALLINT', 'INT', 'BIGINT'],
  duckdb: ['SMALLINT', 'INTEGER', 'BIGINT'],
};

const engine = useStorageEngines();

const SEED = Number(process.env.TQL_STORAGE_SEED) || Math.floor(Math.random() * 2 ** 31);
const INT32 = 2 ** 31;

/** Integers near the literals queries use, the 32-bit extremes, and NULL. */
const arbInteger = fc.oneof(
  { weight: 4, arbitrary: arbNumber.map((n) => Math.max(-INT32, Math.min(INT32 - 1, Math.trunc(n)))) },
  { weight: 1, arbitrary: fc.constantFrom<number | null>(-INT32, INT32 - 1, 0, null) },
);
const PRODUCTS = fc.sample(fc.record({ price: arbInteger, weight: arbInteger }), { seed: SEED, numRuns: 40 }).map((r, i) => ({ id: i, name: 'a', ...r }));

describe(`generated Number queries on 32-bit integer columns (seed ${SEED}; re-run with TQL_STORAGE_SEED=${SEED})`, () => {
  test.for(STORAGE_ENGINES)('%s', async (name) => {
    const e = engine(name);
    const d = resolveDialect(e.db.dialect);
    const type = TYPES[name][1] ?? TYPES[name][0]!;
    const products = 'int_product';
    await e.db.exec(`DROP TABLE IF EXISTS ${d.quoteIdentifier(products)}`);
    await e.db.exec(`CREATE TABLE ${d.quoteIdentifier(products)} (id INTEGER PRIMARY KEY, name VARCHAR(8), price ${type}, weight ${type})`);
    for (const r of PRODUCTS) {
      await e.db.all({ text: `INSERT INTO ${d.quoteIdentifier(products)} (id, name, price, weight) VALUES (${[1, 2, 3, 4].map((n) => d.placeholder(n)).join(', ')})`, values: [r.id, r.name, r.price, r.weight] });
    }
    const mapping = defineSqlMapping(numberSchema, { product: { table: products, key: 'id', storage: { price: 'integer', weight: 'integer' } } });
    await fc.assert(
      fc.asyncProperty(arbValidExpr(numberSchema.entities.product, { maxLeaves: 3 }), async (expr) => {
        const query = check(print(expr), numberSchema, 'product');
        const expected = filterRecords(query, PRODUCTS).map((r) => r.id);
        const got = await e.db.all<{ id: unknown }>(selectSql(query, { dialect: d, mapping }));
        expect(got.map((r) => Number(r.id)), `${name}: ${print(expr)}`).toEqual(expected);
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});

describe('Number bounds on integer columns', () => {
  test('memory selects the table', () => {
    for (const [filter, ages, scores] of CASES) {
      const ids = (attribute: string) => filterRecords(check(`hero.${attribute} ${filter}`, schema, 'hero'), HEROES).map((h) => h.id);
      expect([ids('age'), ids('score')], filter).toEqual([ages, scores]);
    }
  });

  test.for(STORAGE_ENGINES.flatMap((e) => TYPES[e].map((type) => [e, type] as const)))('%s %s', async ([name, type]) => {
    const e = engine(name);
    const d = resolveDialect(e.db.dialect);
    const q = d.quoteIdentifier;
    const p = (n: number) => d.placeholder(n);
    const heroes = `int_hero_${type}`;
    const scores = `int_score_${type}`;
    await e.db.exec(`DROP TABLE IF EXISTS ${q(scores)}`);
    await e.db.exec(`DROP TABLE IF EXISTS ${q(heroes)}`);
    await e.db.exec(`CREATE TABLE ${q(heroes)} (id INTEGER PRIMARY KEY, age ${type})`);
    await e.db.exec(`CREATE TABLE ${q(scores)} (hero_id INTEGER, value ${type})`);
    for (const h of HEROES) {
      await e.db.all({ text: `INSERT INTO ${q(heroes)} (id, age) VALUES (${p(1)}, ${p(2)})`, values: [h.id, h.age] });
      for (const s of h.scores) await e.db.all({ text: `INSERT INTO ${q(scores)} (hero_id, value) VALUES (${p(1)}, ${p(2)})`, values: [h.id, s] });
    }
    const mapping = defineSqlMapping(schema, {
      hero: { table: heroes, key: 'id', storage: { age: 'integer' }, collections: { scores: { table: scores, foreignKey: 'hero_id', storage: { value: 'integer' } } } },
    });
    const ids = async (text: string) => (await e.db.all<{ id: unknown }>(selectSql(check(text, schema, 'hero'), { dialect: d, mapping }))).map((r) => Number(r.id));
    for (const [filter, ages, scoreIds] of CASES) {
      expect(await ids(`hero.age ${filter}`), `${name} ${type}: hero.age ${filter}`).toEqual(ages);
      expect(await ids(`hero.score ${filter}`), `${name} ${type}: hero.score ${filter}`).toEqual(scoreIds);
    }
  });
});
