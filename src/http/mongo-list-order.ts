/**
 * How the Mongo list store reads and bounds `created_at` in each storage: the list orders
 * records by the whole second of `created_at`, then by id, and pages by conditions on the stored
 * value that keep to the `created_at` index.
 */
import { optionError } from '../errors/tql-error.js';
import type { TimestampStorage, TimestampStorageDefinition, TimestampStorageKind } from '../schema/types.js';
import type { Direction, SortKey } from './list-store.js';
import { createdAtStorage, recordKey } from './record-key.js';

/** A filter document of the list store. */
export type MongoListFilter = Record<string, unknown>;

/** How the list order reads and bounds the stored `created_at`. */
export interface MongoListOrder {
  /** The record's place in the list; a `TqlError` (`invalid_input`) naming `what` when it has none. */
  key(record: unknown, what: string): SortKey;
  /** The documents strictly beyond `k` in `direction`. */
  beyond(k: SortKey, direction: Direction): MongoListFilter;
  /** The documents created in the whole second `s`. */
  within(s: number): MongoListFilter;
  /**
   * Whether stored values may fall inside a second: then the engine's order (by the stored
   * value) can differ from the list's (by whole second, then id) among records of one second.
   */
  readonly fractions: boolean;
}

/** One list order per storage kind: a new kind does not compile until the store pages by it. */
const LIST_ORDERS: { readonly [K in TimestampStorageKind]: (storage: Extract<TimestampStorage, { kind: K }>) => MongoListOrder } = {
  // Integers, as the other stores read them (recordKey), compared as they are.
  unix_seconds: () => ({
    key: recordKey,
    beyond: (k, direction) => {
      const op = direction === 'older' ? '$lt' : '$gt';
      return { $or: [{ created_at: { [op]: k.createdAt } }, { created_at: { $eq: k.createdAt }, id: { [op]: k.id } }] };
    },
    within: (s) => ({ created_at: { $eq: s } }),
    fractions: false,
  }),
  unix_milliseconds: (storage) => rangeOrder(storage, (s) => s * 1000),
  date: (storage) => rangeOrder(storage, (s) => new Date(s * 1000)),
  iso_text: () => {
    throw optionError(
      'mongoListStore pages by created_at as MongoDB sorts it, and MongoDB sorts ISO-8601 text as text, not by instant: ' +
        'store created_at as a BSON date (createdAt: "date") or as Unix seconds or milliseconds.',
    );
  },
};

/** A list order over values that may hold a fraction of a second: second `s` is `[bound(s), bound(s + 1))`. */
function rangeOrder(storage: TimestampStorage, bound: (s: number) => number | Date): MongoListOrder {
  const within = (s: number): MongoListFilter => ({ created_at: { $gte: bound(s), $lt: bound(s + 1) } });
  return {
    // The whole second as every store reads it; a getter that throws is an invalid_input too.
    key: (record, what) => recordKey(record, what, storage),
    beyond: (k, direction) =>
      direction === 'older'
        ? { $or: [{ created_at: { $lt: bound(k.createdAt) } }, { ...within(k.createdAt), id: { $lt: k.id } }] }
        : { $or: [{ created_at: { $gte: bound(k.createdAt + 1) } }, { ...within(k.createdAt), id: { $gt: k.id } }] },
    within,
    fractions: true,
  };
}

/**
 * The list order for the declared storage of `created_at`; a `TqlError` (`invalid_option`) for
 * a storage that is none or that MongoDB cannot page by.
 *
 * @example
 * ```ts
 * mongoListOrder('date').within(1700000000);
 * // { created_at: { $gte: new Date(1700000000000), $lt: new Date(1700000001000) } }
 * ```
 */
export function mongoListOrder(definition: TimestampStorageDefinition | undefined): MongoListOrder {
  const storage = createdAtStorage(definition, "mongoListStore's createdAt option");
  // The table is keyed by kind, so the storage matches its entry; TS cannot see the correlation.
  return (LIST_ORDERS[storage.kind] as (s: TimestampStorage) => MongoListOrder)(storage);
}
