/**
 * `NOT ( … )` in memory: pushed down to the comparisons when the query is planned (De Morgan),
 * each comparison then wanting the other answer, so the predicate pays nothing for a NOT and
 * the complement holds by construction.
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compilePredicate, queryPlan } from '../../../src/backends/memory/compile-predicate.js';
import type { Plan } from '../../../src/backends/memory/plan.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';

/** A plan as `(and …)`, `(or …)` and `equals agent.url_slug`, or `!equals agent.url_slug` for its complement. */
function shape(p: Plan): string {
  if (p.kind === 'Comparison') return `${p.positive ? '' : '!'}${p.test.kind} ${p.comparison.attribute.path}`;
  return `(${p.kind.toLowerCase()} ${p.operands.map(shape).join(' ')})`;
}

const planOf = (text: string) => shape(queryPlan(check(text, schedulingSchema, 'agent', { cache: false })));

describe('the plan has no NOT', () => {
  test.for([
    ['agent.url_slug NOT_EQ ada', '!equals agent.url_slug'],
    ['NOT (agent.url_slug EQ ada)', '!equals agent.url_slug'],
    ['NOT (agent.url_slug NOT_EQ ada)', 'equals agent.url_slug'],
    ['NOT (agent.url_slug EQ ada AND agent.created_at LT 5)', '(or !equals agent.url_slug !instant agent.created_at)'],
    ['NOT (agent.url_slug EQ ada OR agent.name LIKE jo)', '(and !equals agent.url_slug !like agent.name)'],
    ['NOT (NOT (agent.url_slug EQ ada))', 'equals agent.url_slug'],
    ['agent.role EQ User AND NOT (agent.url_slug EQ ada OR NOT (agent.schedulable EQ true))', '(and equals agent.role (and !equals agent.url_slug equals agent.schedulable))'],
  ] as const)('%s → %s', ([text, expected]) => {
    expect(planOf(text)).toBe(expected);
  });

  test('200 NOTs nested: one comparison, planned once', () => {
    const text = `${'NOT ('.repeat(200)}agent.url_slug EQ ada${')'.repeat(200)}`;
    const q = check(text, schedulingSchema, 'agent', { limits: { maxDepth: 200 }, cache: false });
    expect(shape(queryPlan(q))).toBe('equals agent.url_slug');
    expect([{ url_slug: 'ada' }, { url_slug: null }, {}].map(compilePredicate(q))).toEqual([true, false, false]);
  });
});

test('records without the value, with null or a wrong type match the NOT of a comparison they fail', () => {
  const isMatch = compilePredicate(check('NOT (agent.created_at LT 2023-07-01)', schedulingSchema, 'agent'));
  expect([{ created_at: 1 }, { created_at: 1_800_000_000 }, { created_at: null }, {}, { created_at: '1' }].map(isMatch)).toEqual([false, true, true, true, true]);
});
