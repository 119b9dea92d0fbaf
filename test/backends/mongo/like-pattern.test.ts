/**
 * The LIKE pattern: an escaped, case-expanded literal that a regex engine without the `i` flag
 * matches exactly where `toLowerCase` says the text contains the needle, except on the declared
 * Σ condition (`mongoFoldingDiffers`), where the answer is asserted to be the other one.
 */
import { fc, test as prop } from '../../support/property.js';
import { Query } from 'mingo';
import { describe, expect, test } from 'vitest';
import { afterPrefix, containsIgnoringCase } from '../../../src/backends/mongo/like-pattern.js';
import { mongoFoldingDiffers } from '../../../src/backends/mongo/index.js';

// ---- helpers ----

/** Characters where folding, escaping or surrogates can go wrong, mixed with any code point. */
const TRICKY = [
  ...'aAkKsSiIſßẞåÅ\u212a\u212b\u0130\u0131\u0307ΣσςΩω\u2126ϴθΘǄǅǆ𐐀𐐨ʰ\u0345',
  ...'.*+?^$|\\/()[]{}-#%_\'" ',
  '\n',
];
const char = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TRICKY) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);
const text = (maxLength: number) => fc.string({ unit: char, maxLength });

/** A haystack that often holds the needle in another case: the case of each character flipped at random. */
const haystackFor = (needle: string) =>
  fc.oneof(
    text(10),
    fc
      .tuple(text(4), fc.array(fc.boolean(), { minLength: [...needle].length, maxLength: [...needle].length }), text(4))
      .map(([before, flips, after]) => before + [...needle].map((c, i) => (flips[i] ? c.toUpperCase() : c)).join('') + after),
  );

/** How mingo (and MongoDB) runs a `$regex` given as a string without options. */
const mongoMatches = (pattern: string, haystack: string) => new Query({ s: { $regex: pattern } }).test({ s: haystack });

const jsContains = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());

// ---- tests ----

describe('containsIgnoringCase', () => {
  test.for([
    ['john', '[jJ][oO][hH][nN]'],
    ['@example.com', '@[eE][xX][aA][mM][pP][lL][eE]\\.[cC][oO][mM]'],
    ['50%_off', '50%_[oO][fF][fF]'],
    ['a.b*c', '[aA]\\.[bB]\\*[cC]'],
    ['^$|?+(){}[]\\/', '\\^\\$\\|\\?\\+\\(\\)\\{\\}\\[\\]\\\\\\/'],
    ['ß', '[ßẞ]'],
    ['İ', '(?:İ|[iI]\u0307)'],
    ['i', '[iIİ]'],
    ['\u0307x', '[\u0307İ][xX]'],
    ['σ', '[σΣ]'],
    ['ΟΔΟΣ', '[οΟ][δΔ][οΟ][ςΣ]'],
    ['𐐀', '(?:𐐨|𐐀)'],
    ['王芳', '王芳'],
    ['', ''],
  ])('%s', ([needle, pattern]) => {
    expect(containsIgnoringCase(needle!)).toBe(pattern);
  });

  prop.prop({ needle: text(5) }, { numRuns: 300 })('the needle always matches itself, whatever it holds', ({ needle }) => {
    expect(mongoMatches(containsIgnoringCase(needle), needle)).toBe(true);
  });

  prop.prop(
    { pair: text(4).chain((needle) => fc.tuple(fc.constant(needle), haystackFor(needle))) },
    { numRuns: 1000 },
  )('matches like toLowerCase().includes, and exactly the other way on the declared Σ condition', ({ pair: [needle, haystack] }) => {
    const js = jsContains(haystack, needle);
    const differs = mongoFoldingDiffers(needle, haystack);
    expect(mongoMatches(containsIgnoringCase(needle), haystack), `differs=${differs}`).toBe(js !== differs);
    // The divergence only ever widens LIKE (Σ stands for both sigmas).
    if (differs) expect(js).toBe(false);
  });
});

describe('afterPrefix', () => {
  const withoutHash = (s: string) => (s.startsWith('#') ? s.slice(1) : s);

  test.for([
    ['#1234', '12', true],
    ['1234', '12', true],
    ['#1234', '#1', false],
    ['##77', '#7', true],
    ['#77', '#7', false],
    ['#', '', true],
    ['', '', true],
  ] as const)('%s contains %s once its # is dropped: %s', ([stored, needle, expected]) => {
    expect(mongoMatches(afterPrefix('#', containsIgnoringCase(needle)), stored)).toBe(expected);
  });

  prop.prop(
    { needle: text(3), stored: fc.tuple(fc.constantFrom('', '#', '##'), text(5)).map(([p, s]) => p + s) },
    { numRuns: 500 },
  )('matches the text without one leading #', ({ needle, stored }) => {
    const rest = withoutHash(stored);
    const expected = jsContains(rest, needle) !== mongoFoldingDiffers(needle, rest);
    expect(mongoMatches(afterPrefix('#', containsIgnoringCase(needle)), stored)).toBe(expected);
  });
});
