/**
 * Regex sources for LIKE, built only from the literal characters of the value: each character is
 * escaped, or written as the set of characters that lowercase to it. No value can change the
 * structure of a pattern, and a pattern needs no `i` flag, so it means the same in MongoDB's PCRE
 * and in JavaScript (mingo), and it folds case exactly as `toLowerCase` does.
 *
 * The one place where the pattern cannot follow `toLowerCase` is `Σ`, whose lowercase depends on
 * the letters around it (Final_Sigma); see `folding-divergence.ts`.
 */
import { lowercasePreimage } from './lowercase-preimage.js';

const DOTTED_CAPITAL_I = '\u0130';
const COMBINING_DOT_ABOVE = '\u0307';
const CAPITAL_SIGMA = '\u03a3';
const FINAL_SIGMA = '\u03c2';

/** Characters with a meaning in a PCRE or JavaScript pattern, outside a character class. */
const SPECIAL = new Set('\\^$.|?*+()[]{}/');
/** Characters with a meaning inside a character class. */
const SPECIAL_IN_CLASS = new Set('\\]^-[');

/** One character (code point) as a literal pattern. */
function literal(c: string): string {
  return SPECIAL.has(c) ? `\\${c}` : c;
}

/**
 * A pattern that matches exactly one of `chars`. Astral characters are written as literals in an
 * alternation, not in a class: a JavaScript class without the `u` flag would see two surrogates.
 */
function oneOf(chars: readonly string[]): string {
  const unique = [...new Set(chars)];
  if (unique.length === 1) return literal(unique[0]!);
  if (unique.every((c) => c.length === 1)) {
    return `[${unique.map((c) => (SPECIAL_IN_CLASS.has(c) ? `\\${c}` : c)).join('')}]`;
  }
  return `(?:${unique.map(literal).join('|')})`;
}

/**
 * A regex source that matches a text when `text.toLowerCase()` contains
 * `needle.toLowerCase()`, for every text without `Σ`. (A text's `Σ` matches both `σ` and `ς`
 * of the needle, wherever it stands.)
 *
 * How each character `x` of the lowercased needle is matched:
 * - by any character whose lowercase is `x` (`k` by `k`, `K` and the Kelvin sign `K`);
 * - `İ` lowercases to `i` + U+0307, so it stands for that pair anywhere in the needle, for a
 *   final `i` (its first half) and for a leading U+0307 (its second half);
 * - `Σ` stands for `σ` and for `ς`.
 *
 * @example
 * ```ts
 * containsIgnoringCase('Jo.'); // '[jJ][oO]\\.'
 * containsIgnoringCase('ß');   // '[ßẞ]'
 * ```
 */
export function containsIgnoringCase(needle: string): string {
  return foldedPattern(needle, true, true);
}

/**
 * The pattern of a lower-cased needle. `İ` stands for a leading U+0307 only where the needle may
 * start inside a text's character (`leadingHalf`: not at the start of the text) and for a final
 * `i` only where it may end inside one (`finalHalf`: not at the end of the text).
 */
function foldedPattern(needle: string, leadingHalf: boolean, finalHalf: boolean): string {
  const lower = [...needle.toLowerCase()];
  const parts: string[] = [];
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i]!;
    if (c === 'i' && lower[i + 1] === COMBINING_DOT_ABOVE) {
      parts.push(`(?:${DOTTED_CAPITAL_I}|${oneOf(lowercasePreimage('i'))}${oneOf(lowercasePreimage(COMBINING_DOT_ABOVE))})`);
      i++;
      continue;
    }
    const chars = [...lowercasePreimage(c)];
    if (c === FINAL_SIGMA) chars.push(CAPITAL_SIGMA);
    const halfOfDottedI = (leadingHalf && i === 0 && c === COMBINING_DOT_ABOVE) || (finalHalf && i === lower.length - 1 && c === 'i');
    if (halfOfDottedI) chars.push(DOTTED_CAPITAL_I);
    parts.push(oneOf(chars));
  }
  return parts.join('');
}

/**
 * A regex source that drops one leading `prefix` from the text (when it has one) and then
 * requires `pattern` somewhere in the rest. Anchored, so `#` of `#1234` can never be part of a
 * match, exactly like comparing against the text without its prefix. With `ignoreCase`, the
 * (lower-case) prefix is matched as the text's folding would read it: in any case.
 *
 * @example
 * ```ts
 * afterPrefix('#', containsIgnoringCase('12')); // '^(?:#|(?!#))[\\s\\S]*?12'
 * ```
 */
export function afterPrefix(prefix: string, pattern: string, gap: string = ANY_RUN, ignoreCase = false): string {
  const p = ignoreCase ? foldedPattern(prefix, false, false) : [...prefix].map(literal).join('');
  return `^(?:${p}|(?!${p}))${gap}${pattern}`;
}

/**
 * A regex source that matches a text whose `toLowerCase()` is one of `texts` (lower-cased
 * already), the whole of it: an equality that ignores case, built as LIKE patterns are.
 *
 * @example
 * ```ts
 * equalIgnoringCase(['ab']);         // '^[aA][bB](?![\\s\\S])'
 * equalIgnoringCase(['7', 't-7']);   // '^(?:7|[tT]-7)(?![\\s\\S])'
 * ```
 */
export function equalIgnoringCase(texts: readonly string[]): string {
  const forms = [...new Set(texts)].map((t) => foldedPattern(t, false, false));
  return `^${forms.length === 1 ? forms[0]! : `(?:${forms.join('|')})`}${TEXT_END}`;
}

/** Any run of characters, newlines included, as short as will do. */
const ANY_RUN = '[\\s\\S]*?';

/**
 * The end of the text. Not `$`: in MongoDB's PCRE it also matches before a final newline, and
 * `\z` is not JavaScript (mingo).
 */
const TEXT_END = '(?![\\s\\S])';

/**
 * A regex source that matches a text when `text.toLowerCase()` starts (`start`) or ends (`end`)
 * with `needle.toLowerCase()` (STARTS_WITH and ENDS_WITH, language rule 9), for every text
 * without `Σ`, after dropping one leading `prefix` when the attribute ignores one (in any case,
 * with `ignoreCase`). Built from the
 * escaped characters of the needle as {@link containsIgnoringCase} is, and anchored.
 *
 * @example
 * ```ts
 * affixIgnoringCase('Jo.', 'start');      // '^[jJ][oO]\\.'
 * affixIgnoringCase('son', 'end');        // '[sS][oO][nN](?![\\s\\S])'
 * affixIgnoringCase('12', 'start', '#');  // '^(?:#|(?!#))12'
 * ```
 */
export function affixIgnoringCase(needle: string, place: 'start' | 'end', prefix?: string, ignoreCase = false): string {
  const start = place === 'start';
  const pattern = foldedPattern(needle, !start, start);
  if (start) return prefix === undefined ? `^${pattern}` : afterPrefix(prefix, pattern, '', ignoreCase);
  return prefix === undefined ? `${pattern}${TEXT_END}` : afterPrefix(prefix, `${pattern}${TEXT_END}`, ANY_RUN, ignoreCase);
}
