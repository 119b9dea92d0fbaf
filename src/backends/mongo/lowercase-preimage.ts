/**
 * The lowercase mapping of the running JavaScript engine, reversed: for a character, every
 * character whose `toLowerCase()` is that character. The Mongo LIKE pattern is built from it, so
 * the pattern folds case exactly as the in-memory backend's `toLowerCase` does, on the same
 * Unicode version, instead of relying on the regex engine's own case-insensitive mode (PCRE and
 * JavaScript `/i` both fold differently from `toLowerCase`: `ſ`, `ϐ`, `ẞ`, `İ`…).
 *
 * Two characters do not map one to one, and the table leaves them to the pattern builder:
 * - `İ` (U+0130) lowercases to two characters, `i` + U+0307 COMBINING DOT ABOVE.
 * - `Σ` (U+03A3) lowercases to `ς` at the end of a word and to `σ` elsewhere (Final_Sigma). The
 *   table lists it under `σ` only, its context-free mapping.
 */

/** Block sizes of the scan: a block whose lowercase is itself is skipped whole, others split. */
const BLOCKS = [4096, 256, 16] as const;

let table: ReadonlyMap<string, readonly string[]> | undefined;

/**
 * Every character (one code point each) whose lowercase, taken alone, is exactly `lower`;
 * `lower` itself comes first when it is its own lowercase. Characters that lowercase to more
 * than one code point (only `İ`) are in no list.
 *
 * @example
 * ```ts
 * lowercasePreimage('k'); // ['k', 'K', 'K'] (the last is U+212A KELVIN SIGN)
 * lowercasePreimage('1'); // ['1']
 * ```
 */
export function lowercasePreimage(lower: string): readonly string[] {
  table ??= buildTable();
  const sources = table.get(lower) ?? [];
  return lower.toLowerCase() === lower ? [lower, ...sources] : sources;
}

/** Scans all code points once (milliseconds: most of the code space has no case at all). */
function buildTable(): ReadonlyMap<string, readonly string[]> {
  const map = new Map<string, string[]>();
  const scan = (start: number, size: number, level: number): void => {
    const codePoints: number[] = [];
    for (let cp = start; cp < start + size && cp <= 0x10ffff; cp++) if (cp < 0xd800 || cp > 0xdfff) codePoints.push(cp);
    const block = String.fromCodePoint(...codePoints);
    if (block.toLowerCase() === block) return;
    const smaller = BLOCKS[level + 1];
    if (smaller !== undefined) {
      for (let s = start; s < start + size; s += smaller) scan(s, smaller, level + 1);
      return;
    }
    for (const cp of codePoints) {
      const c = String.fromCodePoint(cp);
      const l = c.toLowerCase();
      if (l === c || [...l].length !== 1) continue;
      const list = map.get(l);
      if (list) list.push(c);
      else map.set(l, [c]);
    }
  };
  for (let start = 0; start <= 0x10ffff; start += BLOCKS[0]) scan(start, BLOCKS[0], 0);
  return map;
}
