/** One table of operator facts; the sets the validator and the compilers use follow from it. */
import { expect, test } from 'vitest';
import { OPERATORS } from '../../src/ast/nodes.js';
import { DEFAULT_OPERATORS, INDEXED_OPERATORS, LIST_OPERATORS, NULL_OPERATORS, OPERATOR_FACTS } from '../../src/schema/operators.js';

test.for([
  ['LIST_OPERATORS', LIST_OPERATORS, ['IN', 'NOT_IN']],
  ['NULL_OPERATORS', NULL_OPERATORS, ['EQ', 'NOT_EQ']],
  ['INDEXED_OPERATORS', INDEXED_OPERATORS, ['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE', 'IN', 'NOT_IN']],
] as const)('%s', ([, set, expected]) => {
  expect([...set]).toEqual(expected);
});

test('a list form takes a list of the values its operator takes one of, on every type that has both', () => {
  for (const op of OPERATORS) {
    const list = OPERATOR_FACTS[op].listForm;
    if (list === undefined) continue;
    expect(OPERATOR_FACTS[list]).toMatchObject({ values: 'list', compares: OPERATOR_FACTS[op].compares });
  }
  expect(DEFAULT_OPERATORS.String).toEqual(expect.arrayContaining(['EQ', 'IN', 'NOT_EQ', 'NOT_IN']));
});

test.for([
  ['ID', ['EQ', 'NOT_EQ']],
  ['String', ['EQ', 'NOT_EQ', 'LIKE', 'NOT_LIKE', 'IN', 'NOT_IN', 'STARTS_WITH', 'ENDS_WITH']],
  ['Timestamp', ['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE']],
  ['Boolean', ['EQ', 'NOT_EQ']],
  ['Number', ['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE', 'IN', 'NOT_IN']],
] as const)('DEFAULT_OPERATORS.%s, from the types each operator’s facts say take it: %j', ([type, expected]) => {
  expect(DEFAULT_OPERATORS[type]).toEqual(expected);
  expect(OPERATORS.filter((o) => OPERATOR_FACTS[o].takenBy.includes(type))).toEqual(expected);
});

test('OPERATORS are the keys of OPERATOR_FACTS, in the table’s order', () => {
  expect(OPERATORS).toEqual(Object.keys(OPERATOR_FACTS));
});

test('a complement is its complement’s complement, and is negated where its operator is not', () => {
  for (const op of OPERATORS) {
    const complement = OPERATOR_FACTS[op].complement;
    if (complement === undefined) continue;
    expect([op, OPERATOR_FACTS[complement].complement, OPERATOR_FACTS[complement].negated]).toEqual([op, op, !OPERATOR_FACTS[op].negated]);
  }
});
