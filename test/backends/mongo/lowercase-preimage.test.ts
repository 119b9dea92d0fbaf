/**
 * The facts about `toLowerCase` that the Mongo LIKE pattern relies on, checked over every code
 * point of the running engine: if a Node upgrade changes one of them, these fail first.
 */
import { describe, expect, test } from 'vitest';
import { lowercasePreimage } from '../../../src/backends/mongo/lowercase-preimage.js';

// ---- helpers ----

function* allCharacters(): Generator<string> {
  for (let cp = 0; cp <= 0x10ffff; cp++) if (cp < 0xd800 || cp > 0xdfff) yield String.fromCodePoint(cp);
}

const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

// ---- tests ----

describe('lowercasePreimage', () => {
  test.for([
    ['k', ['k', 'K', '\u212a']],
    ['å', ['å', 'Å', '\u212b']],
    ['ß', ['ß', 'ẞ']],
    ['σ', ['σ', 'Σ']],
    ['ς', ['ς']],
    ['i', ['i', 'I']],
    ['\u0307', ['\u0307']],
    ['1', ['1']],
    ['𐐨', ['𐐨', '𐐀']],
  ] as const)('%s', ([lower, expected]) => {
    expect(lowercasePreimage(lower)).toEqual(expected);
  });

  test('holds every character whose lowercase is one code point, under that lowercase', () => {
    const misplaced: string[] = [];
    for (const c of allCharacters()) {
      const l = c.toLowerCase();
      if ([...l].length === 1 && !lowercasePreimage(l).includes(c)) misplaced.push(hex(c));
    }
    expect(misplaced).toEqual([]);
  });

  test('lists only characters that lowercase to the key', () => {
    const wrong: string[] = [];
    for (const c of allCharacters()) {
      for (const source of lowercasePreimage(c)) if (source.toLowerCase() !== c) wrong.push(`${hex(source)} under ${hex(c)}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('toLowerCase, as the pattern builder assumes', () => {
  test('only İ lowercases to more than one code point', () => {
    const multi = [...allCharacters()].filter((c) => [...c.toLowerCase()].length !== 1).map(hex);
    expect(multi).toEqual(['U+0130']);
    expect('İ'.toLowerCase()).toBe('i\u0307');
  });

  test('only Σ lowercases differently next to other letters', () => {
    const contextual: string[] = [];
    for (const c of allCharacters()) {
      const l = c.toLowerCase();
      const inContext = [['A', ''], ['', 'A'], ['A', 'A'], [' ', ' ']].some(
        ([before, after]) => `${before}${c}${after}`.toLowerCase() !== `${before!.toLowerCase()}${l}${after!.toLowerCase()}`,
      );
      if (inContext) contextual.push(hex(c));
    }
    expect(contextual).toEqual(['U+03A3']);
  });

  test('a lowercase character is its own lowercase', () => {
    const notFixed = [...allCharacters()].filter((c) => c.toLowerCase().toLowerCase() !== c.toLowerCase()).map(hex);
    expect(notFixed).toEqual([]);
  });
});
