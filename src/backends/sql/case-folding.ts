/**
 * Exact models of how SQL engines lower-case text for `LIKE`, so tests can say precisely where an
 * engine's answer differs from the in-memory one (JavaScript `toLowerCase`) instead of avoiding
 * such data. The compiler folds the needle with `toLowerCase` before binding it; only the stored
 * side is folded by the engine.
 */
import { TEXT_PLACE_TESTS, type TextPlace } from '../../schema/operators.js';

/**
 * The three ways engines lower-case text for `LIKE`:
 *
 * - `ascii`: only `A`–`Z` (SQLite's built-in `lower`; PostgreSQL under the `C` collation).
 * - `simple`: each code point by its simple lower-case mapping, without context (PostgreSQL under
 *   a libc UTF-8 locale or the builtin `C.UTF-8` one, as in PGlite). Differs from JavaScript on
 *   `İ` (U+0130, `i` instead of `i̇`) and on a final capital sigma (`σ` instead of `ς`).
 * - `full`: the full Unicode mapping JavaScript uses (PostgreSQL with ICU, `tql_lower` in SQLite).
 */
export type FoldingModel = 'ascii' | 'simple' | 'full';

/**
 * An engine's folding as {@link measureFolding} found it: the model it follows, and every code
 * point whose `lower()` on the engine is not the model's, with what the engine gives for it
 * (letters the engine's Unicode tables lack stay as they are; PGlite's `C.UTF-8` leaves 124 such,
 * among them Ⓐ–Ⓩ).
 */
export interface MeasuredFolding {
  readonly model: FoldingModel;
  readonly exceptions: ReadonlyMap<string, string>;
}

/** A folding model by name, or one measured on an engine. */
export type EngineFolding = FoldingModel | MeasuredFolding;

const FOLD: { readonly [F in FoldingModel]: (text: string) => string } = {
  ascii: (text) => text.replace(/[A-Z]+/g, (s) => s.toLowerCase()),
  // One code point at a time gives no context, so Σ folds to σ; İ's simple mapping is plain i.
  simple: (text) => Array.from(text, (c) => (c === '\u0130' ? 'i' : c.toLowerCase())).join(''),
  full: (text) => text.toLowerCase(),
};

/**
 * A measured folding applied to `text`: the model on the runs between exceptions, each exception
 * as measured. (The one context rule, a final `Σ`, is judged within its run.)
 */
function foldMeasured({ model, exceptions }: MeasuredFolding, text: string): string {
  if (exceptions.size === 0) return FOLD[model](text);
  let out = '';
  let run = '';
  for (const c of text) {
    const folded = exceptions.get(c);
    if (folded === undefined) {
      run += c;
    } else {
      out += FOLD[model](run) + folded;
      run = '';
    }
  }
  return out + FOLD[model](run);
}

/**
 * `text` lower-cased the way an engine with folding `folding` does it.
 *
 * @example
 * ```ts
 * foldLikeEngine('ascii', 'ÄBC');  // 'Äbc'
 * foldLikeEngine('simple', 'İΑΣ'); // 'iασ'
 * foldLikeEngine('full', 'İΑΣ');   // 'i̇ας'
 * foldLikeEngine({ model: 'simple', exceptions: new Map([['Ⓐ', 'Ⓐ']]) }, 'ⒶB'); // 'Ⓐb'
 * ```
 */
export function foldLikeEngine(folding: EngineFolding, text: string): string {
  return typeof folding === 'string' ? FOLD[folding](text) : foldMeasured(folding, text);
}

/**
 * True when an engine with this folding lower-cases every text exactly as JavaScript does, so
 * that its `LIKE` never answers differently.
 *
 * @example
 * ```ts
 * foldsLikeJavaScript('full');   // true
 * foldsLikeJavaScript({ model: 'full', exceptions: new Map([['꟒', '꟒']]) }); // false
 * ```
 */
export function foldsLikeJavaScript(folding: EngineFolding): boolean {
  return typeof folding === 'string' ? folding === 'full' : folding.model === 'full' && folding.exceptions.size === 0;
}

/**
 * True exactly when `haystack LIKE needle` (case-insensitive substring; with `place` `start` or
 * `end`, `STARTS_WITH` or `ENDS_WITH`) answers differently on an engine with folding `folding`
 * than in JavaScript. The two always agree when
 * `foldLikeEngine(folding, haystack) === haystack.toLowerCase()`, that is when the haystack has no
 * character the engine folds differently; this predicate is the exact condition.
 *
 * A named model assumes the engine's Unicode tables match the runtime's; letters added in recent
 * Unicode versions may fold on one side only. A {@link MeasuredFolding} knows them.
 *
 * @example
 * ```ts
 * foldingDiffers('ascii', 'ä', 'Ärger');  // true: SQLite keeps Ä
 * foldingDiffers('ascii', 'rger', 'Ärger'); // false: the needle avoids it
 * ```
 */
export function foldingDiffers(folding: EngineFolding, needle: string, haystack: string, place: TextPlace = 'anywhere'): boolean {
  if (folding === 'full') return false;
  const n = needle.toLowerCase();
  const test = TEXT_PLACE_TESTS[place];
  return test(foldLikeEngine(folding, haystack), n) !== test(haystack.toLowerCase(), n);
}

/**
 * True exactly when SQLite's default `LIKE` (ASCII-only `lower`) answers differently from
 * JavaScript for this needle and stored text. With `caseFolding: 'unicode'` and
 * `registerTqlFunctions`, SQLite never differs.
 *
 * @example
 * ```ts
 * sqliteFoldingDiffers('zoë', 'ZOË'); // true: SQLite leaves Ë upper-case
 * sqliteFoldingDiffers('zo', 'ZOË');  // false
 * ```
 */
export function sqliteFoldingDiffers(needle: string, haystack: string, place: TextPlace = 'anywhere'): boolean {
  return foldingDiffers('ascii', needle, haystack, place);
}
