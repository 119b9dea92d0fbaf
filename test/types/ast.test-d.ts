/**
 * The syntax tree types encode precedence: an `And` holds predicates and groups only, an `Or`
 * holds no `Or` directly, and both have two or more operands. A tree the printer could not
 * write back without inventing parentheses cannot be built.
 */
import { describe, expectTypeOf, test } from 'vitest';
import { and, group, not, or, predicate } from '../../src/ast/builders.js';
import type { And, Conjunct, Disjunct, Expr, Or, Predicate } from '../../src/ast/nodes.js';

const a = predicate('agent.name', 'EQ', 'a');
const b = predicate('agent.name', 'EQ', 'b');
const either = or(a, b);
const both = and(a, b);
const span = { start: 0, end: 0 };

describe('And', () => {
  test('an Or directly inside an And is a type error; inside a group it is fine', () => {
    // @ts-expect-error an Or needs parentheses inside an And
    and(either, a);
    // @ts-expect-error an Or needs parentheses inside an And
    const literal: And = { kind: 'And', operands: [either, a], span };
    expectTypeOf(literal).toEqualTypeOf<And>();
    expectTypeOf(and(group(either), a)).toEqualTypeOf<And>();
  });

  test('an And directly inside an And is a type error (it would be flattened by printing)', () => {
    // @ts-expect-error nested And without a group
    and(both, a);
  });

  test('fewer than two operands is a type error', () => {
    // @ts-expect-error an And has two or more operands
    and(a);
    // @ts-expect-error an And has two or more operands
    const one: And = { kind: 'And', operands: [a], span };
    expectTypeOf(one.operands).toEqualTypeOf<readonly [Conjunct, Conjunct, ...Conjunct[]]>();
  });
});

describe('Or', () => {
  test('an And is a fine operand, an Or is not', () => {
    expectTypeOf(or(both, a)).toEqualTypeOf<Or>();
    // @ts-expect-error an Or directly inside an Or
    or(either, a);
    expectTypeOf<Disjunct>().toEqualTypeOf<And | Predicate | ReturnType<typeof group> | ReturnType<typeof not>>();
  });

  test('any expression fits in a group', () => {
    expectTypeOf(group).parameter(0).toEqualTypeOf<Expr>();
  });

  test('NOT negates any expression and stands next to AND and OR without more parentheses', () => {
    expectTypeOf(not).parameter(0).toEqualTypeOf<Expr>();
    expectTypeOf(and(not(either), a)).toEqualTypeOf<And>();
    expectTypeOf(or(not(both), a)).toEqualTypeOf<Or>();
  });
});

describe('predicates', () => {
  test('the operator is one of the ten', () => {
    // @ts-expect-error eq is not an operator
    predicate('agent.name', 'eq', 'x');
    // @ts-expect-error an attribute path has a dot
    predicate('name', 'EQ', 'x');
  });
});
