/** The interleaved comparison: agreement is checked before timing, ratios are to the first row. */
import { describe, expect, test } from 'vitest';
import { compare, CountMismatchError, type Alternative } from '../../../bench/harness/compare.js';
import { median } from '../../../bench/harness/stats.js';

const records = Array.from({ length: 1000 }, (_, i) => ({ n: i }));
const plan = { samples: 3, minSampleMs: 0, warmupMs: 0 };
const filter = (id: string, predicate: (r: { n: number }) => boolean): Alternative => ({
  id,
  label: id,
  work: { kind: 'filter', predicate: predicate as (r: unknown) => boolean, records },
});

describe('compare', () => {
  test('reports the count, one median and one ratio per alternative, the reference at 1x', () => {
    const [reference, other] = compare([filter('a', (r) => r.n % 10 === 0), filter('b', (r) => r.n % 5 === 0 && r.n % 2 === 0)], plan);
    expect(reference).toMatchObject({ id: 'a', count: 100, ratio: 1 });
    expect(other).toMatchObject({ id: 'b', count: 100 });
    expect(other!.samplesNs).toHaveLength(3);
    expect(other!.nsPerOp).toBeGreaterThan(0);
  });

  test('stops before timing when an alternative matches a different number of records', () => {
    expect(() => compare([filter('hand', (r) => r.n < 10), filter('peer', (r) => r.n <= 10)], plan)).toThrowErrorMatchingInlineSnapshot(
      `[CountMismatchError: peer matched 11 records where hand matched 10: the two do not express the same query, so timing them side by side would mean nothing.]`,
    );
    expect(() => compare([filter('hand', (r) => r.n < 10), filter('peer', (r) => r.n <= 10)], plan)).toThrow(CountMismatchError);
  });

  test('repeats calls until a sample lasts minSampleMs', () => {
    let calls = 0;
    const [m] = compare([{ id: 'f', label: 'f', work: { kind: 'call', fn: () => ++calls, input: null } }], {
      samples: 2,
      minSampleMs: 2,
      warmupMs: 1,
    });
    expect(m!.opsPerSample).toBeGreaterThan(1);
    expect(m!.count).toBeUndefined();
  });
});

describe('median', () => {
  test.for([
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[7], 7],
  ] as const)('median(%j) is %d', ([values, expected]) => {
    expect(median(values)).toBe(expected);
  });
});
