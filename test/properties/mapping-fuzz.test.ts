/**
 * The SQL mapping surfaces under hostile input, with the core's oracles: `defineSqlMapping` and
 * `indexAdvice` answer any mapping (well-formed ones with long, non-ASCII or misspelt names,
 * storage entries of every kind and of none, junk anywhere) with a result or a TqlError, over
 * 20,000 generated calls on the scheduling models and a generated schema; every advised name
 * fits 63 bytes and no two are alike. Mappings and options whose reading throws (getters,
 * proxies, anywhere inside) get `invalid_option` from `defineSqlMapping`, `indexAdvice` and
 * `checkSqlMapping` whenever a throwing read ran, never what was thrown.
 */
import { fc, test } from '../support/property.js';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { checkSqlMapping } from '../../src/backends/sql/check-mapping.js';
import { sqlDatabase } from '../../src/backends/sql/database.js';
import { defineSqlMapping } from '../../src/backends/sql/define-mapping.js';
import { indexAdvice } from '../../src/backends/sql/index-advice.js';
import { SQL_DIALECTS } from '../../src/backends/sql/dialects.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { createSchedulingTables } from '../../src/models/scheduling/sql/load.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import type { Schema } from '../../src/schema/types.js';
import { outcome } from '../support/outcome.js';
import { arbJunk, maybe, withJunkSomewhere } from './arbitraries/junk.js';
import { syntheticSchema } from './arbitraries/schema-query.js';
import { arbThrowingReads, throwingReadAnswer, throwingReadAnswerAsync } from './arbitraries/throwing-reads.js';

const SCHEMAS: readonly Schema[] = [schedulingSchema as Schema, syntheticSchema as Schema];

// Typed entry points called with untyped arguments, as a JavaScript caller may.
const untyped = {
  defineSqlMapping: defineSqlMapping as (schema: unknown, mapping: unknown) => unknown,
  indexAdvice: indexAdvice as (schema: unknown, options: unknown) => string[],
};

/** Names: plain, long, non-ASCII, one letter off, the prototype's. */
const arbName = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/),
  fc.stringMatching(/^[a-z][a-z0-9_]{60,70}$/),
  fc.constantFrom('ä'.repeat(31), '\ud83d\ude00'.repeat(20), 'entty', '__proto__', 'constructor', ''),
);
const arbStorage = fc.constantFrom<unknown>('unix_seconds', 'unix_milliseconds', 'iso_text', 'timestamptz', 'timestamp', 'uuid', 'integer', { kind: 'timestamp', timeZone: 'Europe/Berlin' }, { kind: 'iso_text', timeZone: 'Mars/Base' }, 'date', 42);

/** A mapping entry for each entity of `schema`, with names and storage drawn, and junk now and then. */
function arbMapping(schema: Schema): fc.Arbitrary<unknown> {
  const entry = fc.record(
    {
      table: maybe(arbName),
      key: maybe(arbName),
      columns: maybe(fc.dictionary(arbName, arbName, { maxKeys: 4 })),
      storage: maybe(fc.dictionary(fc.oneof(arbName, fc.constantFrom('created_at', 'id', 'updated_at')), arbStorage, { maxKeys: 3 })),
    },
    { requiredKeys: ['table', 'key'] },
  );
  const names = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.entityNames) }, { weight: 1, arbitrary: arbName });
  return fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(names, entry, { maxKeys: 6 }) },
    { weight: 2, arbitrary: fc.gen().map((draw) => withJunkSomewhere(structuredClone(schedulingSqlMapping), draw)) },
    { weight: 1, arbitrary: arbJunk },
  );
}

const arbCall = fc.constantFrom(...SCHEMAS).chain((schema) => fc.record({ schema: fc.constant(schema), mapping: arbMapping(schema) }));
const byteLength = (s: string) => Buffer.byteLength(s, 'utf8');

describe('every mapping entry point answers with a result or a TqlError (20,000 calls)', () => {
  test.prop([arbCall], { numRuns: 10_000 })('defineSqlMapping', ({ schema, mapping }) => {
    const r = outcome(() => untyped.defineSqlMapping(schema, mapping));
    if (r.ok) expect(Object.isFrozen(r.value)).toBe(true);
  });

  test.prop([arbCall, fc.constantFrom(...(Object.keys(SQL_DIALECTS) as (keyof typeof SQL_DIALECTS)[])), maybe(fc.constantFrom('created_at', false))], { numRuns: 10_000 })('indexAdvice', ({ schema, mapping }, dialect, listOrder) => {
    const r = outcome(() => untyped.indexAdvice(schema, { dialect, mapping, listOrder }));
    if (!r.ok) return;
    const names = r.value.map((statement) => /INDEX (?:IF NOT EXISTS )?("(?:[^"]|"")*"|`(?:[^`]|``)*`)/.exec(statement)?.[1]).filter((n) => n !== undefined);
    const unquoted = names.map((n) => n.slice(1, -1).replace(/""/g, '"').replace(/``/g, '`'));
    for (const name of unquoted) expect(byteLength(name), name).toBeLessThanOrEqual(63);
    expect(new Set(unquoted.map((n) => n.toLowerCase())).size).toBe(unquoted.length);
  });
});

describe('mappings and options whose reading throws are invalid_option, never what was thrown (4,500 calls)', () => {
  const arbGoodMapping = fc.constant(structuredClone(schedulingSqlMapping) as object);
  const arbAdviceOptions = fc.record({
    dialect: fc.constantFrom(...(Object.keys(SQL_DIALECTS) as (keyof typeof SQL_DIALECTS)[])),
    mapping: fc.constant(structuredClone(schedulingSqlMapping) as object),
    listOrder: fc.constantFrom('created_at', false),
    trigram: fc.boolean(),
  });

  test.prop([arbThrowingReads(arbGoodMapping)], { numRuns: 2_000 })('defineSqlMapping', (mapping) => {
    throwingReadAnswer(() => untyped.defineSqlMapping(schedulingSchema, mapping.value), mapping.ran);
  });

  test.prop([arbThrowingReads(arbAdviceOptions)], { numRuns: 2_000 })('indexAdvice', (options) => {
    throwingReadAnswer(() => untyped.indexAdvice(schedulingSchema, options.value), options.ran);
  });

  // A real catalog: the options and mapping are read before it is, so a few hundred calls do.
  const sqlite = new Database(':memory:');
  const db = sqlDatabase(sqlite);
  beforeAll(() => createSchedulingTables(db));
  afterAll(() => sqlite.close());
  const arbCheckCall = fc.oneof(
    arbThrowingReads(fc.record({ entities: fc.subarray([...schedulingSchema.entityNames]), listOrder: fc.constantFrom('created_at', false), acceptDecimal: fc.boolean() })).map((o) => ({ mapping: { value: schedulingSqlMapping as unknown, ran: () => false }, options: o })),
    arbThrowingReads(arbGoodMapping).map((m) => ({ mapping: m, options: { value: {} as unknown, ran: () => false } })),
  );
  test.prop([arbCheckCall], { numRuns: 500 })('checkSqlMapping', async ({ mapping, options }) => {
    await throwingReadAnswerAsync(
      () => (checkSqlMapping as (...args: unknown[]) => Promise<void>)(db, schedulingSchema, mapping.value, options.value),
      () => mapping.ran() || options.ran(),
    );
  });
});
