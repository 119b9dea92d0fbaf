/**
 * LIKE: a case-insensitive substring test whose answer is, by definition (docs/language.md, What a filter matches),
 * `text.toLowerCase().includes(needle.toLowerCase())`.
 *
 * For a needle of ASCII characters a regular expression gives that same answer on every string
 * without allocating a lower-cased copy of each record's text. Why it is exact:
 * - Without the `u` flag, `/i` never lets an ASCII pattern character match a non-ASCII one
 *   (ECMA-262 Canonicalize), and on ASCII it agrees with lower-casing.
 * - Only two characters lower-case to something containing ASCII: U+212A KELVIN SIGN → `k`, and
 *   U+0130 `İ` → `i` + U+0307 (nothing else; `test/backends/memory/like.test.ts` checks every
 *   code point). So `k` becomes `[kK\u212A]`, and a final `i` also accepts `İ` (the U+0307 it
 *   leaves behind can only stand after the end of an ASCII needle).
 * Every pattern character is written as an escape (`\xHH`), so nothing in the needle is ever
 * read as regex syntax. Other needles, and needles longer than {@link MAX_REGEX_NEEDLE}, use
 * `toLowerCase().includes`.
 */

import { TEXT_PLACE_TESTS, type TextPlace } from '../../schema/operators.js';

/** How a LIKE needle is matched; the in-memory compiler inlines each kind in its closures. */
export type LikeMatcher =
  /** Every text contains the empty needle. */
  | { readonly kind: 'any' }
  | { readonly kind: 'regex'; readonly regex: RegExp }
  | { readonly kind: 'includes'; readonly lowerNeedle: string }
  /** STARTS_WITH and ENDS_WITH: the lower-cased text begins or ends with the lower-cased needle. */
  | {
      readonly kind: 'affix';
      /** Whether a lower-cased text has the lower-cased needle at the matcher's place. */
      readonly test: (lower: string) => boolean;
    };

const KELVIN = '\\u212a';
const DOTTED_CAPITAL_I = '\\u0130';

/**
 * Chooses the matcher for a LIKE needle.
 *
 * @example
 * ```ts
 * likeMatcher('John');  // { kind: 'regex', regex: /\x6a\x6f\x68\x6e/i }
 * likeMatcher('Zoë');   // { kind: 'includes', lowerNeedle: 'zoë' }
 * ```
 */
export function likeMatcher(needle: string): LikeMatcher {
  let matcher = matchers.get(needle);
  if (matcher === undefined) {
    // Needles repeat across queries; building the pattern and the RegExp is most of a LIKE's compile.
    if (matchers.size >= MAX_MATCHERS) matchers.clear();
    matcher = buildMatcher(needle);
    matchers.set(needle, matcher);
  }
  return matcher;
}

/**
 * The matcher of a `STARTS_WITH` (`start`) or `ENDS_WITH` (`end`) needle: by definition
 * (language rule 9) `text.toLowerCase().startsWith(needle.toLowerCase())`, and `endsWith` alike.
 *
 * @example
 * ```ts
 * affixMatcher('Jo', 'start'); // { kind: 'affix', test: (lower) => lower.startsWith('jo') }
 * affixMatcher('', 'end');     // { kind: 'any' }
 * ```
 */
export function affixMatcher(needle: string, place: Exclude<TextPlace, 'anywhere'>): LikeMatcher {
  if (needle === '') return { kind: 'any' };
  const n = needle.toLowerCase();
  const test = TEXT_PLACE_TESTS[place];
  return { kind: 'affix', test: (lower) => test(lower, n) };
}

/** Matchers by needle. A RegExp without the g or y flag keeps no state, so sharing one is safe. */
const matchers = new Map<string, LikeMatcher>();
const MAX_MATCHERS = 256;

/**
 * The longest needle written as a regex. V8 refuses patterns past a size ("Regular expression
 * too large", from a needle of about 32,768 characters); for a needle this long, the regex would
 * gain nothing over `includes` anyway.
 */
export const MAX_REGEX_NEEDLE = 1024;

function buildMatcher(needle: string): LikeMatcher {
  if (needle === '') return { kind: 'any' };
  if (needle.length > MAX_REGEX_NEEDLE || !isAscii(needle)) return { kind: 'includes', lowerNeedle: needle.toLowerCase() };
  const lower = needle.toLowerCase();
  let pattern = '';
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    const escaped = `\\x${c.toString(16).padStart(2, '0')}`;
    if (c === 0x6b) pattern += `[${escaped}${KELVIN}]`;
    else if (c === 0x69 && i === lower.length - 1) pattern += `(?:${escaped}|${DOTTED_CAPITAL_I})`;
    else pattern += escaped;
  }
  return { kind: 'regex', regex: new RegExp(pattern, 'i') };
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}
