/**
 * The storage differential of the declared value storages: Booleans stored as 0/1
 * (`zero_one`, 2 and -1 among them, which are no value), Numbers stored as decimal text
 * (`decimal_text`, in a NUMERIC column) and Numbers in an integer column (`storage: 'integer'`,
 * and without it where the engine compares any number with the column), on every engine: generated queries (fractions, exponents, bounds far past every column's
 * range) over generated rows select what the in-memory backend selects over the same rows, and
 * never fail. Decimal texts have at most 15 significant digits: a
 * decimal_text is compared by its nearest double (docs/schema.md), and so is a NUMERIC column
 * on SQLite, MySQL and DuckDB, where PostgreSQL compares exact decimals; within 15 digits the
 * nearest doubles order as the decimals do. Re-run a failure with `TQL_STORAGE_SEED=<seed>`.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { print } from '../../src/ast/print.js';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/compile-predicate.js';
import { defineSqlMapping } from '../../src/backends/sql/define-mapping.js';
import { resolveDialect } from '../../src/backends/sql/dialects.js';
import { selectSql } from '../../src/backends/sql/select-sql.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { arbValidExpr } from '../properties/arbitraries/schema-query.js';
import { STORAGE_ENGINES, useStorageEngines, type StorageEngineName } from './storage-engines.js';

const schema = defineSchema({
  entities: {
    review: {
      attributes: {
        enhanced: { type: 'Boolean', storage: 'zero_one', nullable: true },
        price: { type: 'Number', storage: 'decimal_text', nullable: true },
        stars: { type: 'Number', nullable: true },
      },
    },
  },
});

const SEED = Number(process.env.TQL_STORAGE_SEED) || Math.floor(Math.random() * 2 ** 31);

/** Decimal text of at most 15 significant digits, 6 after the point (a NUMERIC(20, 6) holds it). */
const arbDecimalText = fc
  .tuple(fc.boolean(), fc.integer({ min: 0, max: 999_999_999 }), fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 6 }))
  .map(([negative, whole, fraction, places]) => `${negative ? '-' : ''}${whole}${places === 0 ? '' : `.${String(fraction).padStart(6, '0').slice(0, places)}`}`);

const INT32 = 2 ** 31;

const arbRow = fc.record({
  enhanced: fc.constantFrom<number | null>(0, 1, 2, -1, null),
  price: fc.oneof({ weight: 4, arbitrary: arbDecimalText }, { weight: 1, arbitrary: fc.constantFrom<string | null>(null, '0', '-0', '10', '10.00', '9.99') }),
  stars: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: -1000, max: 1000 }) }, { weight: 1, arbitrary: fc.constantFrom<number | null>(null, -INT32, INT32 - 1, 0, 14, 15) }),
});

const ROWS = fc.sample(arbRow, { seed: SEED, numRuns: 40 }).map((r, i) => ({ id: i + 1, ...r }));

/** Each engine's 0/1 column, exact decimal column and 32-bit integer column. */
const TYPES: Record<StorageEngineName, readonly [boolean: string, decimal: string, integer: string]> = {
  sqlite: ['INTEGER', 'NUMERIC', 'INTEGER'],
  pglite: ['smallint', 'numeric(20, 6)', 'integer'],
  'postgres-server': ['smallint', 'numeric(20, 6)', 'integer'],
  mariadb: ['TINYINT', 'DECIMAL(20, 6)', 'INT'],
  duckdb: ['TINYINT', 'DECIMAL(20, 6)', 'INTEGER'],
};

const engine = useStorageEngines();

describe(`value storages on every engine (seed ${SEED}; re-run with TQL_STORAGE_SEED=${SEED})`, () => {
  test.for(STORAGE_ENGINES)('%s selects what memory selects for generated queries', async (name) => {
    const e = engine(name);
    const d = resolveDialect(e.db.dialect);
    const table = d.quoteIdentifier('stored_review');
    const [bool, decimal, integer] = TYPES[name];
    await e.db.exec(`DROP TABLE IF EXISTS ${table}`);
    await e.db.exec(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, enhanced ${bool}, price ${decimal}, stars ${integer})`);
    for (const r of ROWS) {
      await e.db.all({ text: `INSERT INTO ${table} (id, enhanced, price, stars) VALUES (${[1, 2, 3, 4].map((n) => d.placeholder(n)).join(', ')})`, values: [r.id, r.enhanced, r.price, r.stars] });
    }
    const declared = defineSqlMapping(schema, { review: { table: 'stored_review', key: 'id', storage: { stars: 'integer' } } });
    // Where the engine compares any number with an integer column, the entry is optional: both answer.
    const mappings = d.columns.integersTakeOnlyIntegers === true ? [declared] : [declared, defineSqlMapping(schema, { review: { table: 'stored_review', key: 'id' } })];
    await fc.assert(
      fc.asyncProperty(arbValidExpr(schema.entities.review, { maxLeaves: 3 }), async (expr) => {
        const text = print(expr);
        const query = check(text, schema, 'review');
        const expected = filterRecords(query, ROWS).map((r) => r.id);
        // Every storage compiles on every engine: any error, a TqlError too, fails the case.
        for (const mapping of mappings) {
          const got = (await e.db.all<{ id: unknown }>(selectSql(query, { dialect: d, mapping }))).map((r) => Number(r.id)).sort((a, b) => a - b);
          expect(got, `${name}${mapping === declared ? '' : ' (no integer entry)'}: ${text}`).toEqual(expected);
        }
      }),
      { seed: SEED, numRuns: 80 },
    );
  });
});
