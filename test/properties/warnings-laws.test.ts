/**
 * Laws of warnings over generated valid queries: computing them never throws, they come in text
 * order within the query, and a warning that says an AND matches nothing is never wrong about it
 * (the in-memory backend finds no sample record matching the query's AND). And number_rounded's
 * digit comparison never fires on a number written as its double prints.
 */
import { operandsOf } from '../support/condition-operands.js';
import { fc, test } from '../support/property.js';
import { expect } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { recordsOf, sampleData } from '../../src/models/scheduling/sample.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { losesDigits } from '../../src/tooling/decimal.js';
import { warnings } from '../../src/tooling/warnings.js';
import { arbQueryText } from './arbitraries/valid-query.js';

const arbQuery = fc.constantFrom(...schedulingSchema.entityNames).chain((e) => arbQueryText(e));

test.prop([arbQuery], { numRuns: 400 })('never throws; spans in the text, in order', ({ entity, text }) => {
  const found = warnings(check(text, schedulingSchema, entity));
  for (const w of found) {
    expect(w.span.start).toBeGreaterThanOrEqual(0);
    expect(w.span.end).toBeLessThanOrEqual(text.length);
  }
  expect(found.map((w) => w.span.start)).toEqual([...found.map((w) => w.span.start)].sort((a, b) => a - b));
});

test.prop([arbQuery], { numRuns: 400 })('an empty_range warning is right: the AND it is in matches no record', ({ entity, text }) => {
  const q = check(text, schedulingSchema, entity);
  for (const w of warnings(q).filter((x) => x.code === 'empty_range')) {
    // The whole query may still match through an OR around the AND; the AND's own text does not.
    const and = andAround(q.condition, w.span.start);
    expect(and, 'an empty_range warning is about an AND').toBeDefined();
    // The AND alone, as a query of its own (a copy: checked for its shape, then compiled).
    const alone = { ...q, condition: and! } as typeof q;
    expect(filterRecords(alone, recordsOf(sampleData(), entity)), text).toEqual([]);
  }
});

type Cond = ReturnType<typeof check>['condition'];

/** A generated query written twice in one AND: every comparison of an AND in it is then repeated. */
const arbDoubled = arbQuery.map(({ entity, text }) => ({ entity, text: `(${text}) AND (${text})` }));

test.prop([fc.oneof(arbQuery, arbDoubled)], { numRuns: 300 })(
  'duplicate_predicate and duplicate_value are right: without the repeat, every record gets the same answer',
  ({ entity, text }) => {
    const q = check(text, schedulingSchema, entity);
    const records = recordsOf(sampleData(), entity);
    const matches = filterRecords(q, records);
    for (const w of warnings(q)) {
      if (w.code !== 'duplicate_predicate' && w.code !== 'duplicate_value') continue;
      const without = w.code === 'duplicate_predicate' ? withoutComparison(q.condition, w.span.start) : withoutRepeatedValue(q.condition, w.span.start);
      expect(without, `${w.code} at ${w.span.start} in ${text}`).not.toEqual(q.condition);
      expect(filterRecords({ ...q, condition: without } as typeof q, records), `${w.code} in ${text}`).toEqual(matches);
    }
  },
);


/** The AND whose direct operand is the comparison at `start`. */
function andAround(c: Cond, start: number): Extract<Cond, { kind: 'And' }> | undefined {
  if (c.kind === 'Comparison') return undefined;
  if (c.kind === 'And' && c.operands.some((o) => o.kind === 'Comparison' && o.span.start === start)) return c;
  for (const o of operandsOf(c)) {
    const found = andAround(o, start);
    if (found !== undefined) return found;
  }
  return undefined;
}

const ops = ['EQ', 'GT', 'GTE', 'LT', 'LTE'] as const;
const holds = (op: (typeof ops)[number], v: number, b: number) =>
  op === 'EQ' ? v === b : op === 'GT' ? v > b : op === 'GTE' ? v >= b : op === 'LT' ? v < b : v <= b;

test.prop([fc.constantFrom(...ops), fc.integer({ min: 0, max: 40 }), fc.constantFrom(...ops), fc.integer({ min: 0, max: 40 })], { numRuns: 500 })(
  'two bounds on one timestamp: empty_range exactly when no value satisfies both',
  (op1, x, op2, y) => {
    const q = check(`agent.created_at ${op1} ${x} AND agent.created_at ${op2} ${y}`, schedulingSchema, 'agent');
    // A record may hold any number (a fraction too): if some value satisfies both, one of these does.
    const satisfiable = [x - 1, x, x + 1, y - 1, y, y + 1, (x + y) / 2].some((v) => holds(op1, v, x) && holds(op2, v, y));
    expect(warnings(q).some((w) => w.code === 'empty_range')).toBe(!satisfiable);
  },
);

test.prop([fc.double({ noNaN: true, noDefaultInfinity: true })], { numRuns: 2000 })('a double written as it prints loses no digits', (n) => {
  expect(losesDigits(String(n), n)).toBe(false);
});

/** The condition without the comparison at `start` (the repeat a duplicate_predicate warning is about). */
function withoutComparison(c: Cond, start: number): Cond {
  if (c.kind === 'Comparison') return c;
  if (c.kind === 'Not') return { ...c, operand: withoutComparison(c.operand, start) };
  const operands = c.operands.filter((o) => !(o.kind === 'Comparison' && o.span.start === start)).map((o) => withoutComparison(o, start));
  // A group left with one operand is that operand.
  return operands.length === 1 ? operands[0]! : { ...c, operands };
}

/** The condition with the list at `start` holding each of its values once (what a duplicate_value warning says is enough). */
function withoutRepeatedValue(c: Cond, start: number): Cond {
  if (c.kind === 'Comparison') return c.span.start === start && Array.isArray(c.value) ? ({ ...c, value: [...new Set(c.value)] } as Cond) : c;
  if (c.kind === 'Not') return { ...c, operand: withoutRepeatedValue(c.operand, start) };
  return { ...c, operands: c.operands.map((o) => withoutRepeatedValue(o, start)) };
}
