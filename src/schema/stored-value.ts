/**
 * Reading the value a record stores for a `Boolean` or `Number` attribute in a declared value
 * storage (types.ts, ValueStorage; docs/schema.md, How records store a Boolean or a Number). A
 * stored value that is not a value of its storage has no value. Every backend's answer is
 * defined by these readers: the in-memory backend calls them, and the testing kit checks the
 * other backends against it.
 */
import type { ValueStorage } from './types.js';

/**
 * Decimal text: an optional sign, digits, an optional fraction. No exponent, no spaces, no
 * `Infinity`: PostgreSQL's `numeric` and MySQL's `DECIMAL` reach JavaScript in this form.
 */
const DECIMAL_TEXT = /^[+-]?[0-9]+(?:\.[0-9]+)?$/;

/** One reader per storage: a new storage does not compile until its values can be read. */
const READERS: { readonly [K in ValueStorage]: (x: unknown) => boolean | number | undefined } = {
  zero_one: (x) => (x === 1 ? true : x === 0 ? false : undefined),
  decimal_text: (x) => {
    if (typeof x !== 'string' || !DECIMAL_TEXT.test(x)) return undefined;
    const n = Number(x);
    // A text past the largest double (over 308 digits) still orders above every bound.
    return n === Infinity ? Number.MAX_VALUE : n === -Infinity ? -Number.MAX_VALUE : n;
  },
};

/**
 * The value `x` stands for in `storage` (a boolean, or the nearest finite double), or undefined
 * when it is none: for `zero_one` only the numbers 1 and 0 are values; for `decimal_text` only
 * texts of the decimal grammar. The reader to call per record.
 *
 * @example
 * ```ts
 * storedValueReader('zero_one')(1); // true
 * storedValueReader('zero_one')(2); // undefined
 * storedValueReader('decimal_text')('9.99'); // 9.99
 * storedValueReader('decimal_text')('1e3'); // undefined
 * ```
 */
export function storedValueReader(storage: ValueStorage): (x: unknown) => boolean | number | undefined {
  return READERS[storage];
}
