/** Validating `NOT ( … )`: the condition it gives, the profile that refuses it, the limits of a built tree. */
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { and, not, predicate, query } from '../../src/ast/builders.js';
import { print } from '../../src/ast/print.js';
import type { Expr } from '../../src/ast/nodes.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import type { Condition } from '../../src/validate/validated-query.js';
import { toAst } from '../../src/validate/to-ast.js';
import { safeValidate } from '../../src/validate/validate.js';
import { tqlErrorOf } from '../support/tql-error.js';

function shape(c: Condition): string {
  switch (c.kind) {
    case 'Comparison':
      return `${c.operator} ${c.attribute.path}`;
    case 'Not':
      return `(not ${shape(c.operand)})`;
    case 'And':
    case 'Or':
      return `(${c.kind.toLowerCase()} ${c.operands.map(shape).join(' ')})`;
  }
}

describe('the condition of a NOT group', () => {
  test.for([
    ['NOT (agent.name EQ x)', '(not EQ agent.name)'],
    // The group inside NOT is gone, its OR stays whole; NOT is never flattened into an AND or OR.
    ['NOT ((agent.name EQ x OR agent.role EQ User)) AND agent.schedulable EQ true', '(and (not (or EQ agent.name EQ agent.role)) EQ agent.schedulable)'],
    ['NOT (NOT (agent.name EQ x))', '(not (not EQ agent.name))'],
    ['agent.name EQ x OR NOT (agent.name EQ y OR agent.name EQ z)', '(or EQ agent.name (not (or EQ agent.name EQ agent.name)))'],
  ] as const)('%j → %s', ([text, expected]) => {
    expect(shape(check(text, schedulingSchema, 'agent', { cache: false }).condition)).toBe(expected);
  });

  test('a NOT keeps where it is in the text', () => {
    const text = 'agent.name EQ x AND NOT (agent.role EQ User)';
    const c = check(text, schedulingSchema, 'agent').condition;
    const negation = c.kind === 'And' ? c.operands[1] : undefined;
    expect(negation?.kind === 'Not' && text.slice(negation.span.start, negation.span.end)).toBe('NOT (agent.role EQ User)');
  });

  test('the normalized form keeps the NOT, and reads back as the same condition', () => {
    const q = check('NOT (agent.created_at GTE 2023-07-01 OR agent.name LIKE jo)', schedulingSchema, 'agent');
    const printed = print(toAst(q));
    expect(printed).toBe('NOT (agent.created_at GTE 1688169600 OR agent.name LIKE jo)');
    expect(shape(check(printed, schedulingSchema, 'agent').condition)).toBe(shape(q.condition));
  });

  test('what is wrong inside a NOT is reported as anywhere else', () => {
    expect(tqlErrorOf(() => check('NOT (agent.nmae EQ x AND agent.schedulable EQ maybe)', schedulingSchema, 'agent')).issues.map((i) => i.code)).toEqual([
      'unknown_attribute',
      'invalid_value',
    ]);
  });
});

describe('the timezest profile refuses NOT, naming it', () => {
  test('one issue, on the keyword', () => {
    const text = 'agent.schedulable EQ true AND NOT (agent.name LIKE bot)';
    const [only, ...others] = tqlErrorOf(() => check(text, schedulingSchema, 'agent', { profile: 'timezest' })).issues;
    expect(others).toEqual([]);
    expect([only.code, text.slice(only.span.start, only.span.end)]).toEqual(['profile_violation', 'NOT']);
    expect(only.message).toMatchInlineSnapshot(
      `"NOT is not part of the timezest profile, which only joins predicates with AND; negate each predicate with its operator (NOT_EQ, NOT_LIKE, NOT_IN), or use the extended profile."`,
    );
  });

  test('an OR inside the NOT is refused too', () => {
    expect(tqlErrorOf(() => check('NOT (agent.name EQ a OR agent.name EQ b)', schedulingSchema, 'agent', { profile: 'timezest' })).issues.map((i) => i.code)).toEqual([
      'profile_violation',
      'profile_violation',
    ]);
  });

  test('a built NOT is refused on its whole span, having no text', () => {
    const r = safeValidate(query(not(predicate('agent.name', 'EQ', 'x'))), schedulingSchema, 'agent', { profile: 'timezest' });
    expect(!r.ok && r.error.issues.map((i) => [i.code, i.span])).toEqual([['profile_violation', { start: 0, end: 0 }]]);
  });
});

describe('a built tree: a NOT is one level of nesting', () => {
  const leaf = predicate('agent.name', 'EQ', 'x');
  const nots = (n: number): Expr => (n === 0 ? leaf : not(nots(n - 1)));
  test.for([
    [16, []],
    [17, ['too_deep']],
  ] as const)('%i NOTs nested: %j', ([n, codes]) => {
    const r = safeValidate(query(and(leaf, not(nots(n - 1)))), schedulingSchema, 'agent');
    expect(r.ok ? [] : r.error.issues.map((i) => i.code)).toEqual(codes);
  });

  test('a NOT without an expression is not a tree', () => {
    const r = safeValidate(query({ kind: 'Not', span: { start: 0, end: 0 } } as unknown as Expr), schedulingSchema, 'agent');
    expect(!r.ok && r.error.code).toBe('invalid_input');
  });
});
