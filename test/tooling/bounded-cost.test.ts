/**
 * What the tooling functions cost and answer at 1x, 10x and 100x sizes, counted rather than
 * timed: a closed set of many values gives details of the same length (its first values and a
 * count), and reading a text costs character reads in proportion to the text.
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { complete } from '../../src/tooling/completion.js';
import { hover } from '../../src/tooling/hover.js';
import { warnings } from '../../src/tooling/warnings.js';

const NOW = Date.UTC(2026, 10, 25);
const SIZES = [1_000, 10_000, 100_000] as const;

function closedSet(n: number) {
  const values = Array.from({ length: n }, (_, i) => `v${i}`);
  return defineSchema({ entities: { a: { attributes: { s: { type: 'String', values } } } } });
}

describe('a closed set of many values', () => {
  const schemas = SIZES.map(closedSet);

  test('100,000 values: the attribute’s detail names the first ten and counts the rest', () => {
    const [item] = complete('a.', 2, schemas[2]!, 'a', { now: NOW }).items;
    expect(item?.detail).toMatchInlineSnapshot(`"String, one of v0, v1, v2, v3, v4, v5, v6, v7, v8, v9 and 99,990 more; EQ, NOT_EQ, LIKE, NOT_LIKE, IN, NOT_IN, STARTS_WITH, ENDS_WITH"`);
  });

  test('details and hovers are as long at 1,000, 10,000 and 100,000 values (less the count’s digits)', () => {
    const sizes = schemas.map((schema) => {
      const attribute = complete('a.', 2, schema, 'a', { now: NOW }).items[0]!.detail;
      const title = hover('a.s EQ v0', 1, schema, 'a')!.detail;
      const notOne = hover('a.s EQ nope', 9, schema, 'a')!.detail;
      return [attribute, title, notOne].map((d) => d.replace(/[\d,]+ more/, 'N more').length);
    });
    expect(sizes[1]).toEqual(sizes[0]);
    expect(sizes[2]).toEqual(sizes[0]);
  });

  test('completion offers each value once, in one item of bounded size', () => {
    for (const [i, schema] of schemas.entries()) {
      const items = complete('a.s EQ ', 7, schema, 'a', { now: NOW }).items;
      expect(items).toHaveLength(SIZES[i]!);
      expect(Math.max(...items.map((it) => it.detail.length))).toBe('one of the values of a.s'.length);
    }
  });
});

/** How many times `String.prototype.charCodeAt` runs during `run`: the character reads of a scan. */
function charReads(run: () => unknown): number {
  const original = String.prototype.charCodeAt;
  let count = 0;
  String.prototype.charCodeAt = function (this: string, i: number) {
    count++;
    return original.call(this, i);
  };
  try {
    run();
  } finally {
    String.prototype.charCodeAt = original;
  }
  return count;
}

describe('reading a text costs in proportion to it', () => {
  // 1x, 10x and 100x predicates: 30, 300 and 3,000 (the last past check's default limit of 100,
  // which completion and hover do not apply: they read any text).
  const texts = [30, 300, 3_000].map((n) => Array.from({ length: n }, (_, i) => `agent.name EQ "v ${i}"`).join(' AND '));

  test.for<[string, (text: string) => unknown]>([
    ['complete at the end', (text) => complete(text, text.length, schedulingSchema, 'agent', { now: NOW })],
    ['complete in the middle', (text) => complete(text, text.length >> 1, schedulingSchema, 'agent', { now: NOW })],
    ['hover at the end', (text) => hover(text, text.length, schedulingSchema, 'agent')],
    ['warnings', (text) => warnings(check(text, schedulingSchema, 'agent', { limits: { maxPredicates: 10_000, maxLength: 1_000_000 } }))],
  ])('%s: character reads per character stay the same at 1x, 10x, 100x', ([, run]) => {
    const perCharacter = texts.map((text) => charReads(() => run(text)) / text.length);
    // The text is read (in the middle, its first half at least), a few reads per character at
    // most, and no more per character in a longer text.
    expect(perCharacter[0]).toBeGreaterThan(0.5);
    expect(perCharacter[0]).toBeLessThan(4);
    expect(perCharacter[1]).toBeLessThanOrEqual(perCharacter[0]! * 1.05);
    expect(perCharacter[2]).toBeLessThanOrEqual(perCharacter[0]! * 1.05);
  });
});
