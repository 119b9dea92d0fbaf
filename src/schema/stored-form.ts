/**
 * How a source's stored value is read before it is compared: the one place every backend, the
 * validator and the testing kit ask, whatever the kind of source. The steps are, in order: fold
 * case (`ignoreCase`), then drop one leading prefix (`ignorePrefix`, folded too when case is).
 */
import type { AttributeSource } from './types.js';

/** The steps of a source's declared read of its stored text. */
export interface ReadSteps {
  /**
   * The prefix one leading occurrence of which is dropped, as the text reads after folding
   * (lower-cased when {@link ignoreCase}); undefined for none.
   */
  readonly prefix: string | undefined;
  /** Whether the text is lower-cased (JavaScript `toLowerCase`) before the prefix is dropped. */
  readonly ignoreCase: boolean;
}

/**
 * The read steps a source declares, or undefined when its stored value is compared as it is.
 *
 * @example
 * ```ts
 * readSteps({ kind: 'field', field: 'ticket', ignorePrefix: '#' });                  // { prefix: '#', ignoreCase: false }
 * readSteps({ kind: 'field', field: 'code', ignorePrefix: 'T-', ignoreCase: true }); // { prefix: 't-', ignoreCase: true }
 * readSteps({ kind: 'field', field: 'name' });                                       // undefined
 * ```
 */
export function readSteps(source: AttributeSource): ReadSteps | undefined {
  const ignoreCase = source.ignoreCase === true;
  const prefix = source.ignorePrefix;
  if (prefix === undefined && !ignoreCase) return undefined;
  return { prefix: ignoreCase && prefix !== undefined ? prefix.toLowerCase() : prefix, ignoreCase };
}

/**
 * `text` read with `steps`: lower-cased if they fold case, then with one leading prefix dropped.
 * The validator reads a query's value the same way, so that both sides compare as read.
 *
 * @example
 * ```ts
 * readStored('#1234', { prefix: '#', ignoreCase: false });   // '1234'
 * readStored('##7', { prefix: '#', ignoreCase: false });     // '#7'
 * readStored('T-Ada', { prefix: 't-', ignoreCase: true });   // 'ada'
 * ```
 */
export function readStored(text: string, steps: ReadSteps): string {
  const folded = steps.ignoreCase ? text.toLowerCase() : text;
  const prefix = steps.prefix;
  return prefix !== undefined && folded.startsWith(prefix) ? folded.slice(prefix.length) : folded;
}

/**
 * The texts, as folded by `steps`, whose read is `value` (a value the validator read): `value`
 * itself unless it starts with the prefix (one leading prefix would be dropped from it), and the
 * prefix followed by `value`. Equality seeks these in the stored (folded) column, which an index
 * holds, instead of the read expression. Always two, also where one would do, so that a
 * statement's text does not depend on the values.
 *
 * @example
 * ```ts
 * storedForms('1234', { prefix: '#', ignoreCase: false }); // ['1234', '#1234']
 * storedForms('#77', { prefix: '#', ignoreCase: false });  // ['##77', '##77']
 * storedForms('ada', { prefix: undefined, ignoreCase: true }); // ['ada']
 * ```
 */
export function storedForms(value: string, steps: ReadSteps): string[] {
  const prefix = steps.prefix;
  if (prefix === undefined) return [value];
  return [value.startsWith(prefix) ? prefix + value : value, prefix + value];
}
