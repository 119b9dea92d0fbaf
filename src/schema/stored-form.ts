/**
 * How a source's stored value is read before it is compared: the one place every backend, the
 * validator and the testing kit ask, whatever the kind of source.
 */
import type { AttributeSource } from './types.js';

/**
 * The prefix a source's stored values may carry without it counting, if it declares one: one
 * leading occurrence is dropped from the stored value and from the query's value.
 *
 * @example
 * ```ts
 * ignoredPrefix({ kind: 'field', field: 'ticket', ignorePrefix: '#' }); // '#'
 * ignoredPrefix({ kind: 'field', field: 'name' });                      // undefined
 * ```
 */
export function ignoredPrefix(source: AttributeSource): string | undefined {
  return source.ignorePrefix;
}

/**
 * `text` with one leading `prefix` dropped, as a stored value is read.
 *
 * @example
 * ```ts
 * withoutIgnoredPrefix('#1234', '#'); // '1234'
 * withoutIgnoredPrefix('##7', '#');   // '#7'
 * ```
 */
export function withoutIgnoredPrefix(text: string, prefix: string): string {
  return text.startsWith(prefix) ? text.slice(prefix.length) : text;
}
