/**
 * queryArbitrary: every query it generates is valid (`check` accepts it) for the scheduling
 * schema, a schema with every kind of attribute and generated schemas, in both profiles; every
 * query fast-check tries while shrinking is valid too, and shrinking reaches a smallest failing
 * query; over many samples every operator of every attribute, `null`, lists, AND / OR / groups
 * and every written form of a timestamp occur (counted, with a floor for each).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import type { Expr, Predicate } from '../../src/ast/nodes.js';
import { parse } from '../../src/parser/parse.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { PROFILE_DEFINITIONS, PROFILES, type Extension, type Profile } from '../../src/parser/profiles.js';
import { OPERATOR_FACTS } from '../../src/schema/operators.js';
import { TYPE_FACTS } from '../../src/schema/type-facts.js';
import type { Attribute, Schema } from '../../src/schema/types.js';
import { queryArbitrary, validatedQueryArbitrary } from '../../src/testing/index.js';
import { arbGeneratedSchema, everyKindSchema } from './generated-schemas.js';

const SEED = fc.readConfigureGlobal().seed ?? 0;

/** The predicates of a tree and the kinds of node above them. */
function walk(e: Expr, out: { predicates: Predicate[]; kinds: string[] }): void {
  out.kinds.push(e.kind);
  if (e.kind === 'Predicate') out.predicates.push(e);
  else if ('operands' in e) for (const o of e.operands) walk(o, out);
  else walk(e.expression, out);
}

const shape = (text: string) => {
  const out = { predicates: [] as Predicate[], kinds: [] as string[] };
  walk(parse(text).expression, out);
  return out;
};

const generatedSchemas = fc.sample(arbGeneratedSchema, { seed: SEED, numRuns: 8 });
const schemas: [string, Schema][] = [
  ['scheduling', schedulingSchema],
  ['every kind', everyKindSchema],
  ...generatedSchemas.map((s, i): [string, Schema] => [`generated ${i}`, s]),
];
const cases = schemas.flatMap(([name, schema]) => schema.entityNames.flatMap((entity) => PROFILES.map((profile) => ({ name, schema, entity, profile }))));

/** Whether the profile has the attribute's type and one of its operators (a String with only ENDS_WITH is not in timezest). */
function queryableIn(profile: Profile, a: Attribute): boolean {
  const has = (extension: Extension | undefined) => extension === undefined || PROFILE_DEFINITIONS[profile].allows[extension];
  return has(TYPE_FACTS[a.type].extension) && a.operators.some((op) => has(OPERATOR_FACTS[op].extension));
}

describe(`every generated query is valid (seed ${SEED}; replay with TQL_FC_SEED=${SEED})`, () => {
  test.for(cases)('$name: $entity in the $profile profile', ({ schema, entity, profile }) => {
    const e = schema.entities[entity]!;
    if (!e.attributeNames.some((n) => queryableIn(profile, e.attributes[n]!))) {
      // Nothing of such an entity can be queried in the profile: an error, not an empty generator.
      expect(() => queryArbitrary(schema, entity, { profile })).toThrow(/invalid_option: queryArbitrary: no attribute of thing takes any of .* in the timezest profile \(its Number attributes are not part of it\)/);
      return;
    }
    // check throws on an invalid query, which fails the property: nothing is skipped.
    fc.assert(fc.property(queryArbitrary(schema, entity, { profile }), (text) => void check(text, schema, entity, { profile })), { seed: SEED, numRuns: 150 });
  });

  test('validatedQueryArbitrary gives the checked queries', () => {
    const [q] = fc.sample(validatedQueryArbitrary(everyKindSchema, 'item', { depth: 0 }), { seed: SEED, numRuns: 1 });
    expect(q!.kind).toBe('ValidatedQuery');
    expect(q!.condition.kind).toBe('Comparison');
  });
});

describe('shrinking', () => {
  test.for(['scheduling_request', 'item'] as const)('%s: every query tried is valid, and the failure shrinks to exactly 3 predicates', (entity) => {
    const schema = entity === 'item' ? everyKindSchema : schedulingSchema;
    const tried: string[] = [];
    const details = fc.check(
      fc.property(queryArbitrary(schema, entity, { depth: 4 }), (text) => {
        tried.push(text);
        return shape(text).predicates.length < 3;
      }),
      { seed: SEED, numRuns: 500 },
    );
    expect(details.failed).toBe(true);
    expect(details.numShrinks).toBeGreaterThan(0);
    for (const text of tried) expect(() => check(text, schema, entity), text).not.toThrow();
    expect(shape(details.counterexample![0]).predicates).toHaveLength(3);
  });
});

describe('coverage, counted over 3,000 queries of the schema with every kind of attribute', () => {
  const texts = fc.sample(queryArbitrary(everyKindSchema, 'item'), { seed: SEED, numRuns: 3000 });
  const shapes = texts.map(shape);
  const predicates = shapes.flatMap((s) => s.predicates);
  const entity = everyKindSchema.entities.item;
  const count = (test: (p: Predicate) => boolean) => predicates.filter(test).length;

  test('every operator of every attribute, at least 10 times each', () => {
    const pairs = entity.attributeNames.flatMap((n) => entity.attributes[n].operators.map((op) => `${entity.attributes[n].path} ${op}`));
    const seen = new Map<string, number>();
    for (const p of predicates) {
      const key = `${p.attribute.entity}.${p.attribute.property} ${p.operator.name}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect(pairs.filter((pair) => (seen.get(pair) ?? 0) < 10)).toEqual([]);
    // Nothing the schema does not allow.
    expect([...seen.keys()].filter((k) => !pairs.includes(k))).toEqual([]);
  });

  test('null on every nullable attribute, lists of several values, AND, OR, groups and NOT', () => {
    const nullable = entity.attributeNames.filter((n) => entity.attributes[n].nullable);
    const nulls = new Set(predicates.filter((p) => p.values[0].kind === 'Null').map((p) => p.attribute.property));
    expect(nullable.filter((n) => !nulls.has(n))).toEqual([]);
    expect(count((p) => p.values.length > 1)).toBeGreaterThan(100);
    const kinds = shapes.flatMap((s) => s.kinds);
    for (const kind of ['And', 'Or', 'Group', 'Not']) expect(kinds.filter((k) => k === kind).length, kind).toBeGreaterThan(300);
    expect(texts.filter((t) => t.includes('~')).length).toBeGreaterThan(1000);
  });

  test('every written form of a timestamp', () => {
    const values = predicates.filter((p) => p.attribute.property === 'due_at' && p.values[0].kind === 'Text').map((p) => (p.values[0] as { text: string }).text);
    const forms = {
      'Unix seconds': /^\d+$/,
      date: /^\d{4}-\d\d-\d\d$/,
      'date and time in UTC': /T\d\d:\d\d(:\d\d)?Z$/,
      'with an offset': /[+-]\d\d:\d\d$/,
      'relative to now': /^now([+-]\d+[smhdw])?$/,
    };
    const counts = Object.fromEntries(Object.entries(forms).map(([name, re]) => [name, values.filter((v) => re.test(v)).length]));
    expect(Object.entries(counts).filter(([, n]) => n < 5)).toEqual([]);
  });

  test('the timezest profile: only AND, no null, no NOT, no Number attribute', () => {
    const tz = fc.sample(queryArbitrary(everyKindSchema, 'item', { profile: 'timezest' }), { seed: SEED, numRuns: 500 }).map(shape);
    expect(tz.flatMap((s) => s.kinds).filter((k) => k === 'Or' || k === 'Group' || k === 'Not')).toEqual([]);
    const ps = tz.flatMap((s) => s.predicates);
    expect(ps.filter((p) => p.values[0].kind === 'Null' || entity.attributes[p.attribute.property as 'price'].type === 'Number')).toEqual([]);
    expect(tz.filter((s) => s.predicates.length > 1).length).toBeGreaterThan(100);
  });

  test('operators narrows the queries to those operators', () => {
    const ops = fc
      .sample(queryArbitrary(everyKindSchema, 'item', { operators: ['LIKE', 'NOT_IN'] }), { seed: SEED, numRuns: 300 })
      .flatMap((t) => shape(t).predicates.map((p) => p.operator.name));
    expect(new Set(ops)).toEqual(new Set(['LIKE', 'NOT_IN']));
  });
});
