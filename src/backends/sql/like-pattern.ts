/** LIKE patterns in which every character of the needle is literal. */
import type { TextPlace } from '../../schema/operators.js';

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
  return textPattern(needle, 'anywhere', escape);
}

/** Where the `%` wildcards go around the escaped needle, for each place a text test looks. */
const WILDCARDS: { readonly [P in TextPlace]: (escaped: string) => string } = {
  anywhere: (x) => `%${x}%`,
  start: (x) => `${x}%`,
  end: (x) => `%${x}`,
};

/**
 * A `LIKE` pattern matching any text that has `needle` at `place`: anywhere (`LIKE`), at the
 * start (`STARTS_WITH`: `x%`, which an index on the text can serve) or at the end (`ENDS_WITH`).
 * Every character of the needle is literal, as in {@link containsPattern}.
 *
 * @example
 * ```ts
 * textPattern('50%', 'start'); // '50\\%%'  (the text 50\%%)
 * textPattern('son', 'end');   // '%son'
 * ```
 */
export function textPattern(needle: string, place: TextPlace, escape: string = LIKE_ESCAPE): string {
  // Most needles hold none of the three: three native scans instead of two rewrites and a regex.
  if (!needle.includes('%') && !needle.includes('_') && !needle.includes(escape)) return WILDCARDS[place](needle);
  // The escape character is doubled first, so the escapes added after it stay single.
  return WILDCARDS[place](needle.replaceAll(escape, escape + escape).replace(/[%_]/g, (c) => `${escape}${c}`));
}
