/**
 * The printer keeps the meaning of any tree, not only of those the node types allow: JavaScript
 * callers can put an `Or` or an `And` directly inside an `And`, or an `Or` inside an `Or`, with
 * the builders. Printing such a tree and parsing the text gives the tree with a `Group` around
 * exactly those operands (spans aside), in both styles. And `print` of anything that is not a
 * tree throws a `TqlError`, never a `TypeError` or a stack overflow.
 */
import { fc, test } from '../support/property.js';
import { describe, expect, it } from 'vitest';
import { group, not, predicate, query } from '../../src/ast/builders.js';
import type { Expr } from '../../src/ast/nodes.js';
import { print, type PrintStyle } from '../../src/ast/print.js';
import { stripSpans } from '../../src/ast/strip-spans.js';
import { isTqlError } from '../../src/errors/tql-error.js';
import { parse } from '../../src/parser/parse.js';

const LEAVES = [predicate('agent.name', 'LIKE', 'ada'), predicate('agent.role', 'IN', 'User', 'Pat Smith'), predicate('a.b', 'EQ', null), predicate('a.c', 'NOT_EQ', 'x')];
const NO_SPAN = { start: 0, end: 0 };

/** Trees whose AND and OR operands may be anything: what plain JavaScript can build. */
const arbAnyTree: fc.Arbitrary<Expr> = fc.letrec<{ expr: Expr }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...LEAVES),
    fc.tuple(fc.constantFrom('And', 'Or'), fc.array(tie('expr'), { minLength: 2, maxLength: 3 })).map(([kind, operands]) => ({ kind, operands, span: NO_SPAN }) as unknown as Expr),
    tie('expr').map((e) => group(e)),
    tie('expr').map((e) => not(e)),
  ),
})).expr;

/** The tree as the parser reads its printed text: a group around each operand that needed parentheses. */
function withGroups(e: Expr): Expr {
  switch (e.kind) {
    case 'Predicate':
      return e;
    case 'Group':
      return group(withGroups(e.expression));
    case 'Not':
      return not(withGroups(e.expression));
    case 'And':
    case 'Or': {
      const needs = (o: Expr) => o.kind === 'Or' || (o.kind === 'And' && e.kind === 'And');
      const operands = (e.operands as readonly Expr[]).map((o) => (needs(o) ? group(withGroups(o)) : withGroups(o)));
      return { ...e, operands } as unknown as Expr;
    }
  }
}

const styles: PrintStyle[] = ['url', 'readable'];

test.prop([arbAnyTree, fc.constantFrom(...styles)], { numRuns: 400 })('parse(print(tree)) is the tree with groups where precedence needs them', (tree, style) => {
  const printed = print(query(tree), { style });
  expect(stripSpans(parse(printed, { limits: { maxDepth: 64 } }).expression)).toEqual(stripSpans(withGroups(tree)));
});

describe('print of what is not a tree throws a TqlError (invalid_input)', () => {
  const cyclic: Record<string, unknown> = { kind: 'Group' };
  cyclic.expression = cyclic;
  let deep: unknown = LEAVES[0];
  for (let i = 0; i < 200_000; i++) deep = { kind: 'Group', expression: deep, span: NO_SPAN };
  it.for([
    ['null', null],
    ['{}', {}],
    ["{ kind: 'And' }", { kind: 'And' }],
    ["{ kind: 'Or', operands: [] }", { kind: 'Or', operands: [] }],
    ["{ kind: 'Predicate' }", { kind: 'Predicate' }],
    ["{ kind: 'toString' }", { kind: 'toString' }],
    ['a cyclic group', cyclic],
    ['200,000 nested groups', deep],
  ] as const)('%s', ([, input]) => {
    let thrown: unknown;
    try {
      print(input as never);
    } catch (e) {
      thrown = e;
    }
    expect(isTqlError(thrown) && thrown.code).toBe('invalid_input');
  });
});
