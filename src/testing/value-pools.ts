/**
 * Values that break filters, shared by the query and the record arbitraries so that generated
 * predicates often meet generated records: texts every engine treats in its own way (LIKE
 * wildcards, quotes, backslashes, trailing spaces, letters only Unicode folds), instants on both
 * sides of a second, numbers at the edges of a double. Text never holds NUL or a lone surrogate:
 * PostgreSQL and MongoDB cannot store them and the validator refuses them in a query.
 */
import type { Arbitrary } from 'fast-check';
import { fc } from './fast-check.js';

/**
 * Texts that break filters: LIKE wildcards (`%`, `_`, `\`, MySQL's `!`), quotes, TQL separators,
 * trailing and leading spaces (padded collations), case pairs only Unicode folds (`ß`/`ẞ`,
 * Turkish `İ`/`ı`, a final sigma, the Kelvin and Ohm signs), combining marks, letters some
 * engines' Unicode tables lack (circled `Ⓐ`, Latin Extended-D), astral characters, and values
 * that look like Mongo operators, prototype keys or SQL.
 */
export const HOSTILE_TEXTS: readonly string[] = [
  'a', 'A', 'ab', 'Ada', 'ada lovelace', 'ADA', 'John Smith', 'Pat Smith',
  '%', '_', '50%', '100% Sales_Team', 'a_b', 'a!b', "O'Brien", '"quoted"', '\\', 'back\\slash', 'a\\%b',
  'Zoë', 'ZOË', 'Zoe\u0308', 'Straße', 'STRASSE', 'ẞ', 'İlkay', 'ilkay', 'ılkay', 'ILKAY', 'i\u0307lkay',
  'ΟΔΟΣ', 'σοφια', 'ΣΟΦΙΑ', 'Ωmega', '\u2126', 'K', '\u212a', 'ſ', 'Ⓐnna', 'ⓐnna', 'ⒶⓃⓃⒶ', '\u2c2f', '\ua7c0\ua7ce',
  // Letters of Unicode 16 and 17, which older engines' case tables lack.
  '\ua7d2', '𐕰𐕱', '\u1c89', '𖺠',
  '王芳', '😀 smile', 'tab\there', 'new\nline', '~', 'a,b', '(x)', 'null', 'NULL', '', 'x ', 'x  ', ' x', '  spaced  ', 'Ada Lovelace',
  '$where', '{"$gt":""}', '__proto__', 'constructor', 'a.b*c', '[x]', '^$', "Robert'); DROP TABLE t;--",
];

/** One character, never NUL or a lone surrogate, often one that breaks folding or escaping. */
export const arbHostileChar: Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(...'aAzZkKsSiIıİ\u0307\u0308ßẞëËΣσςΩω\u2126\u212a%_\\"\'~,()$.*[]^ #-!`'.split(''), '𐐀', '𐐨', '😀', 'Ⓐ', 'ⓐ', '\u2c2f', '\ua7c0', '\ua7ce', '\u1c89', '𐕰', '𖺠'),
  },
  // Every code point from U+0001 up, the surrogate range skipped.
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 0x10ffff - 0x800 }).map((n) => String.fromCodePoint(n >= 0xd800 ? n + 0x800 : n)) },
);

/**
 * A few words in the variants a lax engine takes for the same (another case, trailing or leading
 * spaces): drawn on both sides, they make `EQ` meet its near misses often.
 */
const NEAR_BASES: readonly string[] = ['Ada', 'x', 'Straße', 'İlkay', 'Zoë'];
const NEAR_VARIANTS: readonly ((t: string) => string)[] = [(t) => t, (t) => t, (t) => t.toUpperCase(), (t) => t.toLowerCase(), (t) => `${t} `, (t) => `${t}  `, (t) => ` ${t}`];

/** A word of {@link NEAR_BASES} as written, or in a variant some engine takes for it. */
export const arbNearText: Arbitrary<string> = fc.tuple(fc.constantFrom(...NEAR_BASES), fc.constantFrom(...NEAR_VARIANTS)).map(([t, variant]) => variant(t));

/** Free text: from {@link HOSTILE_TEXTS}, a near miss of a common word, or a short string of characters that break folding or escaping. */
export const arbHostileText: Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 2, arbitrary: arbNearText },
  { weight: 1, arbitrary: fc.string({ unit: arbHostileChar, maxLength: 6 }) },
);

/**
 * A LIKE needle: a piece of a pool text with its case flipped now and then, a letter whose
 * folding differs between engines, or free text.
 */
export const arbNeedle: Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_TEXTS), fc.nat(), fc.nat({ max: 4 }), fc.boolean()).map(([t, start, length, flip]) => {
      const chars = [...t];
      const s = start % (chars.length + 1);
      const piece = chars.slice(s, s + length).join('');
      return flip ? piece.toUpperCase() : piece;
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom('σ', 'ς', 'Σ', 'ος', 'İ', 'i', 'ı', '\u0307', 'k', 'ß', 'ss', '%', '_', '\\', ' ', 'x ') },
  { weight: 1, arbitrary: fc.string({ unit: arbHostileChar, maxLength: 3 }) },
);

/** Bodies of prefixed ids, after the prefix. */
export const ID_BODIES: readonly string[] = ['a', 'b', 'Ab9', 'zz', 'W4hPN4gKvru7c4BWerF4d'];

/** Integer ids: small ones that collide, and the largest safe integer. */
export const INTEGER_IDS: readonly number[] = [0, 1, 5, 6, 12, 77, 1234, 9007199254740991];

/** A few uuids, so that queries and records share some (records hold them in either case). */
export const UUIDS: readonly string[] = ['0b5c6a4e-8f1d-4c2a-9e3b-7d6f5a4c3b2a', 'f47ac10b-58cc-4372-a567-0e02b2c3d479', '00000000-0000-0000-0000-000000000000'];

/**
 * Unix seconds at boundaries: 0 and before it, the first second of 2023 and of its second half
 * with their neighbours, 1700000000 ± 1, 2^31 ± 1 (32-bit overflow), and 2100.
 */
export const BOUNDARY_SECONDS: readonly number[] = [
  -86400, -1, 0, 1, 1672531199, 1672531200, 1672531201, 1688169599, 1688169600, 1688169601, 1699999999, 1700000000, 1700000001,
  2147483647, 2147483648, 4102444800,
];

/**
 * The clock the testing functions resolve relative times (`now-7d`) on, so that a run and its
 * replay answer alike: 1700000000, one of the boundary seconds.
 */
export const TEST_NOW = 1700000000;

/** A whole second: a boundary, or any second from 1970 to 2100. */
export const arbSecond: Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...BOUNDARY_SECONDS) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 4102444800 }) },
);

/** Numbers at the edges of rule 6: 0 and -0, fractions that do not add up, ±2^53, tiny and huge. */
export const EDGE_NUMBERS: readonly number[] = [0, -0, 1, -1, 0.1, 0.2, 0.30000000000000004, 0.3, -1.5, 18, 1000, 2 ** 53, -(2 ** 53), 2 ** 53 - 1, 1e-7, 1e21];

/** A finite number: an edge, a small integer, or any double in ±1e9. */
export const arbNumber: Arbitrary<number> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 1, arbitrary: fc.double({ min: -1e9, max: 1e9, noNaN: true }) },
  { weight: 1, arbitrary: fc.integer({ min: -100, max: 100 }) },
);
