/**
 * Field readers are an optimisation of `record[key]`: the tests check they read exactly that,
 * for every key, however many keys share the slots, and that a key keeps its reader.
 */
import { describe, expect, test } from 'vitest';
import { fieldReader } from '../../../src/backends/memory/field-reader.js';

describe('fieldReader', () => {
  test('reads the value at its key, own or inherited, and undefined where there is none', () => {
    const read = fieldReader('name');
    expect(read({ name: 'Ada' })).toBe('Ada');
    expect(read({ other: 1 })).toBeUndefined();
    expect(read(Object.create({ name: 'inherited' }) as Record<string, unknown>)).toBe('inherited');
  });

  test('the same key gets the same reader', () => {
    expect(fieldReader('created_at')).toBe(fieldReader('created_at'));
  });

  test('with far more keys than slots, each reader still reads its own key', () => {
    const keys = Array.from({ length: 200 }, (_, i) => `k${i}`);
    const record = Object.fromEntries(keys.map((k, i) => [k, i]));
    const readers = keys.map(fieldReader);
    for (let round = 0; round < 3; round++) {
      readers.forEach((read, i) => expect(read(record)).toBe(i));
    }
  });
});
