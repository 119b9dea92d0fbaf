/** Which operator a misspelt or mis-cased word most likely meant. */
import { expect, test } from 'vitest';
import { suggestOperator } from '../../src/parser/operator-suggestion.js';

test.for([
  ['eq', 'EQ'],
  ['Not_Like', 'NOT_LIKE'],
  ['lte', 'LTE'],
  ['EQQ', 'EQ'],
  ['NOTEQ', 'NOT_EQ'],
  ['NOT-IN', 'NOT_IN'],
  ['LIEK', 'LIKE'],
  ['NOT_LIEK', 'NOT_LIKE'],
  ['GTEE', 'GTE'],
  ['EQUALS', 'EQ'],
  ['not_equal', 'NOT_EQ'],
  ['contains', 'LIKE'],
  ['NE', 'NOT_EQ'],
  ['=', 'EQ'],
  ['==', 'EQ'],
  ['!=', 'NOT_EQ'],
  ['<>', 'NOT_EQ'],
  ['<', 'LT'],
  ['<=', 'LTE'],
  ['>', 'GT'],
  ['>=', 'GTE'],
  ['john', undefined],
  ['BETWEEN', undefined],
  ['X', undefined],
  ['constructor', undefined],
  ['__proto__', undefined],
] as const)('%s → %s', ([word, expected]) => {
  expect(suggestOperator(word)).toBe(expected);
});
