/**
 * The kind of a stored value, as the diagnosis names it: a Date is read from its date slot, so a
 * Date of another realm or without a prototype is a date, and an object that only inherits from
 * Date is not.
 */
import vm from 'node:vm';
import { expect, test } from 'vitest';
import { storedKind } from '../../src/diagnose/stored-kind.js';

const overridden = new Date(0);
overridden.getTime = () => NaN;

test.each([
  ['a Date is a date', new Date(0), 'date'],
  ['a Date of another realm is a date', vm.runInNewContext('new Date(86400000)'), 'date'],
  ['a Date without a prototype is a date', Object.setPrototypeOf(new Date(1000), null), 'date'],
  ['a Date whose getTime is overridden is a date, read from its slot', overridden, 'date'],
  ['an invalid Date is an invalid date', new Date(NaN), 'invalid date'],
  ['an object that only inherits from Date is an object', Object.create(Date.prototype), 'object'],
  ['an array is an array', [1], 'array'],
  ['an object with toNumber is a decimal object', { toNumber: () => 1 }, 'decimal object'],
  ['null is other', null, 'other'],
] as const)('%s', (_, value, kind) => {
  // The title names the value: formatting the value itself would call a Date's methods.
  expect(storedKind(value)).toBe(kind);
});
