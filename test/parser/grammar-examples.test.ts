/**
 * The `//+` and `//-` examples written on the rules of grammar/tql.ohm: each must match (or
 * fail to match) its rule, so the grammar documents itself and cannot drift from its examples.
 */
import { readFileSync } from 'node:fs';
import { extractExamples } from 'ohm-js/extras';
import { expect, test } from 'vitest';
import { tqlGrammar } from '../../src/parser/grammar.js';

const source = readFileSync(new URL('../../grammar/tql.ohm', import.meta.url), 'utf8');
const examples = extractExamples(source);

test('the grammar carries examples for its main rules', () => {
  const rules = new Set(examples.map((e) => e.rule));
  for (const rule of ['query', 'disjunction', 'conjunction', 'group', 'predicate', 'attribute', 'operator', 'values', 'value', 'quoted', 'sep']) {
    expect(rules, rule).toContain(rule);
  }
});

const rows = examples.map(
  (e) => [e.rule, e.shouldMatch ? 'matches' : 'rejects', JSON.stringify(e.example), e.example, e.shouldMatch] as const,
);

test.for(rows)('%s %s %s', ([rule, , , example, shouldMatch]) => {
  expect(tqlGrammar().match(example, rule).succeeded()).toBe(shouldMatch);
});
