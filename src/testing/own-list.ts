/**
 * Lists handed to `tql/testing` (records, ids a backend returned) read as the in-memory backend
 * reads a record's lists: own elements only, holes skipped, and an array longer than 4,096
 * walked by its own keys, so a sparse array of length 2^32 − 1 costs what its few elements cost.
 */
import { someOwnElement } from '../backends/memory/element-scan.js';
import { isArrayOption } from '../errors/read-options.js';
import { describeValue } from '../errors/describe-value.js';
import { inputError } from '../errors/tql-error.js';

/**
 * The own elements of `list`, in order; anything but an array is an `invalid_input` naming
 * `what` (such as `sortedIds: the ids`).
 *
 * @example
 * ```ts
 * ownElements('sortedIds: the ids', [1, , 2]); // [1, 2]
 * ownElements('sortedIds: the ids', null); // throws invalid_input
 * ```
 */
export function ownElements(what: string, list: unknown): unknown[] {
  if (!isArrayOption(list)) throw inputError(`${what} are an array, not ${describeValue(list)}.`);
  const out: unknown[] = [];
  try {
    someOwnElement(list as readonly unknown[], (e) => {
      out.push(e);
      return false;
    });
  } catch {
    throw inputError(`${what}: reading an element threw an exception (a getter or a proxy trap); pass plain arrays.`);
  }
  return out;
}

/**
 * `String(id)`, or an `invalid_input` naming `what` when the value cannot be written as text
 * (an object without a prototype, a `toString` that throws).
 *
 * @example
 * ```ts
 * idText('sortedIds: the ids', 10n); // '10'
 * ```
 */
export function idText(what: string, id: unknown): string {
  try {
    return String(id);
  } catch {
    throw inputError(`${what} are written as text with String(), and one could not be (${typeof id === 'object' ? 'an object without toString' : typeof id}); return ids as strings, numbers or bigints.`);
  }
}
