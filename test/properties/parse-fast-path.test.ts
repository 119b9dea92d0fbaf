/**
 * The fast path is the grammar: on every text, the hand-written parser either gives up
 * (`undefined`) or builds exactly Ohm's tree, spans included; and on valid queries it never
 * gives up, so Ohm only ever runs to explain an error.
 */
import { fc, test } from '../support/property.js';
import { expect, it } from 'vitest';
import type { Expr, Query, Value } from '../../src/ast/nodes.js';
import { print } from '../../src/ast/print.js';
import { isTqlError } from '../../src/errors/tql-error.js';
import { fastParse, type ParseNotes } from '../../src/parser/fast-parse.js';
import { findBadCharacter } from '../../src/validate/values.js';
import { checkAfterParsing, checkDepth } from '../../src/parser/limits.js';
import type { Limits } from '../../src/parser/options.js';
import { parse, parseWithOhm } from '../../src/parser/parse.js';
import { arbExpr, arbMutation, arbTokenSoup, mutate, printWithLayout } from './arbitraries/ast.js';

function ohm(text: string): Query | undefined {
  try {
    return parseWithOhm(text);
  } catch (error) {
    if (isTqlError(error)) return undefined;
    throw error;
  }
}

/** The law on any text: both parsers agree on whether it is TQL, and on its tree. */
function expectAgreement(text: string): void {
  const fast = fastParse(text);
  const reference = ohm(text);
  // Catches: the fast path accepting what the grammar refuses, building another tree or other
  // spans, or refusing what the grammar accepts (which would send valid queries to slow Ohm).
  expect(fast, JSON.stringify(text)).toEqual(reference);
}

/** The law on valid text: the fast path accepts it, with Ohm's tree. */
function expectFastAccepts(text: string): void {
  const fast = fastParse(text);
  expect(fast, `fast path gave up on ${JSON.stringify(text)}`).toBeDefined();
  expect(fast).toEqual(parseWithOhm(text));
}

test.prop([arbExpr(), fc.constantFrom('url', 'readable')], { numRuns: 300 })(
  'printed queries: the fast path accepts them with Ohm’s tree',
  (e, style) => {
    expectFastAccepts(print(e, { style: style as 'url' | 'readable' }));
  },
);

test.prop([arbExpr(), fc.gen()], { numRuns: 300 })(
  'queries with random separators, padding and list spacing: accepted with Ohm’s tree',
  (e, draw) => {
    expectFastAccepts(printWithLayout(e, draw));
  },
);

test.prop([arbExpr({ maxDepth: 2, maxOperands: 3 }), fc.gen(), fc.array(arbMutation, { minLength: 1, maxLength: 3 })], {
  numRuns: 1000,
})('mutated queries: both parsers agree', (e, draw, mutations) => {
  expectAgreement(mutations.reduce(mutate, printWithLayout(e, draw)));
});

test.prop([arbTokenSoup], { numRuns: 1500 })('sequences of TQL tokens: both parsers agree', (text) => {
  expectAgreement(text);
});

test.prop([fc.string({ maxLength: 40 })], { numRuns: 300 })('any string: both parsers agree', (text) => {
  expectAgreement(text);
});

test.prop([fc.string({ unit: 'binary', maxLength: 40 })], { numRuns: 200 })('any Unicode string: both parsers agree', (text) => {
  expectAgreement(text);
});

/** The fast path's notes on any text: values it calls plain hold no character validation rejects. */
function expectHonestNotes(text: string): void {
  const notes: ParseNotes = { plainValues: false };
  const query = fastParse(text, undefined, notes);
  if (query === undefined) {
    expect(notes.plainValues).toBe(false);
    return;
  }
  const values = collectValues(query.expression);
  if (notes.plainValues) {
    for (const v of values) if (v.kind === 'Text') expect(findBadCharacter(v.text), JSON.stringify(v.text)).toBeUndefined();
  } else {
    // Conservative, but only for a reason: some value has a character outside U+0001–U+8000.
    expect(values.some((v) => v.kind === 'Text' && [...v.text].some((c) => c.charCodeAt(0) === 0 || c.charCodeAt(0) > 0x8000))).toBe(true);
  }
}

function collectValues(e: Expr): Value[] {
  switch (e.kind) {
    case 'Predicate':
      return [...e.values];
    case 'Group':
    case 'Not':
      return collectValues(e.expression);
    default:
      return e.operands.flatMap(collectValues);
  }
}

test.prop([fc.string({ unit: 'binary', maxLength: 40 })], { numRuns: 200 })('notes on any Unicode string are honest', (text) => {
  expectHonestNotes(text);
});

test.prop(
  [fc.constantFrom('a', 'b c', '\u0000', '\ud800', '\udc00', '\ud83d\ude00', '\u8000', '\u8001', '日', '\\"', ','), fc.array(fc.nat(), { maxLength: 4 })],
  { numRuns: 300 },
)('notes on values with NULs, surrogates and wide characters are honest', (piece, cuts) => {
  const value = cuts.map((n) => (n % 2 === 0 ? piece : 'x')).join('') + piece;
  expectHonestNotes(`agent.name IN v,"${value}"`);
  expectHonestNotes(`agent.name EQ ${value}`);
});

const NO_LIMITS: Limits = {
  maxLength: Infinity,
  maxDepth: Infinity,
  maxPredicates: Infinity,
  maxListValues: Infinity,
  maxValueLength: Infinity,
};

/**
 * The limits in the order the design reports them, checked on their own rather than by the
 * fast path as it parses: nesting on the raw text, then the tree (or the syntax error, the
 * empty query's included) of a parse without limits, then its sizes. `parse` must give the
 * same tree or the same error.
 */
function referenceParse(text: string, limits: Limits): Query {
  checkDepth(text, limits);
  const tree = parse(text, { limits: NO_LIMITS });
  checkAfterParsing(tree, limits);
  return tree;
}

function outcome(run: () => Query): unknown {
  try {
    return run();
  } catch (error) {
    if (isTqlError(error)) return error.toJSON();
    throw error;
  }
}

const arbSmallLimits = fc.record({
  maxLength: fc.constant(Infinity),
  maxDepth: fc.integer({ min: 1, max: 4 }),
  maxPredicates: fc.integer({ min: 1, max: 6 }),
  maxListValues: fc.integer({ min: 1, max: 4 }),
  maxValueLength: fc.integer({ min: 1, max: 6 }),
});

test.prop([arbExpr({ maxDepth: 4 }), fc.gen(), fc.array(arbMutation, { maxLength: 2 }), arbSmallLimits], { numRuns: 500 })(
  'limits checked while the fast path parses: the same tree or error as checking them apart',
  (e, draw, mutations, limits) => {
    const text = mutations.reduce(mutate, printWithLayout(e, draw));
    expect(outcome(() => parse(text, { limits }))).toEqual(outcome(() => referenceParse(text, limits)));
  },
);

// Near misses, one per place where the fast path decides differently from a textbook parser.
const NEAR_MISSES = [
  'a.b EQ 1 ANDa.c EQ 2',
  'a.b EQ 1ANDa.c EQ 2',
  'a.b EQ 1 AND(a.c EQ 2)',
  '(a.b EQ 1)OR(a.c EQ 2)',
  '(a.b EQ 1) OR(a.c EQ 2)',
  'a.b EQ 1 AND',
  'a.b EQ 1 AND ',
  'a.b EQ 1 OR~',
  'a.b EQ AND',
  'a.b EQ AND AND a.c EQ OR',
  'a.b EQ OR OR a.c EQ OR',
  'a.b EQ "\\n"',
  'a.b EQ "\\\\n"',
  'a.b EQ "\\"',
  'a.b EQ "x"y',
  'a.b EQ x"y"',
  'a.b EQ ""',
  'a.b EQ null',
  'a.b EQ nullx',
  'a.b EQ "null"',
  'a.b IN x,',
  'a.b IN x,~y',
  'a.b IN x ,y',
  'a.b IN x,\t\r\n y',
  'a.b IN x,,y',
  'a.b LTEX 1',
  'a.b LT1 1',
  'a.b LTE 1',
  'a.b eq 1',
  '1a.b EQ 1',
  'a.1b EQ 1',
  'a._1 EQ 1',
  'a.b.c EQ 1',
  'a.b EQ(x)',
  '( a.b EQ 1 )',
  '(a.b EQ 1',
  'a.b EQ 1)',
  '()',
  '~',
  '',
  'a.b\u00a0EQ 1',
  'a.b EQ \u00a0',
  'a.b EQ 😀,\ud800',
];

it.for(NEAR_MISSES)('both parsers agree on %j', (text) => {
  expectAgreement(text);
});
