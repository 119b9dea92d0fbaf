/**
 * LIKE in memory must answer exactly `text.toLowerCase().includes(needle.toLowerCase())`. The
 * regex used for ASCII needles is an optimisation; these tests are the proof that it changes
 * nothing: the facts it rests on are checked over every code point, then every one-character
 * needle against every UTF-16 code unit, then random needles against hostile texts.
 */
import { fc, test as propTest } from '../../support/property.js';
import { describe, expect, test } from 'vitest';
import { likeMatcher } from '../../../src/backends/memory/like.js';
import { fieldPredicate } from '../../../src/backends/memory/sources.js';
import { likePredicate } from '../../../src/backends/memory/value-test.js';

// ---- shared ----

/** The definition (design doc 4.4). */
const reference = (needle: string, text: string) => text.toLowerCase().includes(needle.toLowerCase());

/**
 * LIKE on one value, in both forms the backend builds: the value test (variant and element
 * sources) and the field closure, which inlines the matcher. Where the two disagree the answer is
 * a string, which no expected boolean equals.
 */
const like = (needle: string) => {
  const matcher = likeMatcher(needle);
  const onValue = likePredicate(matcher);
  const onField = fieldPredicate('x', { kind: 'like', matcher }, true);
  return (x: unknown): boolean | string => {
    const answer = onValue(x);
    return onField({ x }) === answer ? answer : 'the value test and the field closure disagree';
  };
};

// ---- the facts the regex relies on ----

describe('Unicode facts behind the ASCII regex', () => {
  test('only U+0130 and U+212A lower-case to something that contains ASCII', () => {
    const found: string[] = [];
    for (let cp = 0x80; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (/[\x00-\x7f]/.test(String.fromCodePoint(cp).toLowerCase())) found.push(cp.toString(16));
    }
    expect(found).toEqual(['130', '212a']);
  });

  test("only U+0130 lower-cases to more than one character, and its second is U+0307", () => {
    const found: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const s = String.fromCodePoint(cp);
      if (s.toLowerCase().length !== s.length) found.push(cp.toString(16));
    }
    expect(found).toEqual(['130']);
    expect('İ'.toLowerCase()).toBe('i\u0307');
  });

  test('ASCII letters lower-case to ASCII letters', () => {
    for (let c = 0; c < 0x80; c++) expect(String.fromCharCode(c).toLowerCase().charCodeAt(0)).toBeLessThan(0x80);
  });
});

// ---- the matcher ----

test.for([
  ['', 'any'],
  ['john', 'regex'],
  ['JOHN', 'regex'],
  ['100%_\\"*.?', 'regex'],
  ['zoë', 'includes'],
  ['İlkay', 'includes'],
  ['王', 'includes'],
] as const)('likeMatcher(%j) is a %s matcher', ([needle, kind]) => {
  expect(likeMatcher(needle).kind).toBe(kind);
});

test('the regex is made of escapes only, so no needle character is regex syntax', () => {
  const m = likeMatcher('a.*k(i');
  expect(m.kind === 'regex' && m.regex.source).toMatchInlineSnapshot(`"\\x61\\x2e\\x2a[\\x6b\\u212a]\\x28(?:\\x69|\\u0130)"`);
  expect(m.kind === 'regex' && m.regex.flags).toBe('i');
});

describe('every one-character ASCII needle against every UTF-16 code unit', () => {
  const needles = Array.from({ length: 0x80 }, (_, c) => ({ c, hex: c.toString(16).toUpperCase().padStart(4, '0') }));
  test.for(needles)('needle U+$hex', ({ c }) => {
    const needle = String.fromCharCode(c);
    const test = like(needle);
    const wrong: number[] = [];
    for (let u = 0; u <= 0xffff; u++) {
      const text = String.fromCharCode(u);
      if (test(text) !== reference(needle, text)) wrong.push(u);
    }
    expect(wrong).toEqual([]);
  });
});

test.for([
  ['k', '\u212a', true],
  ['kelvin', '\u212aelvin', true],
  ['K', '\u212a', true],
  ['i', 'İ', true],
  ['xi', 'xİ', true],
  ['ix', 'İx', false],
  ['ilkay', 'İlkay', false],
  ['lkay', 'İlkay', true],
  ['s', 'ſ', false],
  ['ss', 'ß', false],
  ['strasse', 'STRAẞE', false],
  ['σ', 'ΟΔΟΣ', false],
  ['ς', 'ΟΔΟΣ', true],
  ['%', '100%', true],
  ['_', 'a_b', true],
  ['.', 'abc', false],
  ['a*', 'aaa', false],
  ['\\', 'back\\slash', true],
  ['', '', true],
] as const)('LIKE %j on %j is %s', ([needle, text, expected]) => {
  expect(reference(needle, text)).toBe(expected);
  expect(like(needle)(text)).toBe(expected);
});

test.for([null, undefined, 5, true, ['john'], { toString: () => 'john' }])('LIKE never matches the non-text %j', (x) => {
  expect(like('john')(x)).toBe(false);
  expect(like('zoë')(x)).toBe(false);
  expect(like('')(x)).toBe(false);
});

// ---- random needles against hostile texts ----

/** Characters that fold oddly, regex syntax, combining marks, astral and lone surrogates. */
const HOSTILE = [
  ...'abcikKsSIxyz019 ._%*+?^$()[]{}|\\/-"\'~,',
  'İ', 'ı', '\u212a', '\u212b', 'ſ', 'ß', 'ẞ', 'Σ', 'σ', 'ς', '\u0307', 'Å', 'å', 'Ë', 'ǅ', 'Ⅻ', 'ⓚ',
  '😀', '𐐀', '\ud800', '\udc00',
];
const hostileText = fc.array(fc.constantFrom(...HOSTILE), { maxLength: 12 }).map((cs) => cs.join(''));
const asciiNeedle = fc.string({ unit: fc.constantFrom(...'abcikKsSIxyz019 ._%*+?^$()[]{}|\\/-"\'~,'), maxLength: 4 });

propTest.prop([asciiNeedle, hostileText], { numRuns: 3000 })('an ASCII needle matches exactly as toLowerCase().includes', (needle, text) => {
  expect(like(needle)(text)).toBe(reference(needle, text));
});

propTest.prop([fc.string({ maxLength: 4 }), fc.string({ maxLength: 20 })], { numRuns: 2000 })(
  'any needle matches exactly as toLowerCase().includes on any text',
  (needle, text) => {
    expect(like(needle)(text)).toBe(reference(needle, text));
  },
);

propTest.prop([hostileText, hostileText, hostileText], { numRuns: 2000 })(
  'a piece of a text, in any case, is found in it',
  (before, piece, after) => {
    const text = before + piece + after;
    // Upper-casing can change length or fold differently, so the definition decides.
    for (const needle of [piece, piece.toUpperCase(), piece.toLowerCase()]) {
      expect(like(needle)(text)).toBe(reference(needle, text));
    }
  },
);
