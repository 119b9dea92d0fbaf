/** The size limits of design section 5: defaults, overrides, and where each error points. */
import { describe, expect, test } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/parser/options.js';
import { parse } from '../../src/parser/parse.js';
import { tqlErrorOf } from '../support/tql-error.js';

const predicates = (n: number) => Array.from({ length: n }, (_, i) => `a.b EQ ${i}`).join(' AND ');
const nested = (depth: number) => `${'('.repeat(depth)}a.b EQ 1${')'.repeat(depth)}`;
// `a.b IN ` and five values of 817 characters make 4,096 characters.
const ofLength = (n: number) => `a.b IN ${['x', 'x', 'x', 'x', 'x'].map((x) => x.repeat(817)).join(',')}${'y'.repeat(n - 4096)}`;
const list = (n: number) => `a.b IN ${Array.from({ length: n }, (_, i) => `v${i}`).join(',')}`;

test('the defaults are those of the design', () => {
  expect(DEFAULT_LIMITS).toEqual({ maxLength: 4096, maxPredicates: 100, maxDepth: 16, maxListValues: 500, maxValueLength: 1024 });
});

describe('at the limit parses, one over fails', () => {
  test.for([
    ['length', ofLength(4096), ofLength(4097), 'query_too_long'],
    ['predicates', predicates(100), predicates(101), 'too_many_predicates'],
    ['depth', nested(16), nested(17), 'too_deep'],
    ['list values', list(500), list(501), 'too_many_values'],
    ['value length', `a.b EQ ${'x'.repeat(1024)}`, `a.b EQ ${'x'.repeat(1025)}`, 'value_too_long'],
  ] as const)('%s', ([, atLimit, overLimit, code]) => {
    expect(() => parse(atLimit)).not.toThrow();
    expect(tqlErrorOf(() => parse(overLimit)).code).toBe(code);
  });
});

test('the length is checked before parsing: an over-long query of garbage reports its length', () => {
  const error = tqlErrorOf(() => parse(')'.repeat(5000)));
  expect(error.code).toBe('query_too_long');
  expect(error.issues[0].span).toEqual({ start: 4096, end: 5000 });
});

test('nesting is checked before parsing: deep input never reaches the parser', () => {
  const error = tqlErrorOf(() => parse('('.repeat(100_000), { limits: { maxLength: Infinity } }));
  expect(error.code).toBe('too_deep');
  expect(error.issues[0].span).toEqual({ start: 16, end: 17 });
});

test('parentheses inside quoted values do not count as nesting', () => {
  expect(() => parse(`a.b EQ "${'('.repeat(40)}"`)).not.toThrow();
});

test('a nesting limit raised beyond what the stack holds still ends in a TqlError', () => {
  const error = tqlErrorOf(() => parse(nested(50_000), { limits: { maxDepth: Infinity, maxLength: Infinity } }));
  expect(error.code).toBe('too_deep');
});

test('every exceeded limit is reported at once, in text order', () => {
  const text = `a.b IN x,y,z AND a.c EQ ${'w'.repeat(9)} AND a.d IN "${'v'.repeat(9)}",u,t,s`;
  const error = tqlErrorOf(() => parse(text, { limits: { maxListValues: 2, maxValueLength: 8, maxPredicates: 2 } }));
  expect(error.issues.map((i) => [i.code, text.slice(i.span.start, i.span.end)])).toEqual([
    ['too_many_values', 'z'],
    ['value_too_long', 'w'.repeat(9)],
    ['too_many_predicates', `a.d IN "${'v'.repeat(9)}",u,t,s`],
    ['value_too_long', `"${'v'.repeat(9)}"`],
    ['too_many_values', 't,s'],
  ]);
});

test('the length of a quoted value is that of its text, without quotes and escapes', () => {
  expect(() => parse('a.b EQ "\\"\\"\\""', { limits: { maxValueLength: 3 } })).not.toThrow();
});

test('messages', () => {
  expect(() => parse(nested(3), { limits: { maxDepth: 2 } })).toThrowErrorMatchingInlineSnapshot(`
    [TqlError: 1:3 too_deep: Parentheses nest more than 2 deep here; remove some, or raise limits.maxDepth.
      (((a.b EQ 1)))
        ^]
  `);
  expect(() => parse('a.b EQ 1 AND a.c EQ 2', { limits: { maxPredicates: 1 } })).toThrowErrorMatchingInlineSnapshot(`
    [TqlError: 1:14 too_many_predicates: The query has 2 predicates; the limit is 1. Use IN for many values of one attribute, or raise limits.maxPredicates.
      a.b EQ 1 AND a.c EQ 2
                   ^^^^^^^^]
  `);
  expect(() => parse('a.b IN x,y,z', { limits: { maxListValues: 2 } })).toThrowErrorMatchingInlineSnapshot(`
    [TqlError: 1:12 too_many_values: This list has 3 values; the limit is 2. Split it, or raise limits.maxListValues.
      a.b IN x,y,z
                 ^]
  `);
  expect(() => parse('a.b EQ abcdef', { limits: { maxValueLength: 4 } })).toThrowErrorMatchingInlineSnapshot(`
    [TqlError: 1:8 value_too_long: This value is 6 characters long; the limit is 4. Shorten it, or raise limits.maxValueLength.
      a.b EQ abcdef
             ^^^^^^]
  `);
  expect(() => parse('a.b EQ abcdef', { limits: { maxLength: 10 } })).toThrowErrorMatchingInlineSnapshot(`
    [TqlError: 1:11 query_too_long: The query is 13 characters long; the limit is 10. Shorten it, or raise limits.maxLength.
      a.b EQ abcdef
                ^^^]
  `);
});

describe('limits must be positive integers or Infinity', () => {
  test.for([0, -1, 1.5, Number.NaN, '10'] as const)('maxDepth: %j', (bad) => {
    const error = tqlErrorOf(() => parse('a.b EQ 1', { limits: { maxDepth: bad as number } }));
    expect(error.code).toBe('invalid_option');
  });

  test('maxDepth: 0', () => {
    expect(() => parse('a.b EQ 1', { limits: { maxDepth: 0 } })).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: limits.maxDepth must be a positive integer or Infinity, not 0.]`);
  });
});

test('null options and limits from JavaScript callers mean the defaults', () => {
  expect(() => parse('a.b EQ 1', null as unknown as undefined)).not.toThrow();
  expect(() => parse('a.b EQ 1', { limits: null as unknown as undefined })).not.toThrow();
});

test('a query that is not a string', () => {
  expect(() => parse(42 as unknown as string)).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_input: A query must be a string, not number.]`);
});

describe('options whose reading throws are an invalid_option, never the thrown value', () => {
  const thrower = () => {
    throw new Error('from the caller');
  };
  test.for([
    ['a getter for limits', { get limits() { return thrower(); } }],
    ['an inherited getter for limits', Object.create({ get limits() { return thrower(); } }) as object],
    ['a getter for limits.maxDepth', { limits: { get maxDepth() { return thrower(); } } }],
    ['a proxy whose get trap throws, for limits', { limits: new Proxy({}, { get: thrower }) }],
    ['a proxy whose get trap throws, for the options', new Proxy({}, { get: thrower })],
  ] as const)('parse with %s', ([, options]) => {
    const error = tqlErrorOf(() => parse('a.b EQ 1', options as never));
    expect(error.code).toBe('invalid_option');
    expect(error.message).toMatch(/^invalid_option: parse could not read its option (limits|max[A-Za-z]+): reading it threw an exception/);
  });
});
