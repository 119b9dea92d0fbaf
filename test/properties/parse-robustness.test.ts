/**
 * Whatever the text, `parse` returns a tree or throws a TqlError, never anything else; every
 * span it reports lies inside the text; and what it accepts prints and parses back unchanged.
 */
import { fc, test } from '../support/property.js';
import { expect } from 'vitest';
import type { Node, Query, Span } from '../../src/ast/nodes.js';
import { print } from '../../src/ast/print.js';
import { stripSpans } from '../../src/ast/strip-spans.js';
import { isTqlError } from '../../src/errors/tql-error.js';
import { parse } from '../../src/parser/parse.js';
import { arbExpr, arbMutation, arbSep, arbTokenSoup, mutate } from './arbitraries/ast.js';

/** Parses, checking the contract on either outcome; returns the query when it parsed. */
function parseOrTqlError(text: string): Query | undefined {
  let query: Query;
  try {
    query = parse(text);
  } catch (error) {
    // Catches: a TypeError, RangeError or Ohm error escaping instead of a TqlError.
    expect(isTqlError(error), String(error)).toBe(true);
    if (!isTqlError(error)) return undefined;
    expect(error.message).not.toContain('internal error');
    for (const i of error.issues) expectInside(i.span, text);
    return undefined;
  }
  expectSpansConsistent(query, text);
  // Catches: an accepted text whose tree the printer writes differently from what it means.
  expect(stripSpans(parse(print(query), { limits: { maxLength: Infinity } }).expression)).toEqual(stripSpans(query.expression));
  return query;
}

function expectInside(span: Span, text: string): void {
  expect(0 <= span.start && span.start <= span.end && span.end <= text.length, JSON.stringify(span)).toBe(true);
}

/** Every span is inside its parent's, and names and operators are the text they cover. */
function expectSpansConsistent(node: Node, text: string, parent: Span = { start: 0, end: text.length }): void {
  expectInside(node.span, text);
  expect(parent.start <= node.span.start && node.span.end <= parent.end).toBe(true);
  const covered = text.slice(node.span.start, node.span.end);
  switch (node.kind) {
    case 'Query':
      return expectSpansConsistent(node.expression, text, node.span);
    case 'Or':
    case 'And':
      for (const o of node.operands) expectSpansConsistent(o, text, node.span);
      return;
    case 'Group':
      expect(covered.startsWith('(') && covered.endsWith(')')).toBe(true);
      return expectSpansConsistent(node.expression, text, node.span);
    case 'Predicate':
      expectSpansConsistent(node.attribute, text, node.span);
      expectSpansConsistent(node.operator, text, node.span);
      for (const v of node.values) expectSpansConsistent(v, text, node.span);
      return;
    case 'Attribute':
      expect(covered).toBe(`${node.entity}.${node.property}`);
      return;
    case 'Operator':
      expect(covered).toBe(node.name);
      return;
    case 'Null':
      expect(covered).toBe('null');
      return;
    case 'Text':
      expect(covered === node.text || covered.startsWith('"')).toBe(true);
      return;
  }
}

test.prop([fc.string({ maxLength: 60 })], { numRuns: 500 })('any ASCII-ish string', (s) => {
  parseOrTqlError(s);
});

test.prop([fc.string({ unit: 'binary', maxLength: 60 })], { numRuns: 300 })('any Unicode string', (s) => {
  parseOrTqlError(s);
});

test.prop([fc.string({ unit: fc.constantFrom('\ud800', '\udc00', 'a', '"', ' '), maxLength: 30 })], { numRuns: 200 })(
  'strings with lone surrogates',
  (s) => {
    parseOrTqlError(s);
  },
);

test.prop([arbTokenSoup], { numRuns: 1500 })('any sequence of TQL tokens', (s) => {
  parseOrTqlError(s);
});

test.prop([arbExpr({ maxDepth: 2, maxOperands: 3 }), fc.constantFrom('url', 'readable'), fc.array(arbMutation, { minLength: 1, maxLength: 3 })], {
  numRuns: 1500,
})('mutations of valid queries', (e, style, mutations) => {
  parseOrTqlError(mutations.reduce(mutate, print(e, { style: style as 'url' | 'readable' })));
});

test.prop([arbSep, fc.nat({ max: 200 })], { numRuns: 50 })('long runs of one construct', (sep, n) => {
  parseOrTqlError(`a.b EQ 1${`${sep}AND${sep}a.b EQ 1`.repeat(n)}`);
  parseOrTqlError(`${'('.repeat(n)}a.b EQ 1${')'.repeat(n)}`);
  parseOrTqlError(`a.b IN ${'x,'.repeat(n)}x`);
  parseOrTqlError(`a.b EQ "${'\\"'.repeat(n)}`);
});
