/**
 * The laws of tql/testing hold for the scheduling schema, the schema with every kind of
 * attribute and generated schemas; and each fails on a backend (or a printer) that breaks it,
 * so none is a property that cannot fail.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import type { Schema } from '../../src/schema/types.js';
import type { Condition, ValidatedQuery } from '../../src/validate/validated-query.js';
import { checkIdempotenceLaw, complementLaw, normalizationStabilityLaw, referenceIds, roundTripLaw, type TestRecord } from '../../src/testing/index.js';
import { arbGeneratedSchema, everyKindSchema } from './generated-schemas.js';

const SEED = fc.readConfigureGlobal().seed ?? 0;

const cases: { name: string; schema: Schema; entity: string }[] = [
  ...schedulingSchema.entityNames.map((entity) => ({ name: 'scheduling', schema: schedulingSchema as Schema, entity })),
  { name: 'every kind', schema: everyKindSchema, entity: 'item' },
  ...fc.sample(arbGeneratedSchema, { seed: SEED, numRuns: 3 }).map((schema, i) => ({ name: `generated ${i}`, schema, entity: 'thing' })),
];

describe(`the laws hold (seed ${SEED}; replay with TQL_FC_SEED=${SEED})`, () => {
  test.for(cases)('$name: $entity', ({ schema, entity }) => {
    const runs = { seed: SEED, numRuns: 60 };
    fc.assert(complementLaw(schema, entity), runs);
    const e = schema.entities[entity]!;
    // Timezest has no Number attributes and no NOT: an entity without a text, time or choice attribute
    // taking an operator and its complement leaves the law nothing there, an error.
    const complemented = e.attributeNames
      .map((n) => e.attributes[n]!)
      .some((a) => a.type !== 'Number' && a.operators.some((op) => a.operators.includes(`NOT_${op}` as never)));
    if (complemented) fc.assert(complementLaw(schema, entity, { profile: 'timezest' }), runs);
    else expect(() => complementLaw(schema, entity, { profile: 'timezest' })).toThrow(/invalid_option: complementLaw: no attribute/);
    fc.assert(roundTripLaw(schema, entity), runs);
    fc.assert(checkIdempotenceLaw(schema, entity), runs);
    fc.assert(normalizationStabilityLaw(schema, entity), runs);
  });
});

/** The record field the first comparison of a condition reads, when it reads one field. */
function firstField(c: Condition): string | undefined {
  if (c.kind === 'Comparison') return c.attribute.source.kind === 'field' ? c.attribute.source.field : undefined;
  return 'operand' in c ? firstField(c.operand) : c.operands.map(firstField).find((f) => f !== undefined);
}

describe('each law fails where it is broken', () => {
  /** A backend whose negations skip records without a value: SQL's three-valued `<>`. */
  const threeValued = (query: ValidatedQuery, given: readonly object[]) => {
    const records = given as readonly TestRecord[];
    const c = query.condition;
    const ids = referenceIds(query, records);
    if (c.kind !== 'Comparison' || !c.operator.startsWith('NOT_')) return ids;
    const field = c.attribute.name;
    return ids.filter((id) => records.find((r) => r['id'] === id)![field] != null);
  };

  test('the complement law catches a NOT ( … ) that is not the complement', () => {
    // NOT (q) answered by SQL's three-valued logic: a record without the value q reads drops out.
    const notDropsMissing = (query: ValidatedQuery, given: readonly object[]) => {
      const records = given as readonly TestRecord[];
      const ids = referenceIds(query, records);
      if (query.condition.kind !== 'Not') return ids;
      const field = firstField(query.condition);
      return field === undefined ? ids : ids.filter((id) => records.find((r) => r['id'] === id)![field] != null);
    };
    const details = fc.check(complementLaw(everyKindSchema, 'item', { select: notDropsMissing }), { seed: SEED, numRuns: 300 });
    expect(details.failed).toBe(true);
  });

  test('the complement law catches NOT_EQ that drops missing values', () => {
    const details = fc.check(complementLaw(everyKindSchema, 'item', { select: threeValued }), { seed: SEED, numRuns: 300 });
    expect(details.failed).toBe(true);
  });

  test('normalization stability catches a backend that answers a text differently from its normalized form', () => {
    // Keyed by text: any query whose normalized text differs gets another answer.
    const byText = (query: ValidatedQuery, records: readonly object[]) => (query.text.includes('~') ? [] : (records as readonly TestRecord[]).map((r) => r['id']));
    const records: TestRecord[] = [{ id: 'r0' }];
    const details = fc.check(normalizationStabilityLaw(everyKindSchema, 'item', { records, select: byText }), { seed: SEED, numRuns: 300 });
    expect(details.failed).toBe(true);
  });
});
