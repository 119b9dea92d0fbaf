/** Reading a record's place in the list order from its `id` and `created_at` fields. */
import { describeValue } from '../errors/describe-value.js';
import { inputError, optionError } from '../errors/tql-error.js';
import { timestampStorage } from '../schema/define-schema.js';
import { dateMilliseconds, storedWholeSeconds } from '../schema/stored-instant.js';
import type { TimestampStorage, TimestampStorageDefinition, TimestampStorageKind } from '../schema/types.js';
import type { SortKey } from './list-store.js';

const UNIX_SECONDS: TimestampStorage = Object.freeze({ kind: 'unix_seconds' });

/** What a list expects in `created_at`, by storage, for the message of a record that lacks it. */
const EXPECTED: { readonly [K in TimestampStorageKind]: string } = {
  unix_seconds: 'Unix seconds (a number such as 1714555800)',
  unix_milliseconds: 'Unix milliseconds (a number such as 1714555800000)',
  date: 'a JavaScript Date',
  iso_text: 'ISO-8601 text (such as 2024-05-01T09:30:00Z)',
};

/** Digits, as drivers that return 64-bit integers as text (node-postgres) give them. */
const INTEGER_TEXT = /^-?[0-9]+$/;

/**
 * The sort key of an API-shaped record: its `id` and the whole second its `created_at` counts
 * as, read in `storage` (the storage the schema declares for `created_at`; Unix seconds unless
 * given). Integers returned as text by drivers (node-postgres) are read as numbers. Throws a
 * `TqlError` (`invalid_input`) naming `what` and the storage expected when the record has no
 * string `id` or no valid instant in `created_at`, or cannot be read.
 *
 * @example
 * ```ts
 * recordKey({ id: 'agnt_a', created_at: 1692172402 }, 'agent'); // { createdAt: 1692172402, id: 'agnt_a' }
 * recordKey({ id: 'evt_1', created_at: new Date(1692172402500) }, 'event', { kind: 'date' }); // { createdAt: 1692172402, id: 'evt_1' }
 * ```
 */
export function recordKey(record: unknown, what: string, storage: TimestampStorage = UNIX_SECONDS): SortKey {
  let id: unknown;
  let raw: unknown;
  try {
    id = ownField(record, 'id');
    raw = ownField(record, 'created_at');
  } catch {
    // A getter or proxy trap of the record threw: nothing of it is described, which could run more.
    throw inputError(`A list reads "id" and "created_at" of every record; reading them from ${what} threw an exception.`);
  }
  const numeric = storage.kind === 'unix_seconds' || storage.kind === 'unix_milliseconds';
  const value = numeric && typeof raw === 'string' && INTEGER_TEXT.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : raw;
  const createdAt = storedWholeSeconds(value, storage);
  if (typeof id !== 'string' || createdAt === undefined) {
    throw inputError(
      `A list needs a string "id" and a "created_at" stored as ${EXPECTED[storage.kind]} on every record, the storage the schema declares for created_at; ${what} has id ${describe(id)} and created_at ${describe(raw)}.`,
    );
  }
  return { createdAt, id };
}

function ownField(record: unknown, key: string): unknown {
  return typeof record === 'object' && record !== null && Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}

/**
 * The storage of `created_at` a list store was given (as a schema attribute's `storage`, or as
 * a definition writes one), Unix seconds when none; a `TqlError` (`invalid_option`) naming
 * `option` for one that is no storage.
 *
 * @example
 * ```ts
 * createdAtStorage('date', "memoryListStore's createdAt option"); // { kind: 'date' }
 * ```
 */
export function createdAtStorage(definition: TimestampStorageDefinition | undefined, option: string): TimestampStorage {
  const problems: string[] = [];
  const storage = timestampStorage(definition, (m) => problems.push(m));
  if (problems.length > 0) throw optionError(`${option}: ${problems.join('; ')}.`);
  return storage;
}

/**
 * The string `id` of a record, for matching loaded records to the keys of their page (which came
 * from the database, so the record itself need not repeat its `created_at`). Throws a `TqlError`
 * (`invalid_input`) naming `what` when there is none.
 *
 * @example
 * ```ts
 * recordId({ id: 'tkt_1', opened_at: 1735689600 }, 'a loaded record'); // 'tkt_1'
 * ```
 */
export function recordId(record: unknown, what: string): string {
  const id = typeof record === 'object' && record !== null && Object.hasOwn(record, 'id') ? (record as { id: unknown }).id : undefined;
  if (typeof id !== 'string') throw inputError(`A list needs a string "id" on every record; ${what} has id ${describe(id)}.`);
  return id;
}

/** A value for a message, without running any of its code; a Date by its time. */
function describe(value: unknown): string {
  if (value === undefined) return 'none';
  if (!isDate(value)) return describeValue(value);
  const ms = dateMilliseconds(value);
  return Number.isNaN(ms) ? 'an invalid Date' : `a Date (${new Date(ms).toISOString()})`;
}

/** Whether the value has a Date's time slot (a real Date of any realm, valid or not). */
function isDate(value: unknown): boolean {
  try {
    getTime.call(value);
    return true;
  } catch {
    return false;
  }
}

const getTime = Date.prototype.getTime;
