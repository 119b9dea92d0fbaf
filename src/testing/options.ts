/**
 * Reading the options of the `tql/testing` functions: each read once (readOptions), each
 * checked against the kind it must be, so a wrong option is an `invalid_option` that says what
 * to pass rather than a confusing failure deep inside a property.
 */
import { describeValue } from '../errors/describe-value.js';
import { readOptions } from '../errors/read-options.js';
import { optionError } from '../errors/tql-error.js';

/** The kinds of option value: a boolean, a string, a whole number ≥ 0, a positive whole number. */
export type OptionKind = 'boolean' | 'string' | 'count' | 'positive';

/** The value type of each kind. */
interface OptionValues {
  boolean: boolean;
  string: string;
  count: number;
  positive: number;
}

const IS: { readonly [K in OptionKind]: (v: unknown) => boolean } = {
  boolean: (v) => typeof v === 'boolean',
  string: (v) => typeof v === 'string' && v !== '',
  count: (v) => Number.isSafeInteger(v) && (v as number) >= 0,
  positive: (v) => Number.isSafeInteger(v) && (v as number) >= 1,
};

const WANTED: { readonly [K in OptionKind]: string } = {
  boolean: 'true or false',
  string: 'a non-empty string',
  count: 'a whole number ≥ 0',
  positive: 'a whole number ≥ 1',
};

/**
 * The options named in `spec`, each undefined or of its kind; anything else is an
 * `invalid_option` naming `fn`, the option and what it takes.
 *
 * @example
 * ```ts
 * readTestingOptions('datasetArbitrary', { size: 5 }, { size: 'count' }); // { size: 5 }
 * readTestingOptions('datasetArbitrary', { size: -1 }, { size: 'count' }); // throws invalid_option
 * ```
 */
export function readTestingOptions<S extends Readonly<Record<string, OptionKind>>>(fn: string, options: object | undefined, spec: S): { readonly [K in keyof S]?: OptionValues[S[K]] } {
  const names = Object.keys(spec);
  const read = readOptions(fn, options as Record<string, unknown> | undefined, names) as Record<string, unknown>;
  for (const name of names) {
    const v = read[name];
    if (v !== undefined && !IS[spec[name]!](v)) throw optionError(`${fn}: ${name} is ${WANTED[spec[name]!]}, not ${describeValue(v)}.`);
  }
  return read as { readonly [K in keyof S]?: OptionValues[S[K]] };
}
