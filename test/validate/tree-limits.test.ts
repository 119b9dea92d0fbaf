/**
 * validate() of a tree built by hand (from client JSON, say) keeps the same limits as a text:
 * predicates, values per list, characters per value and nesting, with the same codes, and with
 * `limits` to raise them. A tree deeper than any call stack is a TqlError, not a RangeError.
 */
import { describe, expect, test } from 'vitest';
import { and, group, or, predicate, query } from '../../src/ast/builders.js';
import type { Conjunct, Disjunct, Expr } from '../../src/ast/nodes.js';
import { isTqlError } from '../../src/errors/tql-error.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { validate } from '../../src/validate/validate.js';

const name = (i: number) => predicate('agent.name', 'EQ', `n${i}`);
const many = (n: number): Conjunct[] => Array.from({ length: n }, (_, i) => name(i));

function codesOf(expr: Expr, options = {}): string[] {
  try {
    validate(query(expr), schedulingSchema, 'agent', options);
    return [];
  } catch (e) {
    if (!isTqlError(e)) throw e;
    return [...new Set(e.issues.map((i) => i.code))];
  }
}

function nested(depth: number): Expr {
  let e: Expr = name(0);
  for (let i = 0; i < depth; i++) e = group(e);
  return e;
}

describe('a hand-built tree keeps the limits of a text', () => {
  test.for([
    ['100,000 predicates', () => and(...(many(100_000) as [Conjunct, Conjunct, ...Conjunct[]])), ['too_many_predicates']],
    ['an IN list of 100,000 values', () => predicate('agent.role', 'IN', 'User', ...Array.from({ length: 99_999 }, () => 'User')), ['too_many_values']],
    ['a value of 1,000,000 characters', () => predicate('agent.name', 'EQ', 'x'.repeat(1_000_000)), ['value_too_long']],
    ['17 nested groups', () => nested(17), ['too_deep']],
    ['100,000 nested groups', () => nested(100_000), ['too_deep']],
    ['ANDs directly inside ANDs 17 levels deep, no Group node (each prints in parentheses)', () => {
      let e: Expr = name(0);
      for (let i = 0; i < 18; i++) e = and(name(i + 1), e as unknown as Conjunct) as Expr;
      return or(e as Disjunct, name(99));
    }, ['too_deep']],
    ['100 predicates and 16 nested groups: within the defaults', () => and(nested(16) as Conjunct, ...(many(99) as [Conjunct, ...Conjunct[]])), []],
  ] as const)('%s', ([, build, codes]) => {
    expect(codesOf(build())).toEqual(codes);
  });

  test('limits raise them, as for a text', () => {
    expect(codesOf(and(...(many(1_000) as [Conjunct, Conjunct, ...Conjunct[]])), { limits: { maxPredicates: 1_000 } })).toEqual([]);
    expect(codesOf(nested(40), { limits: { maxDepth: 40 } })).toEqual([]);
  });

  test('the message says what to do', () => {
    expect(() => validate(query(nested(17)), schedulingSchema, 'agent')).toThrowErrorMatchingInlineSnapshot(
      `[TqlError: too_deep: The query nests more than 16 levels deep here; flatten it, or raise limits.maxDepth.]`,
    );
  });
});
