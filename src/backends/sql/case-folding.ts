/**
 * Exact models of how SQL engines lower-case text for `LIKE`, so tests can say precisely where an
 * engine's answer differs from the in-memory one (JavaScript `toLowerCase`) instead of avoiding
 * such data. The compiler folds the needle with `toLowerCase` before binding it; only the stored
 * side is folded by the engine.
 */

/**
 * How an engine's `lower()` maps text:
 *
 * - `ascii`: only `A`–`Z` (SQLite's built-in `lower`; PostgreSQL under the `C` collation).
 * - `simple`: each code point by its simple lower-case mapping, without context (PostgreSQL under
 *   a libc UTF-8 locale or the builtin `C.UTF-8` one, as in PGlite). Differs from JavaScript on
 *   `İ` (U+0130, `i` instead of `i̇`) and on a final capital sigma (`σ` instead of `ς`).
 * - `full`: the full Unicode mapping JavaScript uses (PostgreSQL with ICU, `tql_lower` in SQLite).
 */
export type EngineFolding = 'ascii' | 'simple' | 'full';

const FOLD: { readonly [F in EngineFolding]: (text: string) => string } = {
  ascii: (text) => text.replace(/[A-Z]+/g, (s) => s.toLowerCase()),
  // One code point at a time gives no context, so Σ folds to σ; İ's simple mapping is plain i.
  simple: (text) => Array.from(text, (c) => (c === '\u0130' ? 'i' : c.toLowerCase())).join(''),
  full: (text) => text.toLowerCase(),
};

/**
 * `text` lower-cased the way an engine with folding `folding` does it.
 *
 * @example
 * ```ts
 * foldLikeEngine('ascii', 'ÄBC');  // 'Äbc'
 * foldLikeEngine('simple', 'İΑΣ'); // 'iασ'
 * foldLikeEngine('full', 'İΑΣ');   // 'i̇ας'
 * ```
 */
export function foldLikeEngine(folding: EngineFolding, text: string): string {
  return FOLD[folding](text);
}

/**
 * True exactly when `haystack LIKE needle` (case-insensitive substring) answers differently on an
 * engine with folding `folding` than in JavaScript. The two always agree when
 * `foldLikeEngine(folding, haystack) === haystack.toLowerCase()`, that is when the haystack has no
 * character the engine folds differently; this predicate is the exact condition.
 *
 * Version caveat: `full` and `simple` assume the engine's Unicode tables match the runtime's;
 * letters added in recent Unicode versions may fold on one side only.
 *
 * @example
 * ```ts
 * foldingDiffers('ascii', 'ä', 'Ärger');  // true: SQLite keeps Ä
 * foldingDiffers('ascii', 'rger', 'Ärger'); // false: the needle avoids it
 * ```
 */
export function foldingDiffers(folding: EngineFolding, needle: string, haystack: string): boolean {
  const n = needle.toLowerCase();
  return FOLD[folding](haystack).includes(n) !== haystack.toLowerCase().includes(n);
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
export function sqliteFoldingDiffers(needle: string, haystack: string): boolean {
  return foldingDiffers('ascii', needle, haystack);
}
