/**
 * Every table of what an operator or a type is, is keyed by the whole `Operator` or
 * `AttributeType` union: with a throwaway operator (`BETWEEN`) or type (`Money`) added to the
 * union, none of them type-checks until it has an entry. (Handler tables of the backends are
 * checked the same way in handlers.test-d.ts; the per-type tables private to a layer are found in
 * src/ by test/schema/type-tables.test.ts, which requires each to be keyed by `AttributeType` as
 * these are.)
 */
import { describe, expectTypeOf, test } from 'vitest';
import type { Operator } from '../../src/ast/nodes.js';
import type { Extension } from '../../src/parser/profiles.js';
import { PROFILE_DEFINITIONS } from '../../src/parser/profiles.js';
import { DEFAULT_OPERATORS, OPERATOR_FACTS, TEXT_PLACE_TESTS, type OperatorFacts, type TextPlace } from '../../src/schema/operators.js';
import { TYPE_FACTS, typesWith, type TypeFacts } from '../../src/schema/type-facts.js';
import type { ComparedOperator } from '../../src/schema/operator-facts.js';
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
    expectTypeOf<keyof OperatorValue>().toEqualTypeOf<ComparedOperator>();
  });
});

describe('a throwaway type does not compile until the type tables have it', () => {
  test('DEFAULT_OPERATORS: the operators a type takes', () => {
    // @ts-expect-error Money has no operators
    const defaults: { readonly [T in WithThrowawayType]: readonly Operator[] } = DEFAULT_OPERATORS;
    expectTypeOf(defaults).not.toBeNever();
    expectTypeOf<keyof typeof DEFAULT_OPERATORS>().toEqualTypeOf<AttributeType>();
  });

  test('TYPE_FACTS: instants, free text, ids, its profile extension, whether an index on it alone helps', () => {
    // @ts-expect-error Money has no facts
    const facts: { readonly [T in WithThrowawayType]: TypeFacts } = TYPE_FACTS;
    expectTypeOf(facts).not.toBeNever();
    expectTypeOf<keyof typeof TYPE_FACTS>().toEqualTypeOf<AttributeType>();
  });

  test('a table keyed by type, as every layer’s own is, needs every type and no other', () => {
    type PerType = { readonly [T in AttributeType]: number };
    // @ts-expect-error Number is missing
    const missing: PerType = { ID: 1, String: 1, Timestamp: 1, Boolean: 1 };
    // @ts-expect-error Money is no type
    const extra: PerType = { ID: 1, String: 1, Timestamp: 1, Boolean: 1, Number: 1, Money: 1 };
    expectTypeOf([missing, extra]).items.toEqualTypeOf<PerType>();
  });

  test('a message naming the types with a fact takes only facts that are yes or no', () => {
    expectTypeOf(typesWith).parameter(0).toEqualTypeOf<'instants' | 'freeText' | 'ids' | 'indexAlone'>();
    // @ts-expect-error extension is no yes-or-no fact
    typesWith('extension');
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
