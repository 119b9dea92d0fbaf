/**
 * Every table of what an operator or a type is, is keyed by the whole `Operator` or
 * `AttributeType` union: with a throwaway operator (`BETWEEN`) or type (`Money`) added to the
 * union, none of them type-checks until it has an entry. (Handler tables of the backends are
 * checked the same way in handlers.test-d.ts.)
 */
import { describe, expectTypeOf, test } from 'vitest';
import type { Operator } from '../../src/ast/nodes.js';
import type { Extension } from '../../src/parser/options.js';
import { PROFILE_DEFINITIONS } from '../../src/parser/options.js';
import { DEFAULT_OPERATORS, OPERATOR_FACTS, TEXT_PLACE_TESTS, type OperatorFacts, type TextPlace } from '../../src/schema/operators.js';
import type { AttributeType } from '../../src/schema/types.js';
import type { OperatorValue } from '../../src/validate/validated-query.js';

type WithThrowawayOperator = Operator | 'BETWEEN';
type WithThrowawayType = AttributeType | 'Money';

describe('a throwaway operator does not compile until every table has it', () => {
  test('OPERATOR_FACTS: its facts (values, null, test, index, profile, hover and completion words)', () => {
    // @ts-expect-error BETWEEN has no facts
    const facts: { readonly [Op in WithThrowawayOperator]: OperatorFacts } = OPERATOR_FACTS;
    expectTypeOf(facts).not.toBeNever();
  });

  test('OperatorValue: the value it carries after validation', () => {
    // @ts-expect-error BETWEEN carries no value
    type Between = OperatorValue['BETWEEN'];
    expectTypeOf<OperatorValue['STARTS_WITH']>().toEqualTypeOf<string>();
  });

  test('the tables as they are take exactly the operators there are', () => {
    expectTypeOf<keyof typeof OPERATOR_FACTS>().toEqualTypeOf<Operator>();
    expectTypeOf<keyof OperatorValue>().toEqualTypeOf<Operator>();
  });
});

describe('a throwaway type does not compile until the type tables have it', () => {
  test('DEFAULT_OPERATORS: the operators a type takes', () => {
    // @ts-expect-error Money has no operators
    const defaults: { readonly [T in WithThrowawayType]: readonly Operator[] } = DEFAULT_OPERATORS;
    expectTypeOf(defaults).not.toBeNever();
    expectTypeOf<keyof typeof DEFAULT_OPERATORS>().toEqualTypeOf<AttributeType>();
  });
});

describe('a throwaway profile extension or text place does not compile until decided', () => {
  test('each profile says whether it allows each extension', () => {
    // @ts-expect-error no profile decides on 'between'
    const allows: { readonly [E in Extension | 'between']: boolean } = PROFILE_DEFINITIONS.extended.allows;
    expectTypeOf(allows).not.toBeNever();
  });

  test('each text place has its test', () => {
    // @ts-expect-error no test for 'middle'
    const tests: { readonly [P in TextPlace | 'middle']: (t: string, n: string) => boolean } = TEXT_PLACE_TESTS;
    expectTypeOf(tests).not.toBeNever();
  });
});
