/**
 * The checks `complete`, `hover` and `warnings` make on their arguments before reading them, so a
 * caller in plain JavaScript gets a TqlError, as from `check`, and never a TypeError from deep
 * inside nor what a getter of its options threw.
 */
import { describeValue } from '../errors/describe-value.js';
import { clampOffset } from '../errors/position.js';
import { isArrayOption, readOptions } from '../errors/read-options.js';
import { inputError, optionError } from '../errors/tql-error.js';

/**
 * The text and the cursor in it: a text that is not a string and an offset that is not a number
 * are `invalid_input`; a number is taken as the nearest place in the text (NaN as its start).
 *
 * @example
 * ```ts
 * textAndOffset('complete', 'agent.na', 99); // { text: 'agent.na', at: 8 }
 * textAndOffset('hover', null, 0);           // throws TqlError invalid_input
 * ```
 */
export function textAndOffset(fn: string, text: unknown, offset: unknown): { text: string; at: number } {
  if (typeof text !== 'string') throw inputError(`${fn} takes the query text as a string, not ${describeValue(text)}.`);
  if (typeof offset !== 'number') {
    throw inputError(`${fn} takes the cursor as a number (UTF-16 code units from the start of the text), not ${describeValue(offset)}.`);
  }
  return { text, at: clampOffset(offset, text.length) };
}

/**
 * The options among `names`, read once ({@link readOptions}): `{}` for `undefined` and `null`
 * (plain JavaScript callers pass null where the types say undefined); anything else that is not
 * an object, and a getter or proxy trap that throws, is `invalid_option`.
 *
 * @example
 * ```ts
 * optionsOf('hover', null, ['profile']);       // {}
 * optionsOf('hover', 'timezest', ['profile']); // throws TqlError invalid_option
 * ```
 */
export function optionsOf<T extends object, K extends keyof T & string>(fn: string, options: T | null | undefined, names: readonly K[]): { readonly [P in K]?: T[P] } {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || isArrayOption(options)) {
    throw optionError(`${fn}'s options are an object such as { profile: "timezest" }, not ${describeValue(options)}.`);
  }
  return readOptions(fn, options, names);
}
