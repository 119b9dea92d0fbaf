/**
 * A query of comparisons on fields joined by AND (or one) runs as a chain of its keys' links
 * (field-chain.ts), with the guard inside them. It must answer exactly as the general path (the
 * guard around the predicates of build.ts) on every kind of record, hostile ones included, for
 * every test kind and every inline test of value-test.ts, both polarities, and chains of several
 * links; on hand-made records and on generated ones.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { defineSchema } from '../../../src/schema/define-schema.js';
import { check } from '../../../src/api/check.js';
import { exactPredicate } from '../../../src/backends/memory/build.js';
import { guarded } from '../../../src/backends/memory/record-guard.js';
import { fieldChain } from '../../../src/backends/memory/field-chain.js';
import { queryPlan } from '../../../src/backends/memory/compile-predicate.js';
import { readFileSync } from 'node:fs';
import { isTqlError } from '../../../src/errors/tql-error.js';
import { fieldSlotsSource, moreFieldSlotsSource } from '../../../scripts/write-field-slots.mjs';
import { fieldPredicate } from '../../../src/backends/memory/sources.js';
import { INLINE_TESTS, testCall, valuePredicate, type ValueTest, type ValueTestKind } from '../../../src/backends/memory/value-test.js';
import type { LikeMatcher } from '../../../src/backends/memory/like.js';
import type { ComparisonPlan, Plan } from '../../../src/backends/memory/plan.js';
import { referenceMatches } from './reference.js';

const schema = defineSchema({
  entities: {
    thing: {
      attributes: {
        flag: { type: 'Boolean' },
        status: { type: 'String', nullable: true },
        size: { type: 'Number', nullable: true },
        seen: { type: 'Boolean', nullable: true },
        // A key a string primitive has: a primitive is never a record with values.
        length: { type: 'Number', nullable: true },
        name: { type: 'String' },
        at: { type: 'Timestamp', nullable: true },
        at_date: { type: 'Timestamp', storage: 'date', nullable: true },
        at_text: { type: 'Timestamp', storage: 'iso_text', nullable: true },
        key: { type: 'ID', id: { kind: 'uuid' }, nullable: true },
        flag01: { type: 'Boolean', storage: 'zero_one', nullable: true },
        price: { type: 'Number', storage: 'decimal_text', nullable: true },
      },
    },
  },
});

/** The queries whose plans take the slot path, with both polarities. */
const QUERIES = [
  'thing.flag EQ true',
  'thing.flag01 EQ true',
  'thing.flag01 NOT_EQ false',
  'thing.flag01 EQ null',
  'thing.price LT 10',
  'thing.price IN 9.99,-1',
  'thing.price NOT_EQ null',
  'thing.flag NOT_EQ true',
  'thing.status EQ new',
  'thing.status NOT_EQ new',
  'thing.status IN new',
  'thing.status NOT_IN new',
  'thing.status IN new,sent',
  'thing.status NOT_IN new,sent',
  'thing.status IN new,sent,closed',
  'thing.status NOT_IN new,sent,closed',
  'thing.status EQ null',
  'thing.status NOT_EQ null',
  'thing.size EQ null',
  'thing.size NOT_EQ null',
  'thing.size EQ 0',
  'thing.seen EQ null',
  'thing.seen NOT_EQ null',
  'thing.length EQ 4',
  'thing.length NOT_EQ null',
  'thing.size LT 5',
  'thing.size LTE 5',
  'thing.size GT 5',
  'thing.size GTE 5',
  'thing.size IN 1,2,3',
  'thing.size NOT_IN 1,2',
  'thing.name LIKE ab',
  'thing.name NOT_LIKE ab',
  'thing.name LIKE ""',
  'thing.size IN 1,2,3,4',
  'thing.size NOT_IN 1,2,3,4,5,6,7,8',
  'thing.name LIKE "zoë"',
  'thing.name STARTS_WITH ab',
  'thing.name ENDS_WITH by',
  'thing.at GT 2023-01-01',
  'thing.at EQ null',
  'thing.at_date LTE 2023-01-01',
  'thing.at_text NOT_EQ 2023-01-01T10:00:00Z',
  'thing.key EQ 0b3e4f4a-3c4b-4b8e-9d1e-1a2b3c4d5e6f',
  'thing.key NOT_EQ null',
  // Chains: every link must hold, in the plan's order.
  'thing.flag EQ true AND thing.status IN new,sent AND thing.seen NOT_EQ null',
  'thing.status NOT_EQ new AND thing.size GTE 2 AND thing.name LIKE ab',
  'thing.length EQ 4 AND thing.name NOT_LIKE x',
  'thing.at GTE 2023-01-01 AND thing.key NOT_EQ null AND thing.size NOT_IN 1,2,3,4,5,6,7,8',
];

const throwing = () => {
  throw new Error('getter');
};

/** Records of every kind: plain, inherited, getters that throw (own and inherited), proxies, primitives. */
function records(key: string, value: unknown, full: Record<string, unknown>): [string, unknown][] {
  const inherited = Object.create({ [key]: value }) as object;
  const ownGetter = Object.defineProperty({}, key, { get: throwing, enumerable: true });
  const inheritedGetter = Object.create(Object.defineProperty({}, key, { get: throwing }));
  const nullProto = Object.assign(Object.create(null) as object, { [key]: value });
  class Instance {
    constructor() {
      (this as Record<string, unknown>)[key] = value;
    }
  }
  const trapThrows = new Proxy({ [key]: value }, { getPrototypeOf: throwing });
  return [
    ['a record matching every predicate', full],
    ['that record with this field inherited', Object.assign(Object.create({ [key]: value }) as object, { ...full, [key]: undefined })],
    ['that record with a getter that throws', Object.defineProperty({ ...full }, key, { get: throwing, enumerable: true })],
    ['plain', { [key]: value }],
    ['plain, other value', { [key]: 'other' }],
    ['plain, null', { [key]: null }],
    ['missing', {}],
    ['inherited', inherited],
    ['own getter that throws', ownGetter],
    ['inherited getter that throws', inheritedGetter],
    ['null prototype', nullProto],
    ['class instance', new Instance()],
    ['array', [value]],
    ['proxy whose getPrototypeOf throws', trapThrows],
    ['null', null],
    ['undefined', undefined],
    ['string', 'text'],
    ['number', 42],
  ];
}

type Outcome = boolean | 'TqlError';

function outcome(p: (r: unknown) => boolean, r: unknown): Outcome {
  try {
    return p(r);
  } catch (e) {
    if (isTqlError(e)) return 'TqlError';
    throw e;
  }
}

/** A value of the attribute that the comparison accepts, where one is easy to name. */
const SAMPLE: Record<string, unknown> = {
  flag: true,
  status: 'sent',
  size: 3,
  seen: false,
  length: 4,
  name: 'xaby',
  at: 1_700_000_000,
  at_date: new Date('2022-06-01T00:00:00Z'),
  at_text: '2023-05-01T00:00:00Z',
  key: '0B3E4F4A-3C4B-4B8E-9D1E-1A2B3C4D5E6F',
  flag01: 1,
  price: '9.99',
};

/** The comparisons of a plan that is one, or an AND of them. */
function comparisonsOf(plan: Plan): readonly ComparisonPlan[] {
  return plan.kind === 'Comparison' ? [plan] : plan.operands.map((o) => (o.kind === 'Comparison' ? o : expect.fail('a chain has comparisons only')));
}

/**
 * The records whose getter throws, which the guard refuses (a TqlError) when it reads that key:
 * the reference interpreter models values, not hostile objects, so there the chain is held to
 * the general path alone.
 */
const REFUSED = new Set(['that record with a getter that throws', 'own getter that throws']);

describe('chains of field links answer as the guarded general path and the reference interpreter', () => {
  test.for(QUERIES)('%s', (text) => {
    const q = check(text, schema, 'thing');
    const plan = queryPlan(q);
    const fast = fieldChain(plan, text);
    expect(fast, 'takes the chain').toBeDefined();
    const general = guarded(exactPredicate(plan, text), plan);
    for (const c of comparisonsOf(plan)) {
      const key = (c.comparison.attribute.source as { field: string }).field;
      const value = Array.isArray(c.comparison.value) ? c.comparison.value[0] : c.comparison.value;
      for (const [name, r] of records(key, value, SAMPLE)) {
        const answer = outcome(fast!, r);
        expect([key, name, answer]).toEqual([key, name, outcome(general, r)]);
        // The chain and the general path share the field links: the reference shares no code.
        if (!REFUSED.has(name)) expect([key, name, answer]).toEqual([key, name, referenceMatches(q.condition, r)]);
      }
    }
  });

  // ORs take the general path: every test on a field has a link.
  test.for(['thing.flag EQ true OR thing.status EQ new', 'thing.flag EQ true AND (thing.status EQ new OR thing.size GT 1)'])(
    '%s is not a chain',
    (text) => {
      expect(fieldChain(queryPlan(check(text, schema, 'thing')), text)).toBeUndefined();
    },
  );
});

/** Each kind of value test, and of LIKE matcher: keyed by kind, so a new kind must be listed. */
const TEST_KINDS: { readonly [K in ValueTestKind]: K } = {
  equals: 'equals',
  range: 'range',
  like: 'like',
  oneOfFew: 'oneOfFew',
  oneOfSet: 'oneOfSet',
  present: 'present',
  instant: 'instant',
  caselessEquals: 'caselessEquals',
  stored: 'stored',
};
const MATCHER_KINDS: { readonly [K in LikeMatcher['kind']]: K } = { any: 'any', regex: 'regex', includes: 'includes', affix: 'affix' };

/** What a test is called in the coverage lists: its kind, and a LIKE's matcher too. */
const kindName = (t: ValueTest) => (t.kind === 'like' ? `like ${t.matcher.kind}` : t.kind);

const PLANS = QUERIES.map((text) => [text, comparisonsOf(queryPlan(check(text, schema, 'thing')))] as const);

test('the queries cover every test kind, every LIKE matcher and every inline test', () => {
  const kinds = new Set(PLANS.flatMap(([, cs]) => cs.map((c) => kindName(c.test))));
  const inline = new Set(PLANS.flatMap(([, cs]) => cs.map((c) => testCall(c.test)[0])));
  const everyKind = [...Object.values(TEST_KINDS).filter((k) => k !== 'like'), ...Object.values(MATCHER_KINDS).map((m) => `like ${m}`)];
  expect([...kinds].sort()).toEqual(everyKind.sort());
  expect([...inline].sort()).toEqual(Object.keys(INLINE_TESTS).sort());
});

/**
 * A value a record may hold at a key: the samples and the comparisons' values (so tests pass as
 * well as fail), values of every other type, and values whose reading throws.
 */
const arbValue = fc.oneof(
  fc.constantFrom(...Object.values(SAMPLE), 'new', 'sent', 'closed', 'zoë', 'ZOË', 'abc', 'xby', 1, 2, 5, 8, 0, 1_672_531_200, 1_672_531_201, '-1', '10', '9.990', '+9.99', '1e1', '.5', ' 1'),
  fc.constantFrom(null, undefined, NaN, Infinity, -0, 10n, '', new Date(Number.NaN), new Date('2023-01-01T00:00:00Z'), '2023-01-01T10:00:00Z'),
  fc.anything({ maxDepth: 1 }),
);

/** A record over the schema's keys: own or inherited values, or getters that throw, on a plain, null or class prototype. */
const arbRecord = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...Object.keys(SAMPLE)), fc.tuple(arbValue, fc.constantFrom('own', 'inherited', 'throwing getter')), { maxKeys: 8 }),
    fc.constantFrom('plain', 'null prototype', 'class'),
  )
  .map(([fields, kind]) => {
    const proto: Record<string, unknown> = kind === 'null prototype' ? Object.create(null) : kind === 'class' ? Object.create(class Thing {}.prototype) : {};
    const r: Record<string, unknown> = Object.create(proto);
    for (const [key, [value, place]] of Object.entries(fields)) {
      if (place === 'own') r[key] = value;
      else if (place === 'inherited') proto[key] = value;
      else Object.defineProperty(r, key, { get: throwing, enumerable: true });
    }
    return r;
  });

describe('over generated records, the chain answers as the guarded general path', () => {
  test.for(PLANS.map(([text]) => text))('%s', (text) => {
    const plan = queryPlan(check(text, schema, 'thing'));
    const fast = fieldChain(plan, text)!;
    const general = guarded(exactPredicate(plan, text), plan);
    fc.assert(
      fc.property(fc.oneof({ weight: 9, arbitrary: arbRecord }, { weight: 1, arbitrary: fc.anything({ maxDepth: 0 }) }), (r) => {
        expect(outcome(fast, r)).toBe(outcome(general, r));
      }),
      { numRuns: 200 },
    );
  });

  // The links hold copies of the definitions (scripts/write-field-slots.mjs): a copy that drifted
  // from its definition answers otherwise on some value.
  test.for(PLANS.map(([text]) => text))('%s: each link answers as its definition in value-test.ts', (text) => {
    const [, comparisons] = PLANS.find(([t]) => t === text)!;
    for (const c of comparisons) {
      const key = (c.comparison.attribute.source as { field: string }).field;
      const link = fieldPredicate(key, c.test, true);
      const definition = valuePredicate(c.test);
      fc.assert(fc.property(arbValue, (x) => {
        expect(link({ [key]: x })).toBe(definition(x));
      }), { numRuns: 200 });
    }
  });
});

const collections = defineSchema({
  entities: {
    box: {
      attributes: {
        flag: { type: 'Boolean' },
        member: { type: 'String', source: { kind: 'element', arrays: ['members'], where: { field: 'role', oneOf: ['member'] }, value: 'id' } },
        watcher: {
          type: 'String',
          source: { kind: 'element', arrays: ['watchers', 'assignees'], where: { field: 'type', oneOf: ['agent'] }, value: 'id' },
        },
      },
    },
  },
});

/** A list of `length` holes with `element` at `at`: longer than the slots scan unchecked. */
function sparse(length: number, at: number, element: unknown): unknown[] {
  const list = new Array<unknown>(length);
  list[at] = element;
  return list;
}

/** Lists of every kind for the key: plain, inherited, hostile elements, lists with a `some` of their own, long, sparse, proxies. */
function collectionRecords(key: string): [string, unknown][] {
  const hit = { role: 'member', type: 'agent', id: 'm1' };
  const miss = { role: 'member', type: 'agent', id: 'm2' };
  const list = (...elements: unknown[]) => ({ flag: true, [key]: elements });
  return [
    ['an element that counts', list(miss, hit)],
    ['none that counts', list(miss)],
    ['the right id under another tag', list({ role: 'owner', type: 'team', id: 'm1' })],
    ['empty', list()],
    ['no list', { flag: true }],
    ['the list inherited', Object.assign(Object.create({ [key]: [hit] }) as object, { flag: true })],
    ['the element\'s fields inherited', list(Object.create(hit) as object)],
    ['an element whose id getter throws', list(Object.defineProperty({ role: 'member', type: 'agent' }, 'id', { get: throwing, enumerable: true }))],
    ['null and primitive elements', list(null, undefined, 'm1', 7)],
    ['a list whose own some says yes', { flag: true, [key]: Object.assign([miss], { some: () => true }) }],
    ['a list whose own some throws', { flag: true, [key]: Object.assign([hit], { some: throwing }) }],
    ['an array-like', { flag: true, [key]: { length: 1, 0: hit } }],
    ['a long sparse list that holds one', { flag: true, [key]: sparse(5000, 4500, hit) }],
    ['a long sparse list that does not', { flag: true, [key]: sparse(5000, 4500, miss) }],
    ['a list that is a proxy whose get throws', { flag: true, [key]: new Proxy([hit], { get: throwing }) }],
    ['a record that is a proxy whose get throws', new Proxy(list(hit), { get: throwing })],
    ['a string list', { flag: true, [key]: 'm1' }],
    ['null', null],
    ['undefined', undefined],
    ['string', 'text'],
  ];
}

describe('equalities on collections are links that answer as the guarded general path', () => {
  test.for([
    ['box.member EQ m1', 'members'],
    ['box.member NOT_EQ m1', 'members'],
    ['box.watcher EQ m1', 'watchers'],
    ['box.watcher EQ m1', 'assignees'],
    ['box.watcher NOT_EQ m1', 'assignees'],
    ['box.flag EQ true AND box.member EQ m1', 'members'],
    ['box.member NOT_EQ m1 AND box.flag EQ true AND box.watcher EQ m1', 'watchers'],
  ] as const)('%s, the elements in %s', ([text, key]) => {
    const plan = queryPlan(check(text, collections, 'box'));
    const fast = fieldChain(plan, text);
    expect(fast, 'takes the chain').toBeDefined();
    const general = guarded(exactPredicate(plan, text), plan);
    for (const [name, r] of collectionRecords(key)) expect([name, outcome(fast!, r)]).toEqual([name, outcome(general, r)]);
  });

  test('the answers are the documented ones', () => {
    const p = fieldChain(queryPlan(check('box.member EQ m1', collections, 'box')), 'box.member EQ m1')!;
    const answers = Object.fromEntries(collectionRecords('members').map(([name, r]) => [name, outcome(p, r)]));
    expect(answers).toMatchObject({
      'an element that counts': true,
      'none that counts': false,
      'the right id under another tag': false,
      'the list inherited': false,
      "the element's fields inherited": false,
      'a list whose own some says yes': false,
      'a list whose own some throws': true,
      'an array-like': false,
      'a long sparse list that holds one': true,
      'a long sparse list that does not': false,
      'a record that is a proxy whose get throws': 'TqlError',
    });
  });

  test.for(['box.member IN m1,m2', 'box.member LIKE m', 'box.watcher EQ m1 OR box.flag EQ true'])('%s is not a chain', (text) => {
    expect(fieldChain(queryPlan(check(text, collections, 'box')), text)).toBeUndefined();
  });
});

test.for([
  ['field-slots.ts', fieldSlotsSource],
  ['field-slots-more.ts', moreFieldSlotsSource],
] as const)('src/backends/memory/%s is what scripts/write-field-slots.mjs writes', ([file, source]) => {
  expect(readFileSync(new URL(`../../../src/backends/memory/${file}`, import.meta.url), 'utf8')).toBe(source());
});
