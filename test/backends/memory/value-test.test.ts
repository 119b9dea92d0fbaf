/** The value tests' helpers: internalizing a query's value never changes it. */
import { afterEach, describe, expect, test } from 'vitest';
import { internalized } from '../../../src/backends/memory/value-test.js';

describe('internalized(value) is the value', () => {
  const text = 'agent.name IN agnt_0123456789abcdefghijk,x';
  test.for([
    ['a view into a query text', text.slice(14, 40)],
    ['a short text', 'sent'],
    ['the empty text', ''],
    ['an array index', '123'],
    ['__proto__ (sets no own key)', '__proto__'],
    ['constructor', 'constructor'],
    ['toString', 'toString'],
  ] as const)('%s', ([, value]) => {
    expect(internalized(value)).toBe(value);
  });
  test.for([0, 1.5, true, false] as const)('%s (not a text)', (value) => {
    expect(internalized(value)).toBe(value);
  });

  describe('with an enumerable property added to Object.prototype', () => {
    afterEach(() => {
      delete (Object.prototype as Record<string, unknown>)['polluted'];
    });
    test('__proto__ stays __proto__, not the inherited key', () => {
      (Object.prototype as Record<string, unknown>)['polluted'] = 1;
      expect(internalized('__proto__')).toBe('__proto__');
      expect(internalized('name')).toBe('name');
    });
  });
});
