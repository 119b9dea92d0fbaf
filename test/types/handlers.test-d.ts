/**
 * The handler tables of a backend are keyed by operator and node kind, so a backend that
 * forgets a case does not compile, and each handler sees the comparison typed for its operator.
 */
import { describe, expectTypeOf, test } from 'vitest';
import type { ComparisonHandlers, ConditionHandlers } from '../../src/backends/backend.js';
import type { AndCondition, Comparison, NotCondition, OrCondition, Scalar } from '../../src/validate/validated-query.js';

const count: ComparisonHandlers<number, void> = {
  EQ: () => 1,
  NOT_EQ: () => 1,
  LT: () => 1,
  LTE: () => 1,
  GT: () => 1,
  GTE: () => 1,
  LIKE: () => 1,
  NOT_LIKE: () => 1,
  IN: () => 1,
  NOT_IN: () => 1,
  STARTS_WITH: () => 1,
  ENDS_WITH: () => 1,
};

describe('ComparisonHandlers', () => {
  test('a table missing an operator does not compile', () => {
    // @ts-expect-error ENDS_WITH is missing
    const missing: ComparisonHandlers<number, void> = { EQ: () => 1, NOT_EQ: () => 1, LT: () => 1, LTE: () => 1, GT: () => 1, GTE: () => 1, LIKE: () => 1, NOT_LIKE: () => 1, IN: () => 1, NOT_IN: () => 1, STARTS_WITH: () => 1 };
    expectTypeOf(missing).toEqualTypeOf<ComparisonHandlers<number, void>>();
  });

  test('an operator that does not exist does not compile', () => {
    // @ts-expect-error BETWEEN is not an operator
    const extra: ComparisonHandlers<number, void> = { ...count, BETWEEN: () => 1 };
    expectTypeOf(extra).toEqualTypeOf<ComparisonHandlers<number, void>>();
  });

  test('each handler gets the comparison of its operator, with its value type', () => {
    const typed: ComparisonHandlers<void, string> = {
      ...({} as ComparisonHandlers<void, string>),
      IN: (c, ctx) => {
        expectTypeOf(c).toEqualTypeOf<Comparison<'IN'>>();
        expectTypeOf(c.value).toEqualTypeOf<readonly Scalar[]>();
        expectTypeOf(ctx).toEqualTypeOf<string>();
      },
      LT: (c) => expectTypeOf(c.value).toEqualTypeOf<number>(),
      LIKE: (c) => expectTypeOf(c.value).toEqualTypeOf<string>(),
      EQ: (c) => expectTypeOf(c.value).toEqualTypeOf<Scalar | null>(),
    };
    expectTypeOf(typed.GTE).parameter(0).toEqualTypeOf<Comparison<'GTE'>>();
  });

  test('a handler cannot return another type than the table’s', () => {
    // @ts-expect-error LIKE returns a string in a table of numbers
    const wrong: ComparisonHandlers<number, void> = { ...count, LIKE: () => 'x' };
    expectTypeOf(wrong).toEqualTypeOf<ComparisonHandlers<number, void>>();
  });
});

describe('ConditionHandlers', () => {
  test('And, Or, Not and the comparisons are all required', () => {
    const all: ConditionHandlers<number, void> = { And: (xs) => xs.length, Or: (xs) => xs.length, Not: (x) => x, comparisons: count };
    // @ts-expect-error Or is missing
    const noOr: ConditionHandlers<number, void> = { And: (xs) => xs.length, Not: (x) => x, comparisons: count };
    // @ts-expect-error And is missing
    const noAnd: ConditionHandlers<number, void> = { Or: (xs) => xs.length, Not: (x) => x, comparisons: count };
    // @ts-expect-error Not is missing
    const noNot: ConditionHandlers<number, void> = { And: (xs) => xs.length, Or: (xs) => xs.length, comparisons: count };
    // @ts-expect-error the comparisons are missing
    const noComparisons: ConditionHandlers<number, void> = { And: (xs) => xs.length, Or: (xs) => xs.length, Not: (x) => x };
    expectTypeOf([all, noOr, noAnd, noNot, noComparisons]).items.toEqualTypeOf<ConditionHandlers<number, void>>();
  });

  test('And and Or get their operands folded, and their own node', () => {
    expectTypeOf<ConditionHandlers<string, void>['And']>().parameter(0).toEqualTypeOf<readonly string[]>();
    expectTypeOf<ConditionHandlers<string, void>['And']>().parameter(1).toEqualTypeOf<AndCondition>();
    expectTypeOf<ConditionHandlers<string, void>['Or']>().parameter(1).toEqualTypeOf<OrCondition>();
    expectTypeOf<ConditionHandlers<string, void>['Or']>().returns.toEqualTypeOf<string>();
  });

  test('Not gets its one operand folded, and its own node', () => {
    expectTypeOf<ConditionHandlers<string, void>['Not']>().parameter(0).toEqualTypeOf<string>();
    expectTypeOf<ConditionHandlers<string, void>['Not']>().parameter(1).toEqualTypeOf<NotCondition>();
  });
});
