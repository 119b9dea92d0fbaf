import { expect, test } from 'vitest';
import { BoundedCache } from '../../src/api/bounded-cache.js';

test('keeps at most two generations of entries', () => {
  const cache = new BoundedCache<number, string>(3);
  for (let i = 0; i < 10; i++) cache.set(i, `v${i}`);
  expect(cache.size).toBeLessThanOrEqual(6);
  expect(cache.get(9)).toBe('v9');
  expect(cache.get(0)).toBeUndefined();
});

test('an entry used again survives the next turnover', () => {
  const cache = new BoundedCache<string, number>(2);
  cache.set('a', 1);
  cache.set('b', 2);
  cache.set('c', 3); // a, b become the older generation
  expect(cache.get('a')).toBe(1); // moves a forward
  cache.set('d', 4); // c, a become the older generation; b is dropped
  cache.set('e', 5);
  expect(cache.get('b')).toBeUndefined();
  expect(cache.get('a')).toBe(1);
});
