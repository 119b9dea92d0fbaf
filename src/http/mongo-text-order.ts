/**
 * Text in the Mongo list store's sort keys, in a form whose order is code-point order in every
 * engine the store runs on.
 *
 * Lists order strings by code point (UTF-8 byte order), as MongoDB compares them. mingo, the
 * in-process engine, compares JavaScript strings by UTF-16 code unit, which agrees but where an
 * astral character (a surrogate pair, D800–DFFF) meets one of U+E000–U+FFFF: `'\uFFFF' < '😀'`
 * by code point, the other way by code unit. So the store sorts and bounds on this form instead,
 * computed in the pipeline: each character of U+E000–U+FFFF, and U+D7FF (the escape itself), gets
 * U+D7FF before it. Every other character stands for itself.
 *
 * Why this and not the alternatives: the pipeline stays one standard pipeline that MongoDB runs
 * as it is (in MongoDB the form orders as the text does: U+D7FF is below U+E000 and every astral
 * character), with no engine detection and no operators of mingo's own; re-sorting a page in the
 * store after the engine's limit cannot repair which records the limit kept. The price is a regex
 * test per string value, and a rebuild only of values that hold one of those characters.
 *
 * The form keeps order in both engines because the images make a prefix code ordered as the
 * characters are: a character below U+D7FF < (D7FF, D7FF) < (D7FF, E000…FFFF) < astral, by code
 * unit and by code point alike; and it is one-to-one, so equal forms are equal texts.
 */
import type { MongoExpression } from '../backends/mongo/filter.js';

const ESCAPE = '\uD7FF';
/** The characters that get the escape before them, as a regex class MongoDB (PCRE) and JavaScript read alike. */
const ESCAPED = '[\uD7FF\uE000-\uFFFF]';
/** Pieces of a text: one escaped character, or a run of others. */
const PIECES = `${ESCAPED}|[^\uD7FF\uE000-\uFFFF]+`;

/**
 * The form of `text` the store compares: its code-unit order is the code-point order of the texts.
 *
 * @example
 * ```ts
 * codeUnitForm('a\uFFFF'); // 'a\uD7FF\uFFFF'
 * codeUnitForm('a\uFFFF') < codeUnitForm('a😀'); // true, as by code point
 * ```
 */
export function codeUnitForm(text: string): string {
  return text.replace(/[\uD7FF\uE000-\uFFFF]/g, (c) => ESCAPE + c);
}

/**
 * {@link codeUnitForm} as an aggregation expression over `value`, an expression that gives a
 * string (`'$$x'`).
 *
 * @example
 * ```ts
 * codeUnitFormExpression('$$x'); // { $cond: [{ $regexMatch: { input: '$$x', regex: … } }, { $reduce: … }, '$$x'] }
 * ```
 */
export function codeUnitFormExpression(value: MongoExpression): MongoExpression {
  return {
    $cond: [
      { $regexMatch: { input: value, regex: ESCAPED } },
      {
        $reduce: {
          input: { $regexFindAll: { input: value, regex: PIECES } },
          initialValue: '',
          in: {
            $concat: [
              '$$value',
              { $cond: [{ $regexMatch: { input: '$$this.match', regex: `^${ESCAPED}` } }, { $concat: [ESCAPE, '$$this.match'] }, '$$this.match'] },
            ],
          },
        },
      },
      value,
    ],
  };
}
