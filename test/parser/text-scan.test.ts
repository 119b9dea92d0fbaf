/**
 * The fast path's character classes are the grammar's rules, written as comparisons: every one of
 * the 65,536 code units is classified as Ohm classifies it with grammar/tql.ohm.
 */
import { describe, expect, test } from 'vitest';
import { tqlGrammar } from '../../src/parser/grammar.js';
import { isBareChar, isIdentChar, isSepChar } from '../../src/parser/text-scan.js';

const CODE_UNITS = Array.from({ length: 0x10000 }, (_, c) => c);

describe.each([
  ['bareChar', isBareChar],
  ['sepChar', isSepChar],
  ['identChar', isIdentChar],
] as const)('%s', (rule, classify) => {
  test('agrees with the grammar on every code unit', () => {
    const grammar = tqlGrammar();
    const disagreements = CODE_UNITS.filter((c) => classify(c) !== grammar.match(String.fromCharCode(c), rule).succeeded());
    expect(disagreements).toEqual([]);
  });
});
