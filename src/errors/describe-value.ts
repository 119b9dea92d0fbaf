/** Naming a value in a message: one a caller passed, or a value written in a query. */
import { isArrayOption } from './read-options.js';

/**
 * The value as a message shows it: strings quoted (cut after 40 characters), objects by their
 * kind. Never calls the value's own conversions (`toString`, `valueOf`), which may be missing or
 * throw.
 *
 * @example
 * ```ts
 * describeValue('Mars/Base'); // '"Mars/Base"'
 * describeValue(NaN);         // 'NaN'
 * describeValue({});          // 'an object'
 * ```
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  // Asking a revoked proxy throws: it is an object.
  if (isArrayOption(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return String(value);
}
