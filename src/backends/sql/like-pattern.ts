/** LIKE patterns in which every character of the needle is literal. */
import type { TextPlace } from '../../schema/operators.js';

/** The escape character of {@link containsPattern} unless a dialect names another (`SqlDialect.likeEscape`). */
export const LIKE_ESCAPE = '\\';

/** The characters standard `LIKE` reads as wildcards; a dialect names more (`SqlDialect.likeWildcards`: T-SQL's `[`). */
export const LIKE_WILDCARDS = '%_';

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
 * Every character of the needle is literal, as in {@link containsPattern}: the escape character
 * and each of `wildcards` (default `%_`; T-SQL's LIKE also reads `[`) are escaped with `escape`.
 *
 * @example
 * ```ts
 * textPattern('50%', 'start');             // '50\\%%'  (the text 50\%%)
 * textPattern('son', 'end');               // '%son'
 * textPattern('[a]', 'anywhere', '\\', '%_['); // '%\\[a]%' (the text %\[a]%)
 * ```
 */
export function textPattern(needle: string, place: TextPlace, escape: string = LIKE_ESCAPE, wildcards: string = LIKE_WILDCARDS): string {
  // Most needles hold none of them: a few native scans instead of rewrites and a regex.
  if (!needle.includes(escape) && ![...wildcards].some((w) => needle.includes(w))) return WILDCARDS[place](needle);
  // One pass, so the escapes added are never escaped again.
  let escaped = '';
  for (const ch of needle) escaped += ch === escape || wildcards.includes(ch) ? escape + ch : ch;
  return WILDCARDS[place](escaped);
}

/** What a dialect says of its LIKE patterns: `SqlDialect.likeEscape` and `SqlDialect.likeWildcards`. */
export interface LikeSyntax {
  readonly likeEscape?: string | undefined;
  readonly likeWildcards?: string | undefined;
}

/**
 * The pattern a dialect's `like()` is bound to for `needle` at `place`: every character of the
 * needle literal, escaped as the dialect's LIKE reads them.
 *
 * @example
 * ```ts
 * likePattern(mysql, '50%', 'anywhere');                              // '%50!%%'
 * likePattern({ likeWildcards: '%_[' }, '[a]', 'anywhere'); // '%\\[a]%'
 * ```
 */
export function likePattern(syntax: LikeSyntax, needle: string, place: TextPlace): string {
  return textPattern(needle, place, syntax.likeEscape ?? LIKE_ESCAPE, syntax.likeWildcards ?? LIKE_WILDCARDS);
}
