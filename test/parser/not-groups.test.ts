/** `NOT ( … )`: what parses, into which tree, and what a misplaced NOT is told. */
import { describe, expect, test } from 'vitest';
import { print } from '../../src/ast/print.js';
import { parse } from '../../src/parser/parse.js';
import { sexpr } from '../ast/sexpr.js';
import { tqlErrorOf } from '../support/tql-error.js';

describe('NOT before a group', () => {
  test.for([
    ['NOT (a.b EQ 1)', '(NOT (EQ a.b 1))'],
    ['NOT~(a.b~EQ~1~OR~a.c~EQ~2)', '(NOT (OR (EQ a.b 1) (EQ a.c 2)))'],
    ['NOT\n\t( a.b EQ 1 )', '(NOT (EQ a.b 1))'],
    ['NOT ((a.b EQ 1))', '(NOT (group (EQ a.b 1)))'],
    ['NOT (NOT (a.b EQ 1))', '(NOT (NOT (EQ a.b 1)))'],
    ['(NOT (a.b EQ 1))', '(group (NOT (EQ a.b 1)))'],
    // NOT binds to its group only: AND and OR around it as around any group.
    ['NOT (a.b EQ 1) AND a.c EQ 2', '(AND (NOT (EQ a.b 1)) (EQ a.c 2))'],
    ['a.b EQ 1 OR NOT (a.c EQ 2) AND a.d EQ 3', '(OR (EQ a.b 1) (AND (NOT (EQ a.c 2)) (EQ a.d 3)))'],
    // Not the keyword: an attribute named NOT, and NOT as a value.
    ['NOT.b EQ NOT', '(EQ NOT.b NOT)'],
    ['a.b EQ NOT AND a.c EQ "NOT ("', '(AND (EQ a.b NOT) (EQ a.c "NOT ("))'],
  ] as const)('%j reads as %s', ([text, tree]) => {
    expect(sexpr(parse(text))).toBe(tree);
  });

  test('the span of a NOT runs from NOT to its closing parenthesis; its expression is what the parentheses enclose', () => {
    const text = 'a.b EQ 1 AND NOT ( a.c EQ 2 )';
    const not = parse(text).expression;
    if (not.kind !== 'And' || not.operands[1].kind !== 'Not') throw new Error(`not an AND with a NOT: ${sexpr(not)}`);
    const { span, expression } = not.operands[1];
    expect(text.slice(span.start, span.end)).toBe('NOT ( a.c EQ 2 )');
    expect(text.slice(expression.span.start, expression.span.end)).toBe('a.c EQ 2');
  });

  test.for([
    ['NOT (a.b EQ 1 OR a.c EQ 2) AND a.d IN x,y', 'NOT (a.b EQ 1 OR a.c EQ 2) AND a.d IN x, y', 'NOT~(a.b~EQ~1~OR~a.c~EQ~2)~AND~a.d~IN~x,y'],
    ['NOT ((a.b EQ 1))', 'NOT ((a.b EQ 1))', 'NOT~((a.b~EQ~1))'],
  ] as const)('%j prints as %j and %j', ([text, readable, url]) => {
    const tree = parse(text);
    expect([print(tree), print(tree, { style: 'url' })]).toEqual([readable, url]);
  });
});

describe('a NOT group is one level of nesting, and its predicates count', () => {
  test('NOT ( … ) nests as deep as ( … )', () => {
    expect(sexpr(parse('NOT (a.b EQ 1)', { limits: { maxDepth: 1 } }))).toBe('(NOT (EQ a.b 1))');
    expect(tqlErrorOf(() => parse('NOT (NOT (a.b EQ 1))', { limits: { maxDepth: 1 } })).issues.map((i) => [i.code, i.span])).toEqual([
      ['too_deep', { start: 9, end: 10 }],
    ]);
  });

  test('the predicates inside NOT count towards maxPredicates', () => {
    expect(tqlErrorOf(() => parse('a.b EQ 1 AND NOT (a.c EQ 2 OR a.d EQ 3)', { limits: { maxPredicates: 2 } })).code).toBe('too_many_predicates');
  });
});

describe('a misplaced NOT: the error and its fix', () => {
  test.for([
    // Before a predicate: the negative operator when there is one, else the parentheses.
    ['NOT a.b EQ 1', 'NOT a.b EQ 1', 'a.b NOT_EQ 1'],
    ['a.b EQ 1 AND NOT a.c NOT_IN x, y', 'NOT a.c NOT_IN x, y', 'a.c IN x, y'],
    ['NOT~a.b~LIKE~jo~OR~a.c~EQ~1', 'NOT~a.b~LIKE~jo', 'a.b~NOT_LIKE~jo'],
    ['NOT a.b LT 5', 'NOT a.b LT 5', 'NOT (a.b LT 5)'],
    // Anything else after NOT.
    ['NOT NOT (a.b EQ 1)', 'NOT', undefined],
    ['NOT(a.b EQ 1)', 'NOT(', 'NOT ('],
    ['not (a.b EQ 1)', 'not', 'NOT'],
    ['a.b EQ 1 AND NOT', 'NOT', undefined],
    ['a.b EQ 1 NOT (a.c EQ 2)', 'NOT', 'AND NOT'],
  ] as const)('%j: the issue covers %j, fix %j', ([text, spanned, suggestion]) => {
    const [only, ...others] = tqlErrorOf(() => parse(text)).issues;
    expect(others).toEqual([]);
    expect([only.code, text.slice(only.span.start, only.span.end), only.suggestion]).toEqual(['syntax_error', spanned, suggestion]);
  });

  test.for([
    ['NOT a.b EQ 1', 'NOT applies only to a group in parentheses: write NOT (a.b EQ 1), or a.b NOT_EQ 1.'],
    ['NOT a.b LT 5', 'NOT applies only to a group in parentheses: write NOT (a.b LT 5).'],
    ['NOT NOT (a.b EQ 1)', 'NOT applies only to a group in parentheses: put what it negates in parentheses, such as NOT (agent.name EQ x).'],
    ['NOT(a.b EQ 1)', 'Put a separator (a space or ~) between NOT and "(".'],
    ['not (a.b EQ 1)', 'Write NOT in upper case: "not" is not a keyword.'],
    ['a.b EQ 1 AND NOT ', 'The query ends with NOT: add the group it negates, such as NOT (agent.name EQ x), or remove it.'],
    ['a.b EQ 1 NOT (a.c EQ 2)', 'NOT negates a group, it does not join one: write AND NOT or OR NOT before the group.'],
  ] as const)('%j: %s', ([text, message]) => {
    expect(tqlErrorOf(() => parse(text)).issues[0].message).toBe(message);
  });
});
