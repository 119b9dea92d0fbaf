/**
 * The complement law on every SQL engine (design doc 4.2): for every attribute with a negative
 * operator, `NOT_EQ v`, `NOT_LIKE v` and `NOT_IN vs` select exactly the records their positive
 * operator does not select, also when the value is null or missing or the collection is empty.
 * Values come from the data (so they match) and from free text (so they mostly do not).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { printValue } from '../../../src/ast/print.js';
import type { Operator } from '../../../src/ast/nodes.js';
import { generateSchedulingData } from '../../../src/models/scheduling/generate.js';
import { schedulingSchema, type SchedulingEntityName } from '../../../src/models/scheduling/schema.js';
import type { Attribute } from '../../../src/schema/types.js';
import { arbNumberText } from '../../properties/arbitraries/data.js';
import { CONTRACT_DATA } from '../contract/cases.js';
import { sortedIds } from '../../support/ids.js';
import { ENGINE_NAMES, useSqlEngines } from './engines.js';

const generated = generateSchedulingData({ seed: 11, agents: 25, teams: 5, requests: 60 });
/** The partial contract records (nulls, missing fields, empty arrays) and complete generated ones. */
const data = {
  agents: [...CONTRACT_DATA.agent, ...generated.agents],
  teams: [...CONTRACT_DATA.team, ...generated.teams],
  resources: [...CONTRACT_DATA.resource, ...generated.resources],
  schedulingRequests: [...CONTRACT_DATA.scheduling_request, ...generated.schedulingRequests],
};
const ALL_IDS: Record<SchedulingEntityName, string[]> = {
  agent: sortedIds(data.agents),
  team: sortedIds(data.teams),
  resource: sortedIds(data.resources),
  scheduling_request: sortedIds(data.schedulingRequests),
};

/** Every leaf value in the data, to draw matching values from. */
const leaves: unknown[] = [];
const collect = (v: unknown): void => {
  if (Array.isArray(v)) v.forEach(collect);
  else if (typeof v === 'object' && v !== null) Object.values(v).forEach(collect);
  else leaves.push(v);
};
collect(data);
const strings = [...new Set(leaves.filter((v): v is string => typeof v === 'string'))];
const integers = [...new Set(leaves.filter((v): v is number => Number.isSafeInteger(v) && (v as number) >= 0))];

/** Values of the attribute's type, written as TQL. */
function arbValue(a: Attribute): fc.Arbitrary<string> {
  const text = (s: string) => printValue({ kind: 'Text', text: s, span: { start: 0, end: 0 } });
  switch (a.type) {
    case 'String':
      if (a.values !== undefined) return fc.constantFrom(...a.values);
      return fc.oneof(fc.constantFrom(...strings), fc.string({ maxLength: 3, unit: fc.constantFrom(...'aeoAZ#%_\\ 1é') })).map(text);
    case 'Boolean':
      return fc.constantFrom('true', 'false');
    case 'Number':
      return arbNumberText;
    case 'Timestamp':
      return fc.oneof(fc.constantFrom(...integers), fc.integer({ min: 0, max: 2 ** 32 })).map(String);
    case 'ID': {
      const format = a.id!;
      if (format.kind === 'integer') return fc.oneof(fc.constantFrom(...integers), fc.nat(100)).map(String);
      if (format.kind !== 'prefixed') throw new Error(`the scheduling models have no ${format.kind} ids`);
      const ids = strings.filter((s) => s.startsWith(format.prefix) && /^[A-Za-z0-9]+$/.test(s.slice(format.prefix.length)));
      return fc.constantFrom(`${format.prefix}none`, ...ids);
    }
  }
}

const PAIRS: readonly (readonly [Operator, Operator])[] = [
  ['EQ', 'NOT_EQ'],
  ['LIKE', 'NOT_LIKE'],
  ['IN', 'NOT_IN'],
];

/** A positive predicate and its complement on some attribute of `entity`. */
function arbPair(entity: SchedulingEntityName): fc.Arbitrary<{ positive: string; negative: string }> {
  const attrs = Object.values(schedulingSchema.entities[entity].attributes) as Attribute[];
  const choices = attrs.flatMap((a) =>
    PAIRS.filter(([p]) => a.operators.includes(p)).map(([p, n]) => {
      const values = p === 'IN' ? fc.array(arbValue(a), { minLength: 1, maxLength: 3 }).map((vs) => vs.join(',')) : arbValue(a);
      const withNull = p === 'EQ' && a.nullable ? fc.oneof(values, fc.constant('null')) : values;
      return withNull.map((v) => ({ positive: `${a.path} ${p} ${v}`, negative: `${a.path} ${n} ${v}` }));
    }),
  );
  return fc.oneof(...choices);
}

describe('NOT_x selects exactly what x does not', () => {
  const engine = useSqlEngines(data);
  test.for(ENGINE_NAMES.flatMap((name) => schedulingSchema.entityNames.map((entity) => ({ name, entity }))))(
    '$name: $entity',
    async ({ name, entity }) => {
      await fc.assert(
        fc.asyncProperty(arbPair(entity), async ({ positive, negative }) => {
          const pos = await engine(name).ids(check(positive, schedulingSchema, entity));
          const neg = await engine(name).ids(check(negative, schedulingSchema, entity));
          expect([...pos, ...neg].sort(), `${name}: ${positive} | ${negative}`).toEqual(ALL_IDS[entity]);
        }),
        { numRuns: 30 },
      );
    },
  );
});
