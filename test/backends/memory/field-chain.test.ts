/**
 * A query of comparisons on fields joined by AND (or one) runs as a chain of its keys' links
 * (field-chain.ts), with the guard inside them. It must answer exactly as the general path (the
 * guard around the test closures) on every kind of record, hostile ones included, for every test
 * kind, both polarities, and chains of several links.
 */
import { describe, expect, test } from 'vitest';
import { defineSchema } from '../../../src/schema/define-schema.js';
import { check } from '../../../src/api/check.js';
import { exactPredicate } from '../../../src/backends/memory/build.js';
import { guarded } from '../../../src/backends/memory/record-guard.js';
import { fieldChain } from '../../../src/backends/memory/field-chain.js';
import { queryPlan } from '../../../src/backends/memory/compile-predicate.js';
import { readFileSync } from 'node:fs';
import { isTqlError } from '../../../src/errors/tql-error.js';
import { fieldSlotsSource } from '../../../scripts/write-field-slots.mjs';

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
      },
    },
  },
});

/** The queries whose plans take the slot path, with both polarities. */
const QUERIES = [
  'thing.flag EQ true',
  'thing.flag NOT_EQ true',
  'thing.status EQ new',
  'thing.status NOT_EQ new',
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
  'thing.size IN 1,2,3,4',
  'thing.size NOT_IN 1,2,3,4,5,6,7,8',
  'thing.name LIKE ab',
  'thing.name NOT_LIKE ab',
  'thing.name LIKE "zoë"',
  'thing.name LIKE ""',
  // Chains: every link must hold, in the plan's order.
  'thing.flag EQ true AND thing.status IN new,sent AND thing.seen NOT_EQ null',
  'thing.status NOT_EQ new AND thing.size GTE 2 AND thing.name LIKE ab',
  'thing.length EQ 4 AND thing.name NOT_LIKE x',
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
const SAMPLE: Record<string, unknown> = { flag: true, status: 'sent', size: 3, seen: false, length: 4, name: 'xaby' };

describe('chains of field links answer as the guarded general path', () => {
  test.for(QUERIES)('%s', (text) => {
    const q = check(text, schema, 'thing');
    const plan = queryPlan(q);
    const fast = fieldChain(plan, text);
    expect(fast, 'takes the chain').toBeDefined();
    const general = guarded(exactPredicate(plan, text), plan);
    const comparisons = plan.kind === 'Comparison' ? [plan] : plan.operands;
    for (const c of comparisons) {
      if (c.kind !== 'Comparison') throw new Error('a chain has comparisons only');
      const key = (c.comparison.attribute.source as { field: string }).field;
      const value = Array.isArray(c.comparison.value) ? c.comparison.value[0] : c.comparison.value;
      for (const [name, r] of records(key, value, SAMPLE)) expect([key, name, outcome(fast!, r)]).toEqual([key, name, outcome(general, r)]);
    }
  });

  test.for(['thing.flag EQ true OR thing.status EQ new', 'thing.flag EQ true AND (thing.status EQ new OR thing.size GT 1)'])('%s is not a chain', (text) => {
    expect(fieldChain(queryPlan(check(text, schema, 'thing')), text)).toBeUndefined();
  });
});

test('src/backends/memory/field-slots.ts is what scripts/write-field-slots.mjs writes', () => {
  expect(readFileSync(new URL('../../../src/backends/memory/field-slots.ts', import.meta.url), 'utf8')).toBe(fieldSlotsSource());
});
