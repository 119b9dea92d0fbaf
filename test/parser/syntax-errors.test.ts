/** The errors `parse` reports for text that is not TQL: one issue, at the place to fix, saying how. */
import { describe, expect, test } from 'vitest';
import type { TqlError } from '../../src/errors/tql-error.js';
import { parse } from '../../src/parser/parse.js';
import { tqlErrorOf } from '../support/tql-error.js';

const errorOf = (text: string): TqlError => tqlErrorOf(() => parse(text));

describe('code, span and suggestion', () => {
  test.for([
    ['agent.name eq john', 'unknown_operator', 'eq', 'EQ'],
    ['agent.name like john', 'unknown_operator', 'like', 'LIKE'],
    ['agent.name Not_In a,b', 'unknown_operator', 'Not_In', 'NOT_IN'],
    ['agent.name EQUALS john', 'unknown_operator', 'EQUALS', 'EQ'],
    ['agent.name NOTEQ john', 'unknown_operator', 'NOTEQ', 'NOT_EQ'],
    ['agent.name NOT_LIEK john', 'unknown_operator', 'NOT_LIEK', 'NOT_LIKE'],
    ['agent.name GTEE 1', 'unknown_operator', 'GTEE', 'GTE'],
    ['agent.name CONTAINS john', 'unknown_operator', 'CONTAINS', 'LIKE'],
    ['agent.name NOT IN a,b', 'unknown_operator', 'NOT IN', 'NOT_IN'],
    ['agent.name != john', 'unknown_operator', '!=', 'NOT_EQ'],
    ['agent.name>=1', 'unknown_operator', '>=', 'GTE'],
    ['agent.name EQ1', 'unknown_operator', 'EQ1', 'EQ 1'],
    ['agent.name john', 'unknown_operator', 'john', undefined],
    ['a.b EQ 1 and a.c EQ 2', 'syntax_error', 'and', 'AND'],
    ['a.b EQ 1 Or a.c EQ 2', 'syntax_error', 'Or', 'OR'],
    ['a.b EQ "a\\tb"', 'syntax_error', '\\t', '\\\\t'],
    ['a.b EQ 1 AND', 'syntax_error', 'AND', undefined],
    ['a.b EQ x y', 'syntax_error', 'y', undefined],
    ['a.b IN x,', 'syntax_error', ',', undefined],
  ] as const)('%s', ([query, code, spanned, suggestion]) => {
    const error = errorOf(query);
    const [only, ...others] = error.issues;
    expect(others).toEqual([]);
    expect(only.code).toBe(code);
    expect(query.slice(only.span.start, only.span.end)).toBe(spanned);
    expect(only.suggestion).toBe(suggestion);
  });
});

describe('messages', () => {
  test('empty query', () => {
    expect(() => parse('')).toThrowErrorMatchingInlineSnapshot(`[TqlError: syntax_error: The query is empty: write at least one predicate, such as agent.name EQ john.]`);
  });

  test('blank query', () => {
    expect(() => parse(' ~\n ')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:1 syntax_error: The query is empty: write at least one predicate, such as agent.name EQ john.
         ~
        ^^]
    `);
  });

  test('agent.name eq john', () => {
    expect(() => parse('agent.name eq john')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:12 unknown_operator: "eq" is not an operator: write EQ. Operators are upper case.
        agent.name eq john
                   ^^]
    `);
  });

  test('agent.name EQUALS john', () => {
    expect(() => parse('agent.name EQUALS john')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:12 unknown_operator: "EQUALS" is not an operator: write EQ.
        agent.name EQUALS john
                   ^^^^^^]
    `);
  });

  test('agent.name NOT EQ john', () => {
    expect(() => parse('agent.name NOT EQ john')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:12 unknown_operator: "NOT EQ" is not an operator: write NOT_EQ, with an underscore.
        agent.name NOT EQ john
                   ^^^^^^]
    `);
  });

  test('agent.name = john', () => {
    expect(() => parse('agent.name = john')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:12 unknown_operator: "=" is not an operator: write EQ, with a separator (a space or ~) on each side.
        agent.name = john
                   ^]
    `);
  });

  test('agent.name john', () => {
    expect(() => parse('agent.name john')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:12 unknown_operator: "john" is not an operator. After the attribute write one of EQ, NOT_EQ, LT, LTE, GT, GTE, LIKE, NOT_LIKE, IN, NOT_IN, STARTS_WITH or ENDS_WITH.
        agent.name john
                   ^^^^]
    `);
  });

  test('agent.name', () => {
    expect(() => parse('agent.name')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:11 syntax_error: Add an operator and a value after agent.name, such as agent.name EQ x.
        agent.name
                  ^]
    `);
  });

  test('agent.name EQ', () => {
    expect(() => parse('agent.name EQ')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:14 syntax_error: EQ needs a value after it; write "" for the empty text.
        agent.name EQ
                     ^]
    `);
  });

  test('agent.name~EQ~', () => {
    expect(() => parse('agent.name~EQ~')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:15 syntax_error: EQ needs a value after it; write "" for the empty text.
        agent.name~EQ~
                      ^]
    `);
  });

  test('agent.name EQ )', () => {
    expect(() => parse('agent.name EQ )')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:15 syntax_error: Expected a value, found ")". Quote a value that holds separators, commas, parentheses or quotes: "a (b)".
        agent.name EQ )
                      ^]
    `);
  });

  test('agent.name EQ(john)', () => {
    expect(() => parse('agent.name EQ(john)')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:14 syntax_error: Put a separator (a space or ~) between EQ and its value.
        agent.name EQ(john)
                     ^]
    `);
  });

  test('agent.name EQ "Pat Smith', () => {
    expect(() => parse('agent.name EQ "Pat Smith')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:15 syntax_error: The quoted value that starts at line 1, column 15 is not closed: end it with ".
        agent.name EQ "Pat Smith
                      ^^^^^^^^^^]
    `);
  });

  test('unclosed quote on a later line', () => {
    expect(() => parse('a.b EQ 1 AND\na.c EQ "x AND\na.d EQ 2')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 2:8 syntax_error: The quoted value that starts at line 2, column 8 is not closed: end it with ".
        a.c EQ "x AND
               ^^^^^^]
    `);
  });

  test('agent.name EQ "C:\\temp"', () => {
    expect(() => parse('agent.name EQ "C:\\temp"')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:18 syntax_error: "\\t" is not an escape in a quoted value: write \\\\ for a backslash and \\" for a quote.
        agent.name EQ "C:\\temp"
                         ^^]
    `);
  });

  test('agent.name EQ Pat"s', () => {
    expect(() => parse('agent.name EQ Pat"s')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:18 syntax_error: A quote can only start a value: quote the whole value, and write \\" for each quote inside it.
        agent.name EQ Pat"s
                         ^]
    `);
  });

  test('agent.name EQ "Pat"Smith', () => {
    expect(() => parse('agent.name EQ "Pat"Smith')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:20 syntax_error: Put a separator (a space or ~) after the closing quote.
        agent.name EQ "Pat"Smith
                           ^]
    `);
  });

  test('agent.name EQ Pat Smith', () => {
    expect(() => parse('agent.name EQ Pat Smith')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:19 syntax_error: Expected AND, OR or the end of the query, found "Smith". A value with spaces must be quoted: "Pat Smith".
        agent.name EQ Pat Smith
                          ^^^^^]
    `);
  });

  test('a.b EQ 1 AND', () => {
    expect(() => parse('a.b EQ 1 AND')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:10 syntax_error: The query ends with AND: add a predicate after it, or remove it.
        a.b EQ 1 AND
                 ^^^]
    `);
  });

  test('a.b~EQ~1~OR~', () => {
    expect(() => parse('a.b~EQ~1~OR~')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:10 syntax_error: The query ends with OR: add a predicate after it, or remove it.
        a.b~EQ~1~OR~
                 ^^]
    `);
  });

  test('a.b EQ 1 AND AND a.c EQ 2', () => {
    expect(() => parse('a.b EQ 1 AND AND a.c EQ 2')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:14 syntax_error: AND and AND cannot follow each other: put a predicate between them.
        a.b EQ 1 AND AND a.c EQ 2
                     ^^^]
    `);
  });

  test('AND a.b EQ 1', () => {
    expect(() => parse('AND a.b EQ 1')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:1 syntax_error: The query cannot start with AND: AND joins two predicates.
        AND a.b EQ 1
        ^^^]
    `);
  });

  test('a.b EQ 1 and a.c EQ 2', () => {
    expect(() => parse('a.b EQ 1 and a.c EQ 2')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:10 syntax_error: Write AND in upper case: "and" is not a keyword.
        a.b EQ 1 and a.c EQ 2
                 ^^^]
    `);
  });

  test('a.b EQ 1 AND(a.c EQ 2)', () => {
    expect(() => parse('a.b EQ 1 AND(a.c EQ 2)')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:13 syntax_error: Put a separator (a space or ~) between AND and "(".
        a.b EQ 1 AND(a.c EQ 2)
                    ^]
    `);
  });

  test('a.b EQ 1)', () => {
    expect(() => parse('a.b EQ 1)')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:9 syntax_error: This ")" has no matching "(": remove it, or add a "(" where the group starts.
        a.b EQ 1)
                ^]
    `);
  });

  test('(a.b EQ 1 OR a.c EQ 2', () => {
    expect(() => parse('(a.b EQ 1 OR a.c EQ 2')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:22 syntax_error: The "(" at line 1, column 1 is not closed: add a ")" where the group ends.
        (a.b EQ 1 OR a.c EQ 2
                             ^]
    `);
  });

  test('()', () => {
    expect(() => parse('()')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:2 syntax_error: The parentheses are empty: put a predicate inside them, or remove them.
        ()
         ^]
    `);
  });

  test('a.b IN x,y,', () => {
    expect(() => parse('a.b IN x,y,')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:11 syntax_error: The list ends with a comma: add a value after it or remove the comma.
        a.b IN x,y,
                  ^]
    `);
  });

  test('a.b IN x ,y', () => {
    expect(() => parse('a.b IN x ,y')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:9 syntax_error: Remove the separator before the comma: a list is written a,b or a, b.
        a.b IN x ,y
                ^]
    `);
  });

  test('a.b IN x,,y', () => {
    expect(() => parse('a.b IN x,,y')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:10 syntax_error: Expected a value, found ",". After a comma comes the next value of the list.
        a.b IN x,,y
                 ^]
    `);
  });

  test('agent EQ john', () => {
    expect(() => parse('agent EQ john')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:1 syntax_error: "agent" is not an attribute: write object.property, such as agent.name.
        agent EQ john
        ^^^^^]
    `);
  });

  test('agent.name.first EQ john', () => {
    expect(() => parse('agent.name.first EQ john')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:11 syntax_error: An attribute has exactly one dot: object.property, such as agent.name.
        agent.name.first EQ john
                  ^]
    `);
  });

  test('1agent.name EQ john', () => {
    expect(() => parse('1agent.name EQ john')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:1 syntax_error: "1agent.name" is not an attribute: write object.property with names made of letters, digits and _ that do not start with a digit, such as agent.name.
        1agent.name EQ john
        ^^^^^^^^^^^]
    `);
  });

  test('agent.name EQ O(Brien)', () => {
    expect(() => parse('agent.name EQ O(Brien)')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:16 syntax_error: A value cannot hold "(" unquoted: write the whole value in double quotes.
        agent.name EQ O(Brien)
                       ^]
    `);
  });

  test('"agent.name" EQ john', () => {
    expect(() => parse('"agent.name" EQ john')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:1 syntax_error: An attribute is written without quotes, such as agent.name.
        "agent.name" EQ john
        ^]
    `);
  });

  test('a.b EQ 1 "x"', () => {
    expect(() => parse('a.b EQ 1 "x"')).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:10 syntax_error: Expected AND, OR or the end of the query, found '"'.
        a.b EQ 1 "x"
                 ^]
    `);
  });

  test('a long query is cut around the error', () => {
    const long = `${Array.from({ length: 8 }, (_, i) => `agent.name EQ n${i}`).join(' AND ')} AND agent.name eq x`;
    expect(() => parse(long)).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:180 unknown_operator: "eq" is not an operator: write EQ. Operators are upper case.
        …name EQ n5 AND agent.name EQ n6 AND agent.name EQ n7 AND agent.name eq x
                                                                             ^^]
    `);
  });
});
