/** LIKE patterns in which every character of the needle is literal. */

/** The escape character every pattern declares with `ESCAPE '\'`. */
export const LIKE_ESCAPE = '\\';

/**
 * A `LIKE` pattern matching any text that contains `needle`: `\`, `%` and `_` are escaped with
 * `\`, and the result is wrapped in `%…%`. Use with `ESCAPE '\'`.
 *
 * @example
 * ```ts
 * containsPattern('50%_off\\'); // '%50\\%\\_off\\\\%'  (the text %50\%\_off\\%)
 * ```
 */
export function containsPattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (c) => `${LIKE_ESCAPE}${c}`)}%`;
}
