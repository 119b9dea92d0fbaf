/**
 * Reading the options object a caller passed to a public function, once, before anything else
 * reads it: a getter or a proxy trap that throws is an `invalid_option`, never its own exception.
 */
import { optionError } from './tql-error.js';

/**
 * The options among `names` as `options[name]` reads them (own values, inherited ones, what a
 * getter or proxy trap returns), in a plain object the function then uses throughout: each is
 * read once, so what the function checks is what it uses. A read that throws is a `TqlError`
 * (`invalid_option`) naming the function and the option, saying nothing of what was thrown
 * (describing it could run more of the caller's code). Anything that is not an object reads as
 * no options: the caller refuses it, if it must.
 *
 * @example
 * ```ts
 * readOptions('indexAdvice', { dialect: 'sqlite', extra: 1 }, ['dialect', 'mapping']); // { dialect: 'sqlite', mapping: undefined }
 * readOptions('indexAdvice', { get dialect() { throw new Error('no'); } }, ['dialect']); // throws TqlError invalid_option
 * ```
 */
export function readOptions<T extends object, K extends keyof T & string>(fn: string, options: T | null | undefined, names: readonly K[]): { readonly [P in K]?: T[P] } {
  const read: { [P in K]?: T[P] } = {};
  if (typeof options !== 'object' || options === null) return read;
  for (const name of names) read[name] = readOption(fn, options, name);
  return read;
}

/**
 * One option as {@link readOptions} reads it, without building an object: what the functions
 * every `check()` passes through use (parse's limits, validate's profile and zone).
 *
 * @example
 * ```ts
 * readOption('validate', { profile: 'timezest' }, 'profile'); // 'timezest'
 * readOption('validate', undefined, 'profile'); // undefined
 * ```
 */
export function readOption<T extends object, K extends keyof T & string>(fn: string, options: T | null | undefined, name: K): T[K] | undefined {
  if (typeof options !== 'object' || options === null) return undefined;
  try {
    return options[name];
  } catch {
    throw optionError(`${fn} could not read its option ${name}: reading it threw an exception (a getter or a proxy trap). Pass the options as plain values.`);
  }
}

/**
 * `Array.isArray(value)`, false where asking throws (a revoked proxy): such a value is then read
 * by {@link readOptions}, which says what is wrong.
 *
 * @example
 * ```ts
 * isArrayOption([]); // true
 * ```
 */
export function isArrayOption(value: unknown): boolean {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}
