/**
 * A query of one hot comparison on a field runs as its key's slot predicate (single-field.ts),
 * with the guard inside it. It must answer exactly as the general path (the guard around the
 * test closures) on every kind of record, hostile ones included, for every test it takes, both
 * polarities, and with more keys than slots.
 */
import { describe, expect, test } from 'vitest';
import { defineSchema } from '../../../src/schema/define-schema.js';
import { check } from '../../../src/api/check.js';
import { exactPredicate } from '../../../src/backends/memory/build.js';
import { COMPARISONS } from '../../../src/backends/memory/comparisons.js';
import { guarded } from '../../../src/backends/memory/record-guard.js';
import { singleFieldPredicate } from '../../../src/backends/memory/single-field.js';
import type { ComparisonPlan } from '../../../src/backends/memory/plan.js';
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
];

const throwing = () => {
  throw new Error('getter');
};

/** Records of every kind: plain, inherited, getters that throw (own and inherited), proxies, primitives. */
function records(key: string, value: unknown): [string, unknown][] {
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

function planOf(text: string): ComparisonPlan {
  const q = check(text, schema, 'thing');
  const c = q.condition;
  if (c.kind !== 'Comparison') throw new Error('one comparison');
  return (COMPARISONS[c.operator] as (c: unknown, ctx: unknown) => ComparisonPlan)(c, { text });
}

describe('single-field slot predicates answer as the guarded general path', () => {
  test.for(QUERIES)('%s', (text) => {
    const plan = planOf(text);
    const fast = singleFieldPredicate(plan, text);
    expect(fast, 'takes the slot path').toBeDefined();
    const general = guarded(exactPredicate(plan, text), plan);
    const key = (plan.comparison.attribute.source as { field: string }).field;
    const value = Array.isArray(plan.comparison.value) ? plan.comparison.value[0] : plan.comparison.value;
    for (const [name, r] of records(key, value)) expect([name, outcome(fast!, r)]).toEqual([name, outcome(general, r)]);
  });
});

test('src/backends/memory/field-slots.ts is what scripts/write-field-slots.mjs writes', () => {
  expect(readFileSync(new URL('../../../src/backends/memory/field-slots.ts', import.meta.url), 'utf8')).toBe(fieldSlotsSource());
});
