/** Phrases that error messages share. */

/**
 * `a`, `a or b`, `a, b or c`: the choices a message offers.
 *
 * @example
 * ```ts
 * orList(['EQ', 'NOT_EQ', 'IN']); // 'EQ, NOT_EQ or IN'
 * ```
 */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/**
 * `a`, `a and b`, `a, b and c`: all of several things.
 *
 * @example
 * ```ts
 * andList(['LIKE', 'NOT_LIKE', 'STARTS_WITH']); // 'LIKE, NOT_LIKE and STARTS_WITH'
 * ```
 */
export function andList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Words that begin with a vowel letter and a consonant sound: a uuid, a unique key, a one-to-many relation. */
const CONSONANT_SOUND = /^(?:uu|uni|use|usu|uti|one)/i;

/**
 * A type's name (or an SQL type's, in any case) after `a` or `an` as it is spoken: `a String`,
 * `an ID`, `an int8`, `an object`, `a uuid`.
 *
 * @example
 * ```ts
 * withArticle('ID'); // 'an ID'
 * withArticle('int8'); // 'an int8'
 * withArticle('uuid'); // 'a uuid'
 * ```
 */
export function withArticle(type: string): string {
  return `${/^[aeiou]/i.test(type) && !CONSONANT_SOUND.test(type) ? 'an' : 'a'} ${type}`;
}
