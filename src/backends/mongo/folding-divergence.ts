/**
 * The one declared divergence of the Mongo backend: LIKE on a text with a capital sigma.
 *
 * JavaScript lowercases `Σ` by its context (Final_Sigma): `ς` at the end of a word, `σ`
 * elsewhere, so `'ΟΔΟΣ'.toLowerCase()` is `'οδος'`. A regex can see the context only through
 * lookbehind of unbounded length, which MongoDB's PCRE does not have, so the Mongo pattern lets a
 * `Σ` of the text stand for either letter. LIKE then matches a superset of what the in-memory
 * backend matches (NOT_LIKE a subset), and only when the lowercased needle has `σ` or `ς` and the
 * text has `Σ`.
 */
import { TEXT_PLACE_TESTS, type TextPlace } from '../../schema/operators.js';

const CAPITAL_SIGMA = '\u03a3';
const DOTTED_CAPITAL_I = '\u0130';
/** Stands in the folded text for a `Σ`, which matches `σ` and `ς`. */
const EITHER_SIGMA = Symbol('σ or ς');

/**
 * True when MongoDB and the in-memory backend give different answers to `LIKE needle` (with
 * `place` `start` or `end`: `STARTS_WITH`, `ENDS_WITH`) on the text `haystack` (the value as compared: for a psa_b ticket number, without its leading `#`).
 * Exactly then: the lowercased needle has `σ` or `ς`, `haystack` has `Σ`, and the needle occurs
 * in the text's folding when each `Σ` may be either sigma but not in its `toLowerCase()`.
 *
 * @example
 * ```ts
 * mongoFoldingDiffers('σ', 'ΟΔΟΣ');  // true: Mongo matches, 'οδος' has no 'σ' at the end
 * mongoFoldingDiffers('ς', 'ΟΔΟΣ');  // false: both match
 * mongoFoldingDiffers('σ', 'ΣΟΦΙΑ'); // false: both match ('σοφια')
 * ```
 */
export function mongoFoldingDiffers(needle: string, haystack: string, place: TextPlace = 'anywhere'): boolean {
  const lower = needle.toLowerCase();
  if (!/[σς]/.test(lower) || !haystack.includes(CAPITAL_SIGMA)) return false;
  return foldedContains(haystack, [...lower], place) !== TEXT_PLACE_TESTS[place](haystack.toLowerCase(), lower);
}

/** Where in a folded text of `length` characters a needle of `n` may start, for each place. */
const STARTS: { readonly [P in TextPlace]: (length: number, n: number) => { readonly from: number; readonly to: number } } = {
  anywhere: (length, n) => ({ from: 0, to: length - n }),
  start: () => ({ from: 0, to: 0 }),
  end: (length, n) => ({ from: length - n, to: length - n }),
};

/** Does `text`, folded one character at a time with `Σ` as either sigma, hold `needle` at `place`? */
function foldedContains(text: string, needle: readonly string[], place: TextPlace): boolean {
  const folded: (string | typeof EITHER_SIGMA)[] = [];
  for (const c of text) {
    if (c === CAPITAL_SIGMA) folded.push(EITHER_SIGMA);
    else if (c === DOTTED_CAPITAL_I) folded.push(...c.toLowerCase());
    else folded.push(c.toLowerCase());
  }
  const { from, to } = STARTS[place](folded.length, needle.length);
  for (let start = Math.max(from, 0); start <= to && start + needle.length <= folded.length; start++) {
    let j = 0;
    for (; j < needle.length; j++) {
      const t = folded[start + j];
      const n = needle[j];
      if (!(t === n || (t === EITHER_SIGMA && (n === 'σ' || n === 'ς')))) break;
    }
    if (j === needle.length) return true;
  }
  return false;
}
