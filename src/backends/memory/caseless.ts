/**
 * Uuids compared canonically (schema `IdFormat` `uuid`): a stored text equals the query's
 * lower-case uuid when they differ at most in the case of ASCII letters, as a PostgreSQL `uuid`
 * column compares. ASCII is enough: no other character lower-cases to a hex digit.
 */

/**
 * A test of a stored value: a text equal to `lower` (lower-case) but for the case of its ASCII
 * letters. Anything but a string has no value. Allocates nothing: the texts are compared
 * character by character, the same text first.
 *
 * @example
 * ```ts
 * const is = caselessEquals('0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a');
 * is('0B5C2A8E-4F1D-4C3B-9A7E-2D6F8E1C4B3A'); // true
 * is('0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3b'); // false
 * ```
 */
export function caselessEquals(lower: string): (x: unknown) => boolean {
  const n = lower.length;
  return (x) => typeof x === 'string' && x.length === n && (x === lower || sameButAsciiCase(x, lower));
}

/** `x` lower-cased in ASCII is `lower` (of the same length). */
function sameButAsciiCase(x: string, lower: string): boolean {
  for (let i = 0; i < x.length; i++) {
    let c = x.charCodeAt(i);
    // A–Z to a–z.
    if (c >= 65 && c <= 90) c += 32;
    if (c !== lower.charCodeAt(i)) return false;
  }
  return true;
}

/**
 * A text with its ASCII letters lower-cased, the form {@link caselessEquals} takes.
 *
 * @example
 * ```ts
 * asciiLowerCase('0B5C-É'); // '0b5c-É'
 * ```
 */
export function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}
