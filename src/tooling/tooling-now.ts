/** The `now` option of the editor tools: one clock, in Unix milliseconds, for completion and hover. */
import { describeValue } from '../errors/describe-value.js';
import { optionError } from '../errors/tql-error.js';

/** The end of the year 9999: the last instant a query can write as a date. */
const LAST_WRITABLE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * The tools' `now` in Unix milliseconds: the real clock by default; else a number whose date,
 * time and Unix seconds a query can write (1970 to the end of 9999), or an `invalid_option`.
 *
 * @example
 * ```ts
 * toolingNow(1700000000000); // 1700000000000
 * toolingNow(undefined);     // Date.now()
 * toolingNow(1e20);          // throws TqlError invalid_option
 * ```
 */
export function toolingNow(now: unknown): number {
  if (now === undefined || now === null) return Date.now();
  if (typeof now !== 'number' || !(now >= 0 && now <= LAST_WRITABLE_MS)) {
    throw optionError(`now is a time in Unix milliseconds from 0 (1970) to ${LAST_WRITABLE_MS} (the end of 9999), such as Date.now(), not ${describeValue(now)}.`);
  }
  return now;
}
