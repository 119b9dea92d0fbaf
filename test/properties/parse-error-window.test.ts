/**
 * Syntax errors are worded from a short window around the failure (src/parser/error-window.ts):
 * the error must be exactly the one Ohm gives on the whole text, and the window must stay short
 * however long the text is, so that explaining an error costs about what accepting the text does.
 */
import { fc, test } from '../support/property.js';
import { describe, expect, it } from 'vitest';
import { print } from '../../src/ast/print.js';
import { isTqlError } from '../../src/errors/tql-error.js';
import { errorWindow } from '../../src/parser/error-window.js';
import { locateRejection } from '../../src/parser/fast-parse.js';
import { tqlGrammar } from '../../src/parser/grammar.js';
import { parse, parseWithOhm } from '../../src/parser/parse.js';
import { onlySepsFrom } from '../../src/parser/text-scan.js';
import { arbExpr, arbMutation, arbTokenSoup, mutate, printWithLayout } from './arbitraries/ast.js';

const NO_LIMITS = {
  limits: { maxLength: Infinity, maxPredicates: Infinity, maxDepth: Infinity, maxListValues: Infinity, maxValueLength: Infinity },
};

/** What a parser made of a text: its tree, or its error as JSON. */
function outcome(run: () => unknown): unknown {
  try {
    return { tree: run() };
  } catch (error) {
    if (isTqlError(error)) return { error: error.toJSON() };
    throw error;
  }
}

/** The reference: a blank text is the empty query; any other text is the grammar's on the whole. */
function reference(text: string): unknown {
  return onlySepsFrom(text, 0) ? outcome(() => parse(text, NO_LIMITS)) : outcome(() => parseWithOhm(text));
}

function expectSameError(text: string): void {
  expect(outcome(() => parse(text, NO_LIMITS)), JSON.stringify(text)).toEqual(reference(text));
}

/** Repeats the character at `at` up to `times` more times: long runs are what the window cuts. */
const arbStretch = fc.record({ at: fc.nat(), times: fc.integer({ min: 1, max: 300 }) });
function stretch(text: string, { at, times }: { at: number; times: number }): string {
  if (text === '') return text;
  const i = at % text.length;
  return text.slice(0, i) + text[i]!.repeat(times) + text.slice(i);
}

describe('the error of a rejected text is the one Ohm gives on the whole text', () => {
  test.prop([arbExpr({ maxDepth: 3, maxOperands: 3 }), fc.gen(), fc.array(arbMutation, { minLength: 1, maxLength: 3 })], {
    numRuns: 800,
  })('mutated queries', (e, draw, mutations) => {
    expectSameError(mutations.reduce(mutate, printWithLayout(e, draw)));
  });

  test.prop([arbExpr({ maxDepth: 3, maxOperands: 3 }), fc.gen(), arbMutation, fc.array(arbStretch, { minLength: 1, maxLength: 3 })], {
    numRuns: 600,
  })('mutated queries with stretched runs of one character', (e, draw, mutation, stretches) => {
    expectSameError(stretches.reduce(stretch, mutate(printWithLayout(e, draw), mutation)));
  });

  test.prop([arbTokenSoup, fc.array(arbStretch, { maxLength: 2 })], { numRuns: 1500 })('sequences of TQL tokens', (text, stretches) => {
    expectSameError(stretches.reduce(stretch, text));
  });

  test.prop([fc.string({ maxLength: 40 })], { numRuns: 300 })('any string', (text) => {
    expectSameError(text);
  });

  test.prop([fc.string({ unit: 'binary', maxLength: 40 })], { numRuns: 200 })('any Unicode string', (text) => {
    expectSameError(text);
  });

  test.prop([arbExpr({ maxDepth: 3, maxOperands: 4 }), fc.constantFrom(' AND', '~OR~', ',', ')', '(', ' x', ' "open', ' EQ')], {
    numRuns: 200,
  })('valid queries with a broken end', (e, tail) => {
    expectSameError(print(e) + tail);
  });
});

/**
 * How far Ohm reads into the window of a rejected text: its rightmost failure, past which no
 * rule looked. (The window itself is built in one linear pass over the text.)
 */
function ohmReads(text: string): number {
  const rejection = locateRejection(text);
  expect(rejection, 'the fast path rejects the text').toBeDefined();
  const match = tqlGrammar().match(errorWindow(text, rejection!).text);
  expect(match.failed()).toBe(true);
  // Typed on failed matches only in ohm-js 17.5's declarations.
  return (match as typeof match & { getRightmostFailurePosition(): number }).getRightmostFailurePosition() + 1;
}

const predicates = (n: number) => Array.from({ length: n }, (_, i) => `agent.name EQ v${i}`).join(' AND ');
const list = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`).join(',');

// Each shape grows with n; its window must not.
const SHAPES: readonly [string, (n: number) => string][] = [
  ['an unclosed quoted value', (n) => `agent.name EQ "${'z'.repeat(n)}`],
  ['a bad escape at the end of a long quoted value', (n) => `agent.name EQ "${'z'.repeat(n)}\\q"`],
  ['a list with a trailing comma', (n) => `agent.name IN ${list(n / 8)},`],
  ['a list with a bad quoted value last', (n) => `agent.name IN ${list(n / 8)},"\\x"`],
  ['predicates with a trailing AND', (n) => `${predicates(n / 24)} AND`],
  ['predicates with a bad operator last', (n) => `${predicates(n / 24)} AND agent.name EQUALS x`],
  ['a long run of separators before the end', (n) => `agent.name EQ x${' '.repeat(n)}AND`],
  ['a long attribute word', (n) => `${'a'.repeat(n)} EQ x AND`],
  ['a long operator word', (n) => `agent.name ${'Q'.repeat(n)} x`],
  ['a long bare value then junk', (n) => `agent.name EQ ${'v'.repeat(n)} "`],
  ['deep groups left open', (n) => `${'('.repeat(Math.min(n / 32, 200))}agent.name EQ x`],
  ['repeated closing parentheses', (n) => `agent.name EQ x${')'.repeat(n)}`],
  ['emoji and tildes repeated', (n) => `agent.name EQ ${'😀'.repeat(n / 2)}~~~${'~'.repeat(n)}x AND`],
];

describe('the window Ohm reads is short whatever the length of the text', () => {
  it.for(SHAPES)('%s', ([, make]) => {
    for (const n of [1_000, 10_000, 400_000]) {
      const text = make(n);
      // Open groups are kept as they are (the grammar counts them): one character each.
      expect(ohmReads(text) - locateRejection(text)!.depth, `n = ${n}`).toBeLessThan(64);
    }
  });

  it.for(SHAPES.map(([name, make]) => [name, make(2_000)] as const))('%s: the error is the whole text’s', ([, text]) => {
    expectSameError(text);
  });
});
