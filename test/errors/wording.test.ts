/** orList: the choices an error message offers. */
import { expect, test } from 'vitest';
import { orList } from '../../src/errors/wording.js';

test.for([
  [[], ''],
  [['EQ'], 'EQ'],
  [['EQ', 'IN'], 'EQ or IN'],
  [['EQ', 'NOT_EQ', 'IN'], 'EQ, NOT_EQ or IN'],
] as const)('%j → %s', ([items, expected]) => {
  expect(orList(items)).toBe(expected);
});
