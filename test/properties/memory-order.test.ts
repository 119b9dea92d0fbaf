/**
 * The order the in-memory predicate tests an AND's or an OR's operands in: cheapest first
 * (equality, IN, ranges and presence, then text tests, then collections), and never an answer
 * of its own. The logic in memory is two-valued and total, so any order answers as any other:
 * the property builds each generated query's plan in its cost order, reversed, and shuffled at
 * every level, and requires every one of them to answer as the compiled query does, and as the
 * plain interpreter does on plain records. The seed is in the describe title; re-run with
 * `TQL_ORDER_SEED=<seed>`.
 */
import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { compilePredicate, planPredicate, queryPlan } from '../../src/backends/memory/compile-predicate.js';
import type { Plan } from '../../src/backends/memory/plan.js';
import { schedulingSchema, type SchedulingEntityName } from '../../src/models/scheduling/schema.js';
import { datasetArbitrary, validatedQueryArbitrary } from '../../src/testing/index.js';
import { resolveNow } from '../../src/validate/resolve-now.js';
import { referenceMatches } from '../backends/memory/reference.js';
import { entityOf } from '../support/entity-of.js';

const SEED = Number(process.env.TQL_ORDER_SEED ?? Math.floor(Math.random() * 2 ** 31));
const NOW = 1_750_000_000;
const ENTITIES: readonly SchedulingEntityName[] = ['agent', 'scheduling_request', 'resource', 'team'];

/** The plan with the operands of every group put in the order `order` gives them. */
function reordered(plan: Plan, order: (operands: readonly Plan[]) => Plan[]): Plan {
  if (plan.kind === 'Comparison') return plan;
  return { ...plan, operands: order(plan.operands.map((o) => reordered(o, order))) };
}

/** A shuffle of each group that `seed` decides (a small LCG, so a failing case replays). */
function shuffledBy(seed: number): (operands: readonly Plan[]) => Plan[] {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0);
  return (operands) => {
    const out = operands.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = next() % (i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
}

/** The attributes a plan tests, in the order it tests them; a group in brackets. */
function testedOrder(p: Plan): string {
  if (p.kind === 'Comparison') return p.comparison.attribute.path.slice(p.comparison.attribute.path.indexOf('.') + 1);
  return `[${p.operands.map(testedOrder).join(' ')}]`;
}

describe('cheapest first', () => {
  test.for([
    // The text test written first runs last.
    ['agent.name LIKE john AND agent.two_factor_enabled EQ false AND agent.created_at GTE 2024-07-01', '[two_factor_enabled created_at name]'],
    // A regex before a LIKE that lower-cases each text (a needle that is not ASCII).
    ['agent.email LIKE Zoë AND agent.name LIKE jo AND agent.role IN User,Administrator', '[role name email]'],
    ['agent.name LIKE jo OR agent.url_slug EQ null OR agent.role IN User,Administrator,Billing,Support,Dispatcher,Owner,Guest', '[url_slug role name]'],
    // Collections after every text test on a field, an equality on one before a LIKE on one.
    [
      'scheduling_request.psa_b_ticket_number LIKE 12 AND scheduling_request.agent_id EQ agnt_a AND scheduling_request.end_user_email LIKE Zoë AND scheduling_request.status EQ sent',
      '[status end_user_email agent_id psa_b_ticket_number]',
    ],
    // A group costs what its operands cost together.
    [
      '(agent.name LIKE john OR agent.email LIKE example.org) AND agent.two_factor_enabled EQ false AND (agent.role IN Administrator,Billing OR agent.created_at GTE 2024-07-01)',
      '[two_factor_enabled [created_at role] [name email]]',
    ],
    // Equal costs keep the query's order.
    ['agent.schedulable EQ true AND agent.two_factor_enabled EQ false AND agent.url_slug NOT_EQ null', '[schedulable two_factor_enabled url_slug]'],
  ] as const)('%s tests %s', ([text, expected]) => {
    expect(testedOrder(queryPlan(check(text, schedulingSchema, entityOf(text), { cache: false })))).toBe(expected);
  });

  it('a long AND is sorted stably too', () => {
    const slugs = Array.from({ length: 40 }, (_, i) => `agent.url_slug NOT_EQ s${i}`);
    const text = [...slugs.slice(0, 20), 'agent.name LIKE jo', ...slugs.slice(20), 'agent.schedulable EQ true'].join(' AND ');
    const plan = queryPlan(check(text, schedulingSchema, 'agent', { cache: false, limits: { maxPredicates: 100 } }));
    const tested = plan.kind === 'Comparison' ? [] : plan.operands.map((o) => (o.kind === 'Comparison' ? String(o.comparison.value) : ''));
    expect(tested).toEqual([...Array.from({ length: 20 }, (_, i) => `s${i}`), ...Array.from({ length: 20 }, (_, i) => `s${i + 20}`), 'true', 'jo']);
  });
});

describe(`no order changes an answer (seed ${SEED}; re-run with TQL_ORDER_SEED=${SEED})`, () => {
  it.each(ENTITIES)('%s: the plan in cost order, reversed and shuffled answers as the compiled query and the interpreter', (entity) => {
    fc.assert(
      fc.property(
        validatedQueryArbitrary(schedulingSchema, entity, { depth: 3 }),
        datasetArbitrary(schedulingSchema, entity, { size: 8 }),
        datasetArbitrary(schedulingSchema, entity, { size: 8, hostile: true }),
        fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
        (query, plain, hostile, seeds) => {
          // Relative times at a fixed clock, where the plans and the interpreter read them.
          const q = resolveNow(query, NOW);
          const plan = queryPlan(q);
          const orders = [plan, reordered(plan, (o) => o.slice().reverse()), ...seeds.map((s) => reordered(plan, shuffledBy(s)))];
          const predicates = orders.map((p) => planPredicate(p, q.text));
          const compiled = compilePredicate(query, { now: NOW });
          for (const record of plain) {
            const expected = referenceMatches(q.condition, record);
            expect(predicates.map((p) => p(record)), JSON.stringify(record)).toEqual(predicates.map(() => expected));
            expect(compiled(record)).toBe(expected);
          }
          // Records whose fields are own getters on a prototype that throws on every read.
          for (const record of hostile) {
            const expected = compiled(record);
            expect(predicates.map((p) => p(record))).toEqual(predicates.map(() => expected));
          }
        },
      ),
      { seed: SEED, numRuns: 150 },
    );
  });
});
