/**
 * Whatever a caller passes to a public function, it returns normally or throws a TqlError,
 * never anything else: query texts and non-strings, option objects of any shape (null, NaN,
 * negative, huge and non-numeric limits, unknown profiles and time zones, symbols), schemas that
 * are not schemas, random schema definitions (and, when `defineSchema` accepts one, queries and
 * records through every backend), syntax trees and validated queries with junk inside, SQL
 * dialects and mappings of any shape, and records of any shape, which never make the in-memory
 * predicate throw. Every call is bounded by the test's timeout; none of these inputs may hang.
 *
 * A failure prints fast-check's seed and path; re-run it with `{ seed, path }` in the test's
 * parameters.
 */
import vm from 'node:vm';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { fc, test } from '../support/property.js';
import { describe, expect, it } from 'vitest';
import { check, safeCheck } from '../../src/api/check.js';
import { print } from '../../src/ast/print.js';
import { compilePredicate, filterRecords } from '../../src/backends/memory/index.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { compileSql, postgres, sqlite } from '../../src/backends/sql/index.js';
import type { SqlMapping } from '../../src/backends/sql/mapping.js';
import { isTqlError } from '../../src/errors/tql-error.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/index.js';
import { OPERATORS } from '../../src/ast/nodes.js';
import { parse, safeParse } from '../../src/parser/parse.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { type Entity, type Schema } from '../../src/schema/types.js';
import { validate } from '../../src/validate/validate.js';
import type { ValidatedQuery } from '../../src/validate/validated-query.js';
import { arbWildRecords } from '../backends/mongo/wild-records.js';
import { arbExpr, arbMutation, arbQuery, arbTokenSoup, mutate } from './arbitraries/ast.js';
import { arbJunk, maybe, mostly, withJunkSomewhere } from './arbitraries/junk.js';
import { arbDefinition, arbName, entriesToObject } from './arbitraries/schema-definition.js';
import { arbValidExpr, syntheticSchema, TIME_ZONES } from './arbitraries/schema-query.js';
import { outcome } from '../support/outcome.js';
import { arbQueryText } from './arbitraries/valid-query.js';
import * as testing from '../../src/testing/index.js';
import * as http from '../../src/http/index.js';
import { createListEndpoint, memoryListStore, sqlListStore } from '../../src/http/index.js';
import { storedSeconds, storedWholeSeconds } from '../../src/api/stored-seconds.js';
import { resolveNow } from '../../src/validate/resolve-now.js';
import { checkSqlMapping } from '../../src/backends/sql/check-mapping.js';
import { sqlDatabase } from '../../src/backends/sql/database.js';
import { schemaFromZod } from '../../src/integrations/zod.js';
import { createSchedulingTables, loadSchedulingData } from '../../src/models/scheduling/sql/load.js';

// ---- arguments ----

const SCHEMAS: readonly Schema[] = [schedulingSchema as Schema, syntheticSchema as Schema];

/** Query texts: valid ones, broken ones, random ones, long ones. */
const arbQueryString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...SCHEMAS).chain((s) => fc.constantFrom(...s.entityNames).chain((e) => arbValidExpr((s.entities as Record<string, Entity>)[e]!))).map((e) => print(e)),
  fc.constantFrom(...schedulingSchema.entityNames).chain((e) => arbQueryText(e).map((q) => q.text)),
  fc.tuple(fc.constantFrom(...schedulingSchema.entityNames).chain((e) => arbQueryText(e)), fc.array(arbMutation, { minLength: 1, maxLength: 3 })).map(([q, ms]) => ms.reduce(mutate, q.text)),
  arbTokenSoup,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.tuple(fc.constantFrom('agent.name EQ x AND ', '(', 'a.b IN x,', 'agent.name EQ "\\"'), fc.nat({ max: 3000 })).map(([unit, n]) => unit.repeat(n)),
);

const arbLimit = fc.oneof(
  { weight: 3, arbitrary: fc.oneof(fc.integer({ min: 1, max: 5000 }), fc.constant(Infinity)) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(0, -1, -Infinity, NaN, 1.5, 1e300, 2 ** 53, '10', null, undefined) },
  { weight: 1, arbitrary: arbJunk },
);
const arbLimits = fc.oneof(
  fc.record({ maxLength: arbLimit, maxPredicates: arbLimit, maxDepth: arbLimit, maxListValues: arbLimit, maxValueLength: arbLimit }, { requiredKeys: [] }),
  arbJunk,
);
const arbProfile = mostly(fc.constantFrom<unknown>('extended', 'timezest', undefined, 'timezset', 'EXTENDED', ''));
const arbTimeZone = mostly(fc.constantFrom<unknown>(...TIME_ZONES, undefined, 'Mars/Olympus_Mons', 'utc', '+02:00', 'Etc/GMT+5', '', 'Europe/Berlin\u0000'));
/** Option objects of `check`: every key drawn from good and bad values, or no object at all. */
const arbCheckOptions: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ profile: arbProfile, timeZone: arbTimeZone, limits: fc.oneof(fc.constant(undefined), arbLimits), cache: mostly(fc.boolean()) }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: arbJunk },
);
/** A schema, one of its entities and a query text for it: the calls that can succeed. */
const arbCoherentCall = fc.constantFrom(...SCHEMAS).chain((schema) =>
  fc.constantFrom(...schema.entityNames).chain((entity) =>
    fc.record({
      schema: fc.constant<unknown>(schema),
      entity: fc.constant<unknown>(entity),
      text: fc.oneof({ weight: 3, arbitrary: arbValidExpr((schema.entities as Record<string, Entity>)[entity]!).map((e) => print(e)) }, { weight: 1, arbitrary: arbQueryString }),
    }),
  ),
);
const arbSchemaArg: fc.Arbitrary<unknown> = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...SCHEMAS) }, { weight: 1, arbitrary: arbJunk }, { weight: 1, arbitrary: fc.constant(syntheticSchema.definition) });
const arbEntityArg: fc.Arbitrary<unknown> = fc.oneof(fc.constantFrom(...schedulingSchema.entityNames, ...syntheticSchema.entityNames), fc.constantFrom('nope', '__proto__', 'constructor', 'toString', 'Agent'), arbJunk);

// Typed entry points called with untyped arguments, as a JavaScript caller may.
const untyped = {
  check: check as (...args: unknown[]) => ValidatedQuery,
  safeCheck: safeCheck as (...args: unknown[]) => { ok: boolean; error?: unknown; value?: unknown },
  parse: parse as (...args: unknown[]) => unknown,
  safeParse: safeParse as (...args: unknown[]) => { ok: boolean; error?: unknown },
  validate: validate as (...args: unknown[]) => ValidatedQuery,
  defineSchema: defineSchema as (definition: unknown) => Schema,
  print: print as (...args: unknown[]) => string,
  compileSql: compileSql as (...args: unknown[]) => { text: unknown; values: unknown },
  compileMongo: compileMongo as (query: unknown) => unknown,
  compilePredicate: compilePredicate as (query: unknown) => (record: unknown) => boolean,
  filterRecords: filterRecords as (query: unknown, records: unknown) => unknown[],
};

// ---- texts, options, schemas and entities ----

describe('check, safeCheck, parse and validate take anything', () => {
  const arbCall = fc.oneof(
    { weight: 3, arbitrary: arbCoherentCall },
    { weight: 2, arbitrary: fc.record({ text: fc.oneof({ weight: 4, arbitrary: arbQueryString }, { weight: 1, arbitrary: arbJunk }), schema: arbSchemaArg, entity: arbEntityArg }) },
  );

  test.prop([arbCall, arbCheckOptions], { numRuns: 4800 })(
    'check and safeCheck: a result or a TqlError, and they agree',
    ({ text, schema, entity }, options) => {
      const thrown = outcome(() => untyped.check(text, schema, entity, options));
      let safe: { ok: boolean; error?: unknown } | undefined;
      // Catches: safeCheck throwing instead of returning the error.
      expect(() => (safe = untyped.safeCheck(text, schema, entity, options))).not.toThrow();
      expect(safe!.ok).toBe(thrown.ok);
      if (!safe!.ok) expect(isTqlError(safe!.error)).toBe(true);
    },
  );

  test.prop([fc.oneof({ weight: 4, arbitrary: arbQueryString }, { weight: 1, arbitrary: arbJunk }), fc.oneof(fc.record({ limits: arbLimits }, { requiredKeys: [] }), arbJunk)], { numRuns: 3000 })(
    'parse and safeParse: a tree or a TqlError',
    (text, options) => {
      const thrown = outcome(() => untyped.parse(text, options));
      expect(untyped.safeParse(text, options).ok).toBe(thrown.ok);
    },
  );

  test.prop([arbQuery({ maxDepth: 2 }), arbSchemaArg, arbEntityArg, arbCheckOptions], { numRuns: 1800 })(
    'validate: any syntax tree, with any schema, entity and options',
    (query, schema, entity, options) => {
      outcome(() => untyped.validate(query, schema, entity, options));
    },
  );

  test.prop([arbQueryString, fc.constantFrom(...SCHEMAS), fc.gen()], { numRuns: 1800 })(
    'validate: a parsed tree with junk put somewhere inside it',
    (text, schema, draw) => {
      const parsed = outcome(() => parse(text));
      const tree: unknown = parsed.ok ? parsed.value : draw(() => arbQuery({ maxDepth: 1 }));
      const broken = withJunkSomewhere(tree, draw);
      outcome(() => untyped.validate(broken, schema, draw(() => fc.constantFrom(...schema.entityNames))));
    },
  );

  test.prop([arbJunk, arbSchemaArg, arbEntityArg], { numRuns: 1200 })('validate: junk for a tree', (query, schema, entity) => {
    outcome(() => untyped.validate(query, schema, entity));
  });
});

// ---- schema definitions ----


/** Every string a definition mentions: record keys the backends will read. */
function stringsIn(value: unknown, into = new Set<string>(), depth = 0): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (typeof value === 'object' && value !== null && depth < 8) {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      stringsIn(v, into, depth + 1);
    }
  }
  return into;
}

/** A table per entity and per array an element source names, so the SQL backend goes deep. */
function sqlMappingFor(schema: Schema): SqlMapping {
  const mapping: Record<string, unknown> = {};
  for (const name of schema.entityNames) {
    const entity = (schema.entities as Record<string, Entity>)[name]!;
    const collections: Record<string, unknown> = {};
    for (const a of entity.attributeNames) {
      const source = entity.attributes[a]!.source as { kind?: unknown; arrays?: unknown };
      if (source.kind === 'element' && Array.isArray(source.arrays)) {
        for (const array of source.arrays) if (typeof array === 'string') collections[array] = { table: `${name}_${array}`, foreignKey: 'owner_id' };
      }
    }
    mapping[name] = { table: name, key: 'id', collections };
  }
  return mapping as SqlMapping;
}

describe('defineSchema takes any definition, and what it accepts is safe to use', () => {
  test.prop([arbDefinition, fc.gen()], { numRuns: 2400 })('a schema or a TqlError; then queries, every backend and any record', (definition, draw) => {
    const made = outcome(() => untyped.defineSchema(definition));
    if (!made.ok) return;
    const schema = made.value;
    const names = [...stringsIn(definition)];
    for (const entityName of schema.entityNames) {
      const entity = (schema.entities as Record<string, Entity>)[entityName]!;
      if (entity.attributeNames.length === 0) continue;
      // Predicates on the entity's attributes: mostly with an operator and a value they take.
      const text = draw(() =>
        fc
          .array(
            fc.constantFrom(...entity.attributeNames).chain((name) => {
              const a = entity.attributes[name]!;
              const typed = a.values?.[0] ?? { String: 'x', Boolean: 'true', Timestamp: '2023-07-01', Number: '-1.5', ID: a.id?.kind === 'prefixed' ? `${a.id.prefix}a` : '5' }[a.type];
              return fc
                .tuple(fc.oneof(fc.constantFrom(...a.operators), fc.constantFrom(...OPERATORS)), fc.oneof({ weight: 4, arbitrary: fc.constant(typed) }, { weight: 1, arbitrary: fc.constantFrom('"a b"', 'null', '#1', 'a,b', 'x') }))
                .map(([op, v]) => `${entityName}.${name} ${op} ${v}`);
            }),
            { minLength: 1, maxLength: 2 },
          )
          .map((ps) => ps.join(' AND ')),
      );
      const checked = outcome(() => check(text, schema, entityName, { cache: false }));
      if (!checked.ok) continue;
      const q = checked.value;
      outcome(() => compileMongo(q));
      for (const dialect of ['postgres', 'sqlite'] as const) outcome(() => compileSql(q, { dialect, mapping: sqlMappingFor(schema) }));
      const predicate = outcome(() => compilePredicate(q));
      if (!predicate.ok) continue;
      const records = draw(() => fc.array(arbRecordAround(names), { maxLength: 6 }));
      // Catches: a record shape that makes the predicate throw or answer something other than a boolean.
      for (const r of records) expect(typeof predicate.value(r)).toBe('boolean');
    }
  });
});

// ---- printing ----

describe('print', () => {
  test.prop([fc.oneof(arbExpr({ maxDepth: 2 }), arbQuery({ maxDepth: 2 })), fc.oneof(fc.record({ style: fc.oneof(fc.constantFrom<unknown>('url', 'readable', 'URL', ''), arbJunk) }, { requiredKeys: [] }), arbJunk)], { numRuns: 600 })('any valid tree with any options: text or a TqlError', (tree, options) => {
    const printed = outcome(() => untyped.print(tree, options));
    if (printed.ok) expect(typeof printed.value).toBe('string');
  });
});

// ---- backends ----

const arbValidated: fc.Arbitrary<ValidatedQuery> = fc
  .constantFrom(...schedulingSchema.entityNames)
  .chain((e) => arbQueryText(e, 2))
  .map(({ entity, text }) => check(text, schedulingSchema, entity));

const arbDialect: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>('postgres', 'sqlite', postgres, sqlite) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>('mysql', 'Postgres', 'constructor', '__proto__', 'toString', '') },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({}, { ...sqlite, placeholder: 'x' }, { ...postgres, quoteIdentifier: () => 5 }, { ...postgres, lower: undefined }, { name: 'half', placeholder: () => '?' }) },
  { weight: 1, arbitrary: arbJunk },
);
const arbMapping: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(schedulingSqlMapping) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(...schedulingSchema.entityNames).chain((e) =>
      fc.record({
        [e]: fc.record(
          {
            table: maybe(fc.constantFrom('t', 'a"b', '', 'x y')),
            key: maybe(fc.constant('id')),
            columns: maybe(fc.dictionary(arbName, maybe(arbName))),
            collections: maybe(
              fc.dictionary(
                fc.constantFrom('associated_entities', 'resources', 'scheduled_agents', '__proto__'),
                maybe(fc.record({ table: maybe(fc.constantFrom('c', 't', 'a"b')), foreignKey: maybe(fc.constant('owner')), discriminator: maybe(fc.record({ column: maybe(fc.constant('role')), value: maybe(fc.constant('r')) })), columns: maybe(fc.dictionary(arbName, maybe(arbName))) }, { requiredKeys: [] })),
              ),
            ),
          },
          { requiredKeys: [] },
        ),
      }),
    ),
  },
  { weight: 1, arbitrary: arbJunk },
);

describe('the backends take any options and any record', () => {
  test.prop([arbValidated, arbDialect, arbMapping, maybe(fc.constantFrom('database', 'unicode'))], { numRuns: 1800 })(
    'compileSql with any dialect, mapping and case folding: SQL or a TqlError',
    (q, dialect, mapping, caseFolding) => {
      const sql = outcome(() => untyped.compileSql(q, { dialect, mapping, caseFolding }));
      if (sql.ok) expect(typeof sql.value.text).toBe('string');
      // Catches: a valid query refused with the real mapping and a built-in dialect.
      expect(outcome(() => compileSql(q, { dialect: 'sqlite', mapping: schedulingSqlMapping })).ok).toBe(true);
    },
  );

  test.prop([arbValidated, fc.gen()], { numRuns: 1800 })('compileMongo and compilePredicate: a valid query always compiles; any record gives a boolean', (q, draw) => {
    expect(outcome(() => compileMongo(q)).ok).toBe(true);
    const matches = compilePredicate(q);
    const records = draw(() => fc.oneof(arbWildRecords(q.entity), fc.array(arbRecordAround(['name', 'associated_entities', 'resources', 'type', 'id', 'object', 'url_slug']), { maxLength: 8 })));
    // Catches: a record that makes the predicate throw, or an answer that is not a boolean.
    for (const r of records) expect(typeof matches(r)).toBe('boolean');
    expect(outcome(() => untyped.filterRecords(q, records)).ok).toBe(true);
  });

  test.prop([arbValidated, arbJunk], { numRuns: 1200 })('filterRecords with anything for the records', (q, records) => {
    outcome(() => untyped.filterRecords(q, records));
  });

  test.prop([fc.oneof(arbJunk, arbValidated.chain((q) => fc.gen().map((draw) => withJunkSomewhere(q, draw))))], { numRuns: 2400 })(
    'a validated query with junk inside, or junk: every backend compiles it or throws a TqlError',
    (q) => {
      outcome(() => untyped.compileMongo(q));
      outcome(() => untyped.compileSql(q, { dialect: 'postgres', mapping: schedulingSqlMapping }));
      const predicate = outcome(() => untyped.compilePredicate(q));
      if (predicate.ok) for (const r of [{}, null, { name: 'x' }]) outcome(() => predicate.value(r));
    },
  );
});

describe('in place', () => {
  // compilePredicate trusts the shape of a query object validate() made; one changed in place
  // afterwards (its fields are readonly, but JavaScript callers can) must still give a predicate
  // or a TqlError. Fresh objects (cache: false), so the check cache is never poisoned.
  // The texts, not the queries, are generated: a failure then prints a query text and a draw.
  // endOnFailure: shrinking junk drawn through fc.gen() ran out of memory after minutes; the
  // first counterexample is already short.
  const arbText = fc.constantFrom(...schedulingSchema.entityNames).chain((e) => arbQueryText(e, 2));

  test.prop([arbText, fc.gen()], { numRuns: 1500, endOnFailure: true })('a validated query changed in place: compilePredicate gives a predicate or a TqlError', ({ entity, text }, draw) => {
    const q = check(text, schedulingSchema, entity, { cache: false });
    changeInPlace(q, draw);
    const predicate = outcome(() => untyped.compilePredicate(q));
    if (predicate.ok) for (const r of [{}, null, { name: 'x' }, { resources: [{ type: 'agent', id: 'x' }] }]) outcome(() => predicate.value(r));
  });
});

/** Puts junk at one place inside `value`, changing it where it is (unlike {@link withJunkSomewhere}). */
function changeInPlace(value: unknown, draw: fc.GeneratorValue): void {
  const slots: { holder: Record<string | number, unknown>; key: string | number }[] = [];
  const visit = (v: unknown, depth: number): void => {
    if (typeof v !== 'object' || v === null || depth > 12 || Object.isFrozen(v)) return;
    for (const [k, x] of Object.entries(v)) {
      slots.push({ holder: v as Record<string | number, unknown>, key: Array.isArray(v) ? Number(k) : k });
      visit(x, depth + 1);
    }
  };
  visit(value, 0);
  if (slots.length === 0) return;
  const slot = slots[draw(() => fc.nat({ max: slots.length - 1 }))]!;
  slot.holder[slot.key] = draw(() => arbJunk);
}

/**
 * A record whose keys come from `names` (and prototype keys), whose values are anything: junk,
 * arrays of such records, nested records. Prototype keys are made own properties.
 */
function arbRecordAround(names: readonly string[]): fc.Arbitrary<unknown> {
  const key = fc.oneof({ weight: 4, arbitrary: names.length > 0 ? fc.constantFrom(...names) : fc.constant('name') }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty') });
  const leaf = fc.oneof(arbJunk, names.length > 0 ? fc.constantFrom(...names) : fc.constant('x'), fc.integer(), fc.boolean());
  const { record } = fc.letrec<{ record: Record<string, unknown>; value: unknown }>((tie) => ({
    record: fc.array(fc.tuple(key, tie('value')), { maxLength: 5 }).map(entriesToObject),
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('record'), fc.array(tie('record'), { maxLength: 3 }), fc.array(leaf, { maxLength: 3 })),
  }));
  return fc.oneof({ weight: 6, arbitrary: record }, { weight: 1, arbitrary: arbJunk }, { weight: 1, arbitrary: fc.array(record, { maxLength: 2 }) });
}

// ---- the surfaces around the core: the testing kit, stored-value readers, clocks, list helpers, checkSqlMapping ----

/** Values that broke these surfaces once: clocks and dates that only look like dates, huge sparse lists, revoked proxies, cycles, zones. */
function surroundingHostiles(): unknown[] {
  const huge: unknown[] = [];
  huge.length = 2 ** 32 - 1;
  huge[0] = 'x';
  const { proxy: revokedProxy, revoke } = Proxy.revocable({}, {});
  revoke();
  const cyclic: Record<string, unknown> = { agreed: false, disagreements: [] };
  (cyclic['disagreements'] as unknown[]).push({ query: 'q', records: [cyclic], expected: [], got: [], missing: [], extra: [], rules: [] });
  const overridden = new Date(0);
  overridden.getTime = () => 5;
  return [
    new Proxy(new Date(0), {}),
    vm.runInNewContext('new Date(86400000)'),
    Object.setPrototypeOf(new Date(1000), null),
    overridden,
    huge,
    revokedProxy,
    cyclic,
    { kind: 'And' },
    { kind: 'iso_text', timeZone: 'Etc/GMT+14' },
    { kind: 'iso_text', timeZone: 'Nope/Nope' },
    { kind: 'iso_text', timeZone: '' },
    { kind: 'iso_text', timeZone: 5 },
    '999999999',
    '0:99999',
    1700000000n,
    { url: 5 },
    { _zod: {} },
  ];
}
/** A value fast-check must not look into (a revoked proxy throws on every look): unwrapped for the call. */
class Unlooked {
  constructor(
    readonly value: unknown,
    readonly index: number,
  ) {}
  [fc.toStringMethod](): string {
    return `surroundingHostiles()[${this.index}]`;
  }
}
const HOSTILES = surroundingHostiles().map((v, i) => new Unlooked(v, i));
const unwrapped = (v: unknown) => (v instanceof Unlooked ? v.value : v);
const arbSurroundingJunk = fc.oneof({ weight: 3, arbitrary: arbJunk }, { weight: 2, arbitrary: fc.constantFrom(...HOSTILES) });
/** Mostly a good argument, now and then junk or one of the values above. */
const good = <T>(value: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof({ weight: 5, arbitrary: value as fc.Arbitrary<unknown> }, { weight: 2, arbitrary: arbSurroundingJunk });
const agentQuery = check('agent.name LIKE a AND agent.created_at GTE now-7d', schedulingSchema, 'agent');
const arbSchemaOrJunk = good(fc.constant(schedulingSchema));
const arbEntityOrJunk = good(fc.constantFrom('agent', 'team'));
const arbRecords = good(fc.constant([{ id: 'a', name: 'Ada', created_at: 1700000000 }, { id: 'b' }]));
const arbQueryOrJunk = good(fc.constant(agentQuery));
const sampled = (a: unknown) => fc.sample(a as fc.Arbitrary<unknown>, { numRuns: 1, seed: 1 });
const sqliteDb = new Database(':memory:');

/** Each call takes drawn arguments; what it returns is used as a caller would (a sample drawn, a target loaded). */
const SURROUNDING: Record<string, { args: fc.Arbitrary<unknown[]>; call: (...args: never[]) => unknown }> = {
  recordArbitrary: { args: fc.tuple(arbSchemaOrJunk, arbEntityOrJunk, good(fc.constant({ hostile: true }))), call: (s, e, o) => sampled(testing.recordArbitrary(s, e, o)) },
  datasetArbitrary: { args: fc.tuple(arbSchemaOrJunk, arbEntityOrJunk, good(fc.constant({ size: 3 }))), call: (s, e, o) => sampled(testing.datasetArbitrary(s, e, o)) },
  queryArbitrary: { args: fc.tuple(arbSchemaOrJunk, arbEntityOrJunk, good(fc.constant({ depth: 1 }))), call: (s, e, o) => sampled(testing.queryArbitrary(s, e, o)) },
  invalidQueryArbitrary: { args: fc.tuple(arbSchemaOrJunk, arbEntityOrJunk), call: (s, e) => sampled(testing.invalidQueryArbitrary(s, e)) },
  referenceIds: { args: fc.tuple(arbQueryOrJunk, arbRecords, good(fc.constant('id'))), call: (q, r, k) => testing.referenceIds(q, r, k) },
  sortedIds: { args: fc.tuple(good(fc.constant(['b', 1, 2n]))), call: (ids) => testing.sortedIds(ids) },
  explainedIds: { args: fc.tuple(arbQueryOrJunk, arbRecords, good(fc.constant(() => true)), good(fc.constant('id'))), call: (q, r, d, k) => testing.explainedIds(q, r, d, k) },
  attributeTexts: { args: fc.tuple(arbRecords, good(fc.constant(schedulingSchema.entities.agent.attributes.name))), call: (r, a) => testing.attributeTexts(r, a) },
  queryRules: { args: fc.tuple(good(fc.constant(agentQuery.condition))), call: (c) => testing.queryRules(c) },
  comparisonRules: { args: fc.tuple(good(fc.constantFrom('EQ', 'LIKE')), good(fc.constant(schedulingSchema.entities.agent.attributes.name)), arbJunk), call: (o, a, v) => testing.comparisonRules(o, a, v) },
  formatReport: { args: fc.tuple(good(fc.constant({ agreed: true, seed: 1, path: undefined, datasets: 1, queries: 1, explained: [], explainedCount: 0, disagreements: [] }))), call: (r) => testing.formatReport(r) },
  checkAgreement: {
    args: fc.tuple(arbSchemaOrJunk, arbEntityOrJunk, good(fc.constant(undefined)), good(fc.constant(() => ['a'])), good(fc.constant(1))),
    call: (schema, entity, path, run, seed) => testing.checkAgreement({ schema, entity, path, run, seed, runs: 1, queries: 1, size: 2, load: () => undefined } as never),
  },
  complementLaw: { args: fc.tuple(arbSchemaOrJunk, arbEntityOrJunk, good(fc.record({ select: good(fc.constant(() => [])), records: arbRecords }))), call: (s, e, o) => fc.check(testing.complementLaw(s, e, o), { numRuns: 2, seed: 1 }) },
  sqlTarget: {
    args: fc.tuple(good(fc.constant(sqliteDb)), arbSchemaOrJunk, arbEntityOrJunk, good(fc.constant([{ id: 'a', name: 'Ada', created_at: 1700000000n }]))),
    call: async (db, schema, entity, records) => {
      const target = testing.sqlTarget({ db, schema, entity } as never);
      try {
        await target.load(records);
        return await target.run(agentQuery);
      } finally {
        await target.drop();
      }
    },
  },
  mongoTarget: { args: fc.tuple(good(fc.constant({})), arbRecords, arbQueryOrJunk), call: async (o, r, q) => { const t = testing.mongoTarget(o); await t.load(r); return t.run(q); } },
  storedSeconds: { args: fc.tuple(arbSurroundingJunk, good(fc.constantFrom('unix_seconds', { kind: 'iso_text', timeZone: 'Europe/Paris' }, { kind: 'date' }))), call: (v, s) => storedSeconds(v, s) },
  storedWholeSeconds: { args: fc.tuple(arbSurroundingJunk, good(fc.constantFrom('unix_milliseconds', { kind: 'iso_text' }))), call: (v, s) => storedWholeSeconds(v, s) },
  resolveNow: { args: fc.tuple(arbQueryOrJunk, good(fc.constant(1700000000))), call: (q, now) => resolveNow(q, now) },
  'filterRecords with a clock': { args: fc.tuple(arbQueryOrJunk, arbRecords, good(fc.constant(0))), call: (q, r, now) => filterRecords(q, r, { now }) },
  'compileMongo with a clock': { args: fc.tuple(arbQueryOrJunk, good(fc.constant(0))), call: (q, now) => compileMongo(q, { now }) },
  'compileSql with a clock': { args: fc.tuple(arbQueryOrJunk, good(fc.constant(0))), call: (q, now) => compileSql(q, { dialect: 'sqlite', mapping: schedulingSqlMapping, now }) },
  checkSqlMapping: { args: fc.tuple(good(fc.constant(sqlDatabase(sqliteDb))), arbSchemaOrJunk, good(fc.constant(schedulingSqlMapping))), call: (db, s, m) => checkSqlMapping(db, s, m) },
  createListEndpoint: {
    args: fc.tuple(arbSchemaOrJunk, arbEntityOrJunk, good(fc.constant(memoryListStore([{ id: 'a', name: 'Ada', created_at: 1 }]))), good(fc.constantFrom('/v1/agents?limit=1', new URL('http://x/v1/agents?sort=name')))),
    call: async (schema, entity, store, request) => createListEndpoint({ schema, entity, store } as never)(request),
  },
  sqlListStore: { args: fc.tuple(good(fc.constant(sqlDatabase(sqliteDb))), good(fc.constant(schedulingSqlMapping)), arbSurroundingJunk), call: (db, mapping, record) => sqlListStore({ db, mapping, entity: 'agent', record } as never) },
  'list helpers': {
    args: fc.tuple(good(fc.constant(schedulingSchema.entities.agent)), good(fc.constant(schedulingSchema.entities.agent.attributes.name)), good(fc.constant('name'))),
    call: (entity, attribute, sort) => {
      http.isSortable(attribute);
      http.sortValueReader(attribute);
      const key = http.keyAttribute(entity, undefined);
      return http.listKeyReader(http.readSort(sort, http.sortableEntity(entity, undefined), key));
    },
  },
  listReply: { args: fc.tuple(good(fc.constant(() => ({ status: 200, body: {} }))), good(fc.constant(new URL('http://x/')))), call: (list, request) => http.listReply(list, request) },
  errorBody: { args: fc.tuple(good(fc.constant((safeCheck('agent.name eq', schedulingSchema, 'agent') as { error?: unknown }).error))), call: (e) => http.errorBody(e) },
  schemaFromZod: { args: fc.tuple(good(fc.constant({ a: z.object({ name: z.string() }) }))), call: (entities) => schemaFromZod(entities) },
  loadSchedulingData: { args: fc.tuple(good(fc.constant({ agents: [{ id: 'agnt_a', name: 'A' }] }))), call: async (data) => {
      const db = new Database(':memory:');
      await createSchedulingTables(db);
      await loadSchedulingData(db, data as never);
    } },
};

/** Awaits what `f` returns: its value, or a TqlError it threw or rejected with. Anything else fails. */
async function settled(f: () => unknown): Promise<void> {
  try {
    await f();
  } catch (error) {
    expect(isTqlError(error), `threw ${String(error)}`).toBe(true);
  }
}

describe('the testing kit, stored-value readers, clocks, list helpers and checkSqlMapping take anything', () => {
  test.prop([fc.constantFrom(...Object.keys(SURROUNDING)).chain((name) => fc.tuple(fc.constant(name), SURROUNDING[name]!.args))], { numRuns: 1500 })('a result or a TqlError, in bounded time', async ([name, args]) => {
    await settled(() => (SURROUNDING[name]!.call as (...a: unknown[]) => unknown)(...args.map(unwrapped)));
  });
});

// ---- what these properties found, kept as examples ----

describe('regressions', () => {
  const q = check('agent.name EQ x', schedulingSchema, 'agent');
  const parsed = parse('agent.name EQ x');
  const withValue = (value: unknown) => ({ ...q, condition: { ...(q.condition as object), value } });
  it.for<[string, () => unknown, string]>([
    ['check with null options', () => untyped.check('agent.name EQ x', schedulingSchema, 'agent', null), 'ok'],
    ['check with a misspelt profile', () => check('agent.name EQ a OR agent.name EQ b', schedulingSchema, 'agent', { profile: 'timezset' as never }), 'invalid_option'],
    ['check with a symbol for a time zone', () => untyped.check('agent.name EQ x', schedulingSchema, 'agent', { timeZone: Symbol('z') }), 'invalid_option'],
    ['check with a symbol for a limit', () => untyped.check('agent.name EQ x', schedulingSchema, 'agent', { limits: { maxDepth: Symbol('d') } }), 'invalid_option'],
    ['check with a limit whose valueOf is not a function', () => untyped.check('agent.name EQ x', schedulingSchema, 'agent', { limits: { maxDepth: { valueOf: 5, toString: 'x' } } }), 'invalid_option'],
    ['check with a number for limits', () => untyped.check('agent.name EQ x', schedulingSchema, 'agent', { limits: 5 }), 'invalid_option'],
    ['check with a number for an entity', () => untyped.check('agent.name EQ x', schedulingSchema, 5), 'invalid_option'],
    ['check with null for an entity', () => untyped.check('agent.name EQ x', schedulingSchema, null), 'invalid_option'],
    ['check with a schema definition for a schema', () => untyped.check('agent.name EQ x', { entities: { agent: { attributes: { name: { type: 'String' } } } } }, 'agent'), 'invalid_option'],
    ['check with null for a schema', () => untyped.check('agent.name EQ x', null, 'agent'), 'invalid_option'],
    ['validate null', () => untyped.validate(null, schedulingSchema, 'agent'), 'invalid_input'],
    ['validate a predicate without values', () => untyped.validate({ ...parsed, expression: { ...parsed.expression, values: [] } }, schedulingSchema, 'agent'), 'invalid_input'],
    ['validate a tree whose spans lie past its text', () => untyped.validate({ ...parsed, text: 'x', expression: { ...parsed.expression, attribute: { kind: 'Attribute', entity: 'agent', property: 'nope', span: { start: 2 ** 30, end: 2 ** 30 + 4 } } } }, schedulingSchema, 'agent'), 'unknown_attribute'],
    ['print in an unknown style', () => untyped.print(parsed, { style: 'URL' }), 'invalid_option'],
    ['defineSchema with operators as a text', () => untyped.defineSchema({ entities: { a: { attributes: { b: { type: 'String', operators: 'EQ' } } } } }), 'invalid_schema'],
    ['defineSchema with a null id format', () => untyped.defineSchema({ entities: { a: { attributes: { b: { type: 'ID', id: null } } } } }), 'invalid_schema'],
    ['defineSchema with Infinity for values', () => untyped.defineSchema({ entities: { a: { attributes: { b: { type: 'ID', id: { kind: 'integer' }, values: Infinity } } } } }), 'invalid_schema'],
    ['defineSchema with an unknown kind of source', () => untyped.defineSchema({ entities: { a: { attributes: { b: { type: 'String', source: { kind: 'column' } } } } } }), 'invalid_schema'],
    ['defineSchema with a text for nullable', () => untyped.defineSchema({ entities: { a: { attributes: { b: { type: 'String', nullable: 'yes' } } } } }), 'invalid_schema'],
    ['compileSql with an empty dialect object', () => untyped.compileSql(q, { dialect: {}, mapping: schedulingSqlMapping }), 'invalid_option'],
    ['compileSql with a bigint for a dialect', () => untyped.compileSql(q, { dialect: 10n, mapping: schedulingSqlMapping }), 'invalid_option'],
    ['compileSql with a bigint for case folding', () => untyped.compileSql(q, { dialect: 'sqlite', mapping: schedulingSqlMapping, caseFolding: 10n }), 'invalid_option'],
    ['compileSql with a null collection', () => untyped.compileSql(check('scheduling_request.team_id EQ team_a', schedulingSchema, 'scheduling_request'), { dialect: 'sqlite', mapping: { scheduling_request: { table: 't', key: 'id', collections: { resources: null } } } }), 'invalid_mapping'],
    ['compileSql with null for a mapping’s columns', () => untyped.compileSql(q, { dialect: 'sqlite', mapping: { agent: { table: 't', key: 'id', columns: null } } }), 'invalid_mapping'],
    ['compileSql with a validated query that has no entity', () => untyped.compileSql({ ...q, entity: undefined }, { dialect: 'sqlite', mapping: schedulingSqlMapping }), 'invalid_input'],
    ['compileMongo with a bare { kind }', () => untyped.compileMongo({ kind: 'ValidatedQuery' }), 'invalid_input'],
    ['compileMongo with a LIKE on a number', () => untyped.compileMongo({ ...q, condition: { ...(q.condition as object), operator: 'LIKE', value: 5 } }), 'invalid_input'],
    ['compilePredicate with a bigint value', () => untyped.compilePredicate(withValue(10n)), 'invalid_input'],
  ])('%s', ([, call, code]) => {
    let result: unknown;
    try {
      call();
      result = 'ok';
    } catch (error) {
      result = isTqlError(error) ? error.code : `not a TqlError: ${String(error)}`;
    }
    expect(result).toBe(code);
  });
});
