/** Where a JSON text first goes wrong: the line numbers of record-file errors rest on it. */
import { fc, test as fcTest } from '../../support/property.js';
import { describe, expect, test } from 'vitest';
import { jsonErrorOffset } from '../../../src/cli/records/json-error-offset.js';

describe('jsonErrorOffset', () => {
  test.for<[string, number]>([
    ['{"a": 1}', -1],
    [' [1, -2.5e3, "x\\u00e9", true, false, null, {}] ', -1],
    ['{"a":1,}', 7],
    ['{"a" 1}', 5],
    ['{"a":', 5],
    ['xyz', 0],
    ['[1,2', 4],
    ['{"a":tru}', 8],
    ['[1] x', 4],
    ['"\\q"', 2],
    ['"\\u12G4"', 3],
    ['01', 1],
    ['{"a":1}{', 7],
    ['{"a":"\n"}', 6],
    ["{'a': 1}", 1],
    ['', 0],
  ])('%j → %i', ([text, offset]) => {
    expect(jsonErrorOffset(text)).toBe(offset);
  });

  test('deep nesting needs no recursion', () => {
    expect(jsonErrorOffset(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBe(-1);
    expect(jsonErrorOffset(`${'['.repeat(100_000)}}`)).toBe(100_000);
  });

  fcTest.prop([fc.json()])('valid exactly when JSON.parse accepts: any JSON text', (text) => {
    expect(jsonErrorOffset(text)).toBe(-1);
  });

  fcTest.prop([fc.json(), fc.nat(), fc.string({ minLength: 1, maxLength: 3 })])(
    'valid exactly when JSON.parse accepts: JSON text with a few characters put in',
    (json, at, insert) => {
      const i = at % (json.length + 1);
      const text = json.slice(0, i) + insert + json.slice(i);
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      const offset = jsonErrorOffset(text);
      expect(offset === -1).toBe(parses);
      if (!parses) {
        expect(offset).toBeGreaterThanOrEqual(0);
        expect(offset).toBeLessThanOrEqual(text.length);
      }
    },
  );
});
