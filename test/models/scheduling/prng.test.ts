/** The seeded generator behind the sample data. */
import { fc, test as propTest } from '../../support/property.js';
import { expect, test } from 'vitest';
import { createRng } from '../../../src/models/scheduling/prng.js';

test('seed 42 always gives the same first numbers', () => {
  const rng = createRng(42);
  expect(Array.from({ length: 4 }, () => rng.uint32())).toMatchInlineSnapshot(`
    [
      1028872839,
      2516511472,
      400437680,
      853279530,
    ]
  `);
});

test('nearby seeds give unrelated sequences', () => {
  const a = createRng(1).uint32();
  const b = createRng(2).uint32();
  // More than a few bits differ (splitmix mixing of the seed).
  const differing = (a ^ b).toString(2).replaceAll('0', '').length;
  expect(differing).toBeGreaterThan(8);
});

test('floats spread evenly over [0, 1)', () => {
  const rng = createRng(7);
  const buckets = new Array<number>(10).fill(0);
  for (let i = 0; i < 100_000; i++) buckets[Math.floor(rng.float() * 10)]!++;
  for (const b of buckets) expect(Math.abs(b - 10_000)).toBeLessThan(500);
});

propTest.prop([fc.integer(), fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 0, max: 1000 })])(
  'int(min, max) stays within both bounds',
  (seed, min, width) => {
    const rng = createRng(seed);
    for (let i = 0; i < 50; i++) {
      const n = rng.int(min, min + width);
      expect(Number.isInteger(n) && n >= min && n <= min + width).toBe(true);
    }
  },
);

test('int(min, max) reaches both bounds', () => {
  const rng = createRng(3);
  const seen = new Set(Array.from({ length: 200 }, () => rng.int(1, 3)));
  expect(seen).toEqual(new Set([1, 2, 3]));
});

test('pick only returns elements of the list', () => {
  const rng = createRng(5);
  const items = ['a', 'b', 'c'] as const;
  const seen = new Set(Array.from({ length: 100 }, () => rng.pick(items)));
  expect(seen).toEqual(new Set(items));
});
