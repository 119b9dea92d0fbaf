/** The phrases messages share: orList's choices, withArticle's article. */
import { expect, test } from 'vitest';
import { orList, withArticle } from '../../src/errors/wording.js';

test.for([
  [[], ''],
  [['EQ'], 'EQ'],
  [['EQ', 'IN'], 'EQ or IN'],
  [['EQ', 'NOT_EQ', 'IN'], 'EQ, NOT_EQ or IN'],
] as const)('%j → %s', ([items, expected]) => {
  expect(orList(items)).toBe(expected);
});

/** withArticle: `a` or `an` as the word is spoken, for tql's types and the SQL types derivations name. */
test.for([
  ['String', 'a String'],
  ['ID', 'an ID'],
  ['Int', 'an Int'],
  ['int8', 'an int8'],
  ['integer', 'an integer'],
  ['object', 'an object'],
  ['interval', 'an interval'],
  ['untyped', 'an untyped'],
  ['uuid', 'a uuid'],
  ['UUID', 'a UUID'],
  ['unique', 'a unique'],
  ['one-to-many', 'a one-to-many'],
  ['bigint', 'a bigint'],
  ['', 'a '],
] as const)('withArticle(%j) → %s', ([word, expected]) => {
  expect(withArticle(word)).toBe(expected);
});
