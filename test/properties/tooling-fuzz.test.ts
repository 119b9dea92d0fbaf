/**
 * The tooling surfaces under hostile input, with the oracles of the core's fuzzing:
 * - `complete`, `hover`, `warnings` and `defineSchema` answer every argument (texts of any kind,
 *   offsets of any kind, options of any shape, junk for schemas, entities and queries) with a
 *   result or a TqlError, over 50,000 generated calls, leave the built-in prototypes as they
 *   found them, and read no file, open no socket and start no process;
 * - options whose reading throws (a getter, a proxy trap, a revoked proxy) get `invalid_option`
 *   whenever a throwing read ran, and a TqlError otherwise;
 * - over generated schemas, defineSchema accepts a closed set exactly when `check` takes each of
 *   its values, and every value completion offers, inserted into the text, gives a query `check`
 *   accepts (an incomplete one once its rest is typed);
 * - over generated queries made to draw warnings, every fix put in place of its span gives a
 *   query `check` accepts, under the profile the query was checked with.
 */
import { fc, test } from '../support/property.js';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { check, safeCheck } from '../../src/api/check.js';
import { text as textValue } from '../../src/ast/builders.js';
import { print, printValue } from '../../src/ast/print.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { parse } from '../../src/parser/parse.js';
import { defineSchema, isSchema } from '../../src/schema/define-schema.js';
import type { Entity, Schema, SchemaDefinition } from '../../src/schema/types.js';
import { complete, type Completions } from '../../src/tooling/completion.js';
import { hover, type Hover } from '../../src/tooling/hover.js';
import { warnings, type TqlWarning } from '../../src/tooling/warnings.js';
import { watchIo, type IoWatch } from '../support/io-watch.js';
import { outcome } from '../support/outcome.js';
import { arbMutation, arbTokenSoup, arbTrickyText, mutate } from './arbitraries/ast.js';
import { arbJunk, mostly, withJunkSomewhere } from './arbitraries/junk.js';
import { arbThrowingReads, throwingReadAnswer } from './arbitraries/throwing-reads.js';
import { arbDefinition, arbGoodName } from './arbitraries/schema-definition.js';
import { arbValidExpr, syntheticSchema, TIME_ZONES } from './arbitraries/schema-query.js';
import { arbQueryText } from './arbitraries/valid-query.js';

/** The last millisecond a query can write as a date: `now` may be anything up to it. */
const LAST_WRITABLE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const SCHEMAS: readonly Schema[] = [schedulingSchema as Schema, syntheticSchema as Schema];

// Typed entry points called with untyped arguments, as a JavaScript caller may.
const untyped = {
  complete: complete as (...args: unknown[]) => Completions,
  hover: hover as (...args: unknown[]) => Hover | undefined,
  warnings: warnings as (...args: unknown[]) => TqlWarning[],
  defineSchema: defineSchema as (definition: unknown) => Schema,
};

// ---- no pollution, no I/O ----

const PROTOTYPES = { Object: Object.prototype, Array: Array.prototype, String: String.prototype, Function: Function.prototype, Number: Number.prototype };
const ownKeys = () => Object.fromEntries(Object.entries(PROTOTYPES).map(([name, p]) => [name, Reflect.ownKeys(p).map(String).sort()]));
const keysBefore = ownKeys();
let io: IoWatch;
beforeAll(() => {
  // The parser loads its grammar on the first text its fast path rejects: loaded before watching.
  safeCheck('agent.name eq', schedulingSchema, 'agent');
  io = watchIo();
});
afterAll(() => {
  io.stop();
  expect(ownKeys()).toEqual(keysBefore);
  expect(io.calls).toEqual([]);
});

// ---- arguments ----

/** Texts: valid queries of both schemas, broken ones, token soup, any string, long runs. */
const arbText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...schedulingSchema.entityNames).chain((e) => arbQueryText(e, 2).map((q) => q.text)),
  fc.constantFrom(...syntheticSchema.entityNames).chain((e) => arbValidExpr((syntheticSchema.entities as Record<string, Entity>)[e]!).map((x) => print(x))),
  fc.tuple(fc.constantFrom(...schedulingSchema.entityNames).chain((e) => arbQueryText(e, 2)), arbMutation).map(([q, m]) => mutate(q.text, m)),
  arbTokenSoup,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.tuple(fc.constantFrom('agent.name EQ "', '(', 'agent.created_at GT 9', 'item.state IN "a\\"b",', '\ud83d'), fc.nat({ max: 200 })).map(([unit, n]) => unit.repeat(n)),
);
const arbOffset: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.nat({ max: 80 }) },
  { weight: 2, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(NaN, Infinity, -Infinity, -0, -1, 0.5, 1e300, 2 ** 53, '3', null) },
  { weight: 1, arbitrary: arbJunk },
);
const arbNow: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 0, max: LAST_WRITABLE_MS }),
  fc.double(),
  fc.constantFrom<unknown>(NaN, Infinity, -Infinity, 1e20, 8.64e15 + 1, LAST_WRITABLE_MS + 1, -1, 'yesterday', null, undefined),
  arbJunk,
);
const arbToolOptions: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record(
      {
        profile: mostly(fc.constantFrom<unknown>('extended', 'timezest', undefined, 'strict', '')),
        timeZone: mostly(fc.constantFrom<unknown>(...TIME_ZONES, undefined, 'Mars/Base', '+02:00', '')),
        now: arbNow,
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, null) },
  { weight: 1, arbitrary: arbJunk },
);
/** A schema and one of its entities mostly; junk for either now and then. */
const arbTarget = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...SCHEMAS).chain((schema) => fc.record({ schema: fc.constant<unknown>(schema), entity: fc.constantFrom<unknown>(...schema.entityNames) })) },
  { weight: 1, arbitrary: fc.record({ schema: fc.oneof(arbJunk, fc.constant<unknown>(syntheticSchema.definition)), entity: fc.constantFrom<unknown>('agent', 'item') }) },
  { weight: 1, arbitrary: fc.record({ schema: fc.constantFrom<unknown>(...SCHEMAS), entity: fc.oneof(arbJunk, fc.constantFrom<unknown>('__proto__', 'constructor', 'Agent')) }) },
);
const arbTextArg = fc.oneof({ weight: 12, arbitrary: arbText as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: arbJunk });

describe('every entry point answers with a result or a TqlError (50,000 calls)', () => {
  test.prop([arbTextArg, arbOffset, arbTarget, arbToolOptions], { numRuns: 16_000 })('complete', (text, offset, { schema, entity }, options) => {
    const r = outcome(() => untyped.complete(text, offset, schema, entity, options));
    if (!r.ok) return;
    const length = (text as string).length;
    for (const item of r.value.items) {
      expect(typeof item.insert).toBe('string');
      expect(0 <= item.replace.start && item.replace.start <= item.replace.end && item.replace.end <= length).toBe(true);
    }
  });

  test.prop([arbTextArg, arbOffset, arbTarget, arbToolOptions], { numRuns: 16_000 })('hover', (text, offset, { schema, entity }, options) => {
    const r = outcome(() => untyped.hover(text, offset, schema, entity, options));
    if (!r.ok || r.value === undefined) return;
    expect(0 <= r.value.span.start && r.value.span.end <= (text as string).length).toBe(true);
    expect(typeof r.value.detail).toBe('string');
  });

  /** Validated queries as check makes them, copies with junk inside, trees, junk. */
  const arbQueryArg: fc.Arbitrary<unknown> = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...schedulingSchema.entityNames).chain((e) => arbQueryText(e, 2)).map(({ entity, text }) => check(text, schedulingSchema, entity)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...schedulingSchema.entityNames).chain((e) => arbQueryText(e, 2)), fc.gen())
        .map(([{ entity, text }, draw]) => withJunkSomewhere(check(text, schedulingSchema, entity), draw)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...schedulingSchema.entityNames).chain((e) => arbQueryText(e, 2)).map(({ text }) => parse(text)) },
    { weight: 1, arbitrary: arbJunk },
  );
  test.prop([arbQueryArg, arbToolOptions], { numRuns: 9_000 })('warnings', (query, options) => {
    const r = outcome(() => untyped.warnings(query, options));
    if (r.ok) expect(Array.isArray(r.value)).toBe(true);
  });

  /** Definitions with long names, non-ASCII names and closed sets of any text, besides the core's. */
  const arbNameOfAnyLength = fc.oneof(arbGoodName, fc.stringMatching(/^[a-z][a-z0-9_]{58,70}$/), fc.constantFrom('ä'.repeat(31), 'é', '__proto__'));
  /** Prefixes and zones no engine can hold or read alike, beside ones every engine can. */
  const arbStoredForms = fc.record({
    entities: fc.record({
      e: fc.record({
        attributes: fc.record({
          code: fc.record({
            type: fc.constant('String'),
            source: fc.record({ kind: fc.constant('field'), field: fc.constant('code'), ignorePrefix: fc.constantFrom('#', 'T-', '\0', '#\ud800', '\udc00', 'İ', 'ẞ', 'É-', '№'), ignoreCase: fc.boolean() }),
          }),
          at: fc.record({ type: fc.constant('Timestamp'), storage: fc.record({ kind: fc.constant('iso_text'), timeZone: fc.constantFrom<unknown>('Europe/Paris', 'US/Pacific', 'US/Pacific-New', 'SystemV/PST8PDT', 'Etc/GMT+14', 'Nope/Nope', '', 5, 'utc') }) }),
        }),
      }),
    }),
  });
  const arbHostileDefinition = fc.oneof(
    arbDefinition,
    arbStoredForms,
    fc
      .array(fc.tuple(arbNameOfAnyLength, fc.array(fc.tuple(arbNameOfAnyLength, fc.array(arbTrickyText, { minLength: 1, maxLength: 4 })), { minLength: 1, maxLength: 3 })), { minLength: 1, maxLength: 2 })
      .map((entities) => ({
        entities: Object.fromEntries(entities.map(([e, attrs]) => [e, { attributes: Object.fromEntries(attrs.map(([a, values]) => [a, { type: 'String', values }])) }])),
      })),
  );
  test.prop([arbHostileDefinition], { numRuns: 9_000 })('defineSchema', (definition) => {
    const r = outcome(() => untyped.defineSchema(definition));
    if (r.ok) expect(isSchema(r.value)).toBe(true);
  });
});

describe('options whose reading throws (getters, proxies) are invalid_option, never what was thrown (3,000 calls)', () => {
  const arbGoodOptions = fc.record(
    { profile: fc.constantFrom('extended', 'timezest'), timeZone: fc.constantFrom(...TIME_ZONES), now: fc.integer({ min: 0, max: LAST_WRITABLE_MS }) },
    { requiredKeys: [] },
  );
  const calls = {
    complete: (options: unknown) => untyped.complete('agent.name EQ ', 14, schedulingSchema, 'agent', options),
    hover: (options: unknown) => untyped.hover('agent.created_at GTE 2023-07-01', 25, schedulingSchema, 'agent', options),
    warnings: (options: unknown) => untyped.warnings(check('agent.role IN [User]', schedulingSchema, 'agent'), options),
  };
  test.prop([fc.constantFrom(...(Object.keys(calls) as (keyof typeof calls)[])), arbThrowingReads(arbGoodOptions)], { numRuns: 3_000 })('complete, hover, warnings', (fn, options) => {
    throwingReadAnswer(() => calls[fn](options.value), options.ran);
  });
});

// ---- closed sets: what defineSchema takes, completion offers and check accepts ----

/** The query a value is written in on a plain String attribute: check's own verdict on the value. */
const PLAIN = defineSchema({ entities: { e: { attributes: { t: { type: 'String' } } } } });
const checkTakes = (v: string) => safeCheck(`e.t EQ ${printValue(textValue(v))}`, PLAIN, 'e').ok;

/** A schema with a generated closed set, beside attributes whose values completion also offers. */
const arbClosedSet = fc.array(fc.oneof({ weight: 6, arbitrary: arbTrickyText }, { weight: 1, arbitrary: fc.constantFrom('v'.repeat(1024), 'v'.repeat(1025), '[b', 'b]', 'null') }), {
  minLength: 1,
  maxLength: 6,
});
const definitionWith = (values: readonly string[]): SchemaDefinition => ({
  entities: {
    e: {
      attributes: {
        s: { type: 'String', values },
        n: { type: 'String', values, nullable: true },
        b: { type: 'Boolean', nullable: true },
        u: { type: 'ID', id: { kind: 'prefixed', prefix: 'usr_' } },
        ts: { type: 'Timestamp' },
      },
    },
  },
});

test.prop([arbClosedSet], { numRuns: 400 })('defineSchema takes a closed set exactly when check takes each of its values', (values) => {
  const r = outcome(() => defineSchema(definitionWith(values)));
  expect(r.ok).toBe(values.every(checkTakes));
});

/** Texts that end where a value comes, and a few characters of one typed. */
const VALUE_CONTEXTS = ['e.s EQ ', 'e.s NOT_EQ "', 'e.n IN ', 'e.b EQ ', 'e.u EQ ', 'e.ts GTE ', 'e.b EQ true AND e.n NOT_IN '];

/** A text as a query can write it: lone surrogates as U+FFFD, NUL as ␀, at most 1,024 characters. */
const writable = (v: string) =>
  v
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replace(/\u0000/g, '\u2400')
    .slice(0, 1024)
    // A cut between the two halves of a pair leaves a lone surrogate at the end.
    .replace(/[\ud800-\udbff]$/, '');

test.prop([arbClosedSet.map((values) => values.map(writable)), fc.nat(), fc.nat({ max: 3 }), fc.constantFrom('extended', 'timezest' as const), fc.integer({ min: 0, max: LAST_WRITABLE_MS })], { numRuns: 300 })(
  'every value completion offers in a generated closed set, inserted, gives a query check accepts',
  (values, pick, typed, profile, now) => {
    const schema = defineSchema(definitionWith(values));
    // After a comma, the list's first value is one of the set; or some characters of a value typed.
    const first = printValue(textValue(values[pick % values.length]!));
    const texts = [...VALUE_CONTEXTS, `e.s IN ${first},`, `e.n NOT_IN ${first}, `, `e.s EQ ${first.slice(0, typed)}`];
    // Every value of the set is offered where a value starts.
    expect(complete('e.s EQ ', 7, schema, 'e', { profile, now }).items.map((i) => i.label)).toEqual(values);
    for (const text of texts) {
      // A keyword or `)` after a value is inserted to go on with the query, not to end it.
      for (const item of complete(text, text.length, schema, 'e', { profile, now }).items.filter((i) => i.kind === 'value')) {
        const applied = text.slice(0, item.replace.start) + item.insert + (item.incomplete ? 'A1' : '') + text.slice(item.replace.end);
        const r = safeCheck(applied, schema, 'e', { profile });
        expect(r.ok, `${JSON.stringify(text)} + ${JSON.stringify(item.insert)}: ${r.ok ? '' : r.error.message}`).toBe(true);
      }
    }
  },
);

// ---- warnings: every fix checks ----

/** A value as the printer writes it, or always quoted (a quoted value is meant as written). */
const written = (v: string, quoted: boolean) => (quoted ? `"${v.replace(/["\\]/g, '\\$&')}"` : printValue(textValue(v)));
/** Texts where brackets, percent signs and NULL are likely. */
const arbWarnable = fc.string({ unit: fc.constantFrom('[', ']', '%', '*', 'a', 'b', ' ', '"', '\\', 'N', 'u', 'l', 'L', '\u0001', 'é'), maxLength: 6 });
const arbWritten = (values: fc.Arbitrary<string>) => fc.tuple(values, fc.boolean()).map(([v, q]) => written(v, q));
const arbList = (values: fc.Arbitrary<string>) => fc.array(arbWritten(values), { minLength: 1, maxLength: 4 }).map((vs) => vs.join(','));

/** A query of predicates that draw warnings (valid by construction) for a schema with the closed set `set`. */
function arbWarnedQuery(set: readonly string[], profile: 'extended' | 'timezest'): fc.Arbitrary<string> {
  const fromSet = fc.constantFrom(...set);
  const predicates: fc.Arbitrary<string>[] = [
    fc.tuple(fc.constantFrom('IN', 'NOT_IN'), arbList(fromSet)).map(([op, list]) => `e.s ${op} ${list}`),
    fc.tuple(fc.constantFrom('IN', 'NOT_IN'), arbList(arbWarnable)).map(([op, list]) => `e.t ${op} ${list}`),
    // Brackets around a list of bare words: the mistake itself.
    fc.tuple(fc.constantFrom('IN', 'NOT_IN'), fc.array(fc.stringMatching(/^[a-c%]{1,3}$/), { minLength: 1, maxLength: 3 })).map(([op, vs]) => `e.t ${op} [${vs.join(',')}]`),
    fc.tuple(fc.constantFrom('LIKE', 'NOT_LIKE'), arbWritten(arbWarnable)).map(([op, v]) => `e.t ${op} ${v}`),
    fc.tuple(fc.constantFrom('EQ', 'NOT_EQ'), fc.constantFrom('NULL', 'Null', '"null"', 'nULL', ...(profile === 'extended' ? ['null'] : []))).map(([op, v]) => `e.n ${op} ${v}`),
    fc.tuple(fc.constantFrom('EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE'), fc.oneof(fc.integer({ min: 0, max: 40_000_000_000_000 }), fc.constantFrom(1688169600000, 8640000000001, 32503680000))).map(([op, n]) => `e.ts ${op} ${n}`),
  ];
  return fc.array(fc.oneof(...predicates), { minLength: 1, maxLength: 4 }).map((ps) => ps.join(profile === 'extended' && ps.length > 2 ? ' OR ' : ' AND '));
}

const warnedSchemas = new Map<string, Schema>();
/** The schema of the warned queries: a closed set, free text, a nullable text and a timestamp. */
function warnedSchema(set: readonly string[]): Schema {
  const key = JSON.stringify(set);
  let schema = warnedSchemas.get(key);
  if (schema === undefined) {
    schema = defineSchema({ entities: { e: { attributes: { s: { type: 'String', values: set }, t: { type: 'String' }, n: { type: 'String', nullable: true }, ts: { type: 'Timestamp' } } } } }) as Schema;
    warnedSchemas.set(key, schema);
  }
  return schema;
}

/** Closed sets that hold bracketed twins of their values now and then. */
const arbBracketSet = fc.uniqueArray(fc.stringMatching(/^[a-c]{1,2}$/), { minLength: 1, maxLength: 4 }).chain((base) =>
  fc.subarray(base.flatMap((v) => [`[${v}`, `${v}]`, `[${v}]`])).map((twins) => [...base, ...twins]),
);

test.prop(
  [
    fc
      .tuple(arbBracketSet, fc.constantFrom('extended', 'timezest' as const))
      .chain(([set, profile]) => fc.record({ set: fc.constant(set), profile: fc.constant(profile), text: arbWarnedQuery(set, profile) })),
  ],
  { numRuns: 600 },
)('every fix, put in place of its span, gives a query check accepts', ({ set, profile, text }) => {
  const schema = warnedSchema(set);
  const r = safeCheck(text, schema, 'e', { profile, limits: { maxLength: 100_000 } });
  expect(r.ok, `generated queries are valid: ${text} ${r.ok ? '' : r.error.message}`).toBe(true);
  if (!r.ok) return;
  for (const w of warnings(r.value, { profile })) {
    if (w.fix === undefined) continue;
    const fixed = text.slice(0, w.span.start) + w.fix + text.slice(w.span.end);
    const again = safeCheck(fixed, schema, 'e', { profile });
    expect(again.ok, `${w.code}: ${text} → ${fixed}: ${again.ok ? '' : again.error.message}`).toBe(true);
  }
});
