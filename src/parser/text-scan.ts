/**
 * Character classes of TQL and small scans over the query text, shared by the limit checks,
 * the syntax-error messages and the fast path. They mirror the ranges in grammar/tql.ohm.
 */

/** Space, tab, newline, carriage return or `~`. */
export function isSepChar(code: number): boolean {
  return code === 32 || code === 126 || code === 9 || code === 10 || code === 13;
}

/** A character that may be part of a bare value: not a separator, `,`, `(`, `)` or `"`. */
export function isBareChar(code: number): boolean {
  // Letters and digits, most of every value, are above `,` (44): one test, then `~` (126).
  if (code > 44) return code !== 126;
  return !(code === 32 || code === 9 || code === 10 || code === 13 || code === 44 || code === 40 || code === 41 || code === 34);
}

/** An ASCII letter, digit or `_`. */
export function isIdentChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95
  );
}

/**
 * `text.startsWith(word, at)` by comparing character codes: for the short words of TQL
 * (keywords, operators) this is several times cheaper than the call to the built-in.
 */
export function wordAt(text: string, at: number, word: string): boolean {
  const length = word.length;
  if (at + length > text.length) return false;
  for (let i = 0; i < length; i++) {
    if (text.charCodeAt(at + i) !== word.charCodeAt(i)) return false;
  }
  return true;
}

/** The offset of the first character at or after `from` that is not a separator. */
export function skipSeps(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSepChar(text.charCodeAt(i))) i++;
  return i;
}

/** The end of the run of bare-value characters that starts at `from`. */
export function bareWordEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && isBareChar(text.charCodeAt(i))) i++;
  return i;
}

/** True when nothing but separators follows `from`. */
export function onlySepsFrom(text: string, from: number): boolean {
  return skipSeps(text, from) === text.length;
}

/** The offset just after the last character before `end` that is not a separator. */
export function skipSepsBack(text: string, end: number): number {
  let i = end;
  while (i > 0 && isSepChar(text.charCodeAt(i - 1))) i--;
  return i;
}

/** The bare word that ends just before `end`, after stepping back over separators. */
export function wordBefore(text: string, end: number): { start: number; end: number; word: string } {
  const e = skipSepsBack(text, end);
  let s = e;
  while (s > 0 && isBareChar(text.charCodeAt(s - 1))) s--;
  return { start: s, end: e, word: text.slice(s, e) };
}
