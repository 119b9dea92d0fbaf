/** LIKE patterns in which every character of the needle is literal. */

/** The escape character of {@link containsPattern} unless a dialect names another (`SqlDialect.likeEscape`). */
export const LIKE_ESCAPE = '\\';

/**
 * A `LIKE` pattern matching any text that contains `needle`: the escape character, `%` and `_`
 * are escaped with `escape` (default `\`), and the result is wrapped in `%…%`. Use with
 * `ESCAPE '<escape>'`.
 *
 * @example
 * ```ts
 * containsPattern('50%_off\\'); // '%50\\%\\_off\\\\%'  (the text %50\%\_off\\%)
 * containsPattern('50%!', '!');  // '%50!%!!%'
 * ```
 */
export function containsPattern(needle: string, escape: string = LIKE_ESCAPE): string {
  // Most needles hold none of the three: three native scans instead of two rewrites and a regex.
  if (!needle.includes('%') && !needle.includes('_') && !needle.includes(escape)) return `%${needle}%`;
  // The escape character is doubled first, so the escapes added after it stay single.
  return `%${needle.replaceAll(escape, escape + escape).replace(/[%_]/g, (c) => `${escape}${c}`)}%`;
}
