/**
 * `storedSeconds` and `storedWholeSeconds` as the package exports them: the storage argument
 * read through the core's guard (each field once, a throwing getter an `invalid_option`) and
 * checked as `defineSchema` checks a Timestamp's storage, so a zone this runtime does not know
 * or a storage that is none is a `TqlError`, never a RangeError from `Intl` or a TypeError.
 */
import { describeValue } from '../errors/describe-value.js';
import { readOptions } from '../errors/read-options.js';
import { inputError, isTqlError, optionError } from '../errors/tql-error.js';
import { timestampStorage } from '../schema/define-schema.js';
import { secondsReader, wholeSecondsReader, type SecondsReader } from '../schema/stored-instant.js';
import type { TimestampStorage } from '../schema/types.js';

/** `storage` checked and with its defaults, or an `invalid_option` naming `fn`. */
function checkedStorage(fn: string, storage: unknown): TimestampStorage {
  const fields = typeof storage === 'string' ? storage : typeof storage === 'object' && storage !== null ? readOptions(fn, storage as { kind?: unknown; timeZone?: unknown }, ['kind', 'timeZone']) : undefined;
  if (fields === undefined) {
    throw optionError(`${fn}: storage is a Timestamp attribute's storage, such as { kind: "unix_seconds" } or { kind: "iso_text", timeZone: "Europe/Paris" } (attribute.storage), not ${describeValue(storage)}.`);
  }
  let problem: string | undefined;
  const checked = timestampStorage(fields, (message) => (problem ??= message));
  if (problem !== undefined) throw optionError(`${fn}: ${problem}; pass the storage of a Timestamp attribute (attribute.storage).`);
  return checked;
}

/** `reader(value)`; what reading the value throws (a getter, a proxy) is an `invalid_input`. */
function readValue(fn: string, reader: SecondsReader, value: unknown): number | undefined {
  try {
    return reader(value);
  } catch (error) {
    if (isTqlError(error)) throw error;
    throw inputError(`${fn} could not read the value: reading it threw an exception (a getter or a proxy trap). Pass the value as the record stores it.`);
  }
}

/**
 * The instant a record stores, in seconds since 1970-01-01T00:00Z with any fraction, or
 * undefined when `value` is not a valid instant of `storage`. Large values with a fraction may
 * be rounded to the nearest double (`1700000000.999999999` is `1700000001`): compare whole
 * seconds with {@link storedWholeSeconds}, which is exact. A storage that is none, or names a
 * zone this runtime does not know, is an `invalid_option`.
 *
 * @example
 * ```ts
 * storedSeconds(1714555800123, { kind: 'unix_milliseconds' }); // 1714555800.123
 * storedSeconds('2024-05-01 09:30:00.5+02', { kind: 'iso_text', timeZone: 'UTC' }); // 1714548600.5
 * storedSeconds('2023-02-30', { kind: 'iso_text', timeZone: 'UTC' }); // undefined: no such day
 * ```
 */
export function storedSeconds(value: unknown, storage: TimestampStorage): number | undefined {
  return readValue('storedSeconds', secondsReader(checkedStorage('storedSeconds', storage)), value);
}

/**
 * The whole second a stored instant counts as (its seconds floored, exactly), or undefined when
 * `value` is not a valid instant of `storage`: what every filter compares (`EQ t` matches the
 * records where this is `t`). A storage that is none is an `invalid_option`, as for
 * {@link storedSeconds}.
 *
 * @example
 * ```ts
 * storedWholeSeconds(-0.5, { kind: 'unix_seconds' }); // -1
 * storedWholeSeconds('2024-03-31T02:30', { kind: 'iso_text', timeZone: 'Europe/Berlin' }); // 1711848600 (01:30Z)
 * ```
 */
export function storedWholeSeconds(value: unknown, storage: TimestampStorage): number | undefined {
  return readValue('storedWholeSeconds', wholeSecondsReader(checkedStorage('storedWholeSeconds', storage)), value);
}
