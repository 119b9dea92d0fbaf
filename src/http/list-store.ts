/**
 * What a list endpoint reads records from. Lists are newest first: by `created_at` descending,
 * then by `id` descending (compared as code units: byte order in SQL, the same for ASCII ids)
 * between records created in the same second, so every record has one place in the order.
 */
import type { ValidatedQuery } from '../validate/validated-query.js';

/** A record's place in the list order. */
export interface SortKey {
  /** Unix seconds. */
  readonly createdAt: number;
  readonly id: string;
}

/** `older`: down the list, towards the last page. `newer`: up, towards the first. */
export type Direction = 'older' | 'newer';

/** A slice of the list: records strictly beyond `from` (or from the end) in `direction`. */
export interface PageWindow {
  readonly direction: Direction;
  /** Exclusive; undefined starts at the newest record (`older`) or the oldest one (`newer`). */
  readonly from: SortKey | undefined;
  /** The most records to return, at least 1. */
  readonly limit: number;
}

/** A record with its sort key. */
export interface Keyed<T> {
  readonly key: SortKey;
  readonly record: T;
}

/** A source of records for {@link createListEndpoint}: memory, SQL, MongoDB or your own. */
export interface ListStore<T> {
  /** The sort key of the record with this id, whether it matches a filter or not; undefined when there is none. */
  keyOf(id: string): Promise<SortKey | undefined>;
  /**
   * Up to `window.limit` records matching `query` (every record when it is undefined) in the
   * window, nearest to `window.from` first.
   */
  page(query: ValidatedQuery | undefined, window: PageWindow): Promise<Keyed<T>[]>;
}

/**
 * Negative when `a` comes before `b` in the list (newer first, then the larger id).
 *
 * @example
 * ```ts
 * compareListOrder({ createdAt: 20, id: 'a' }, { createdAt: 10, id: 'b' }); // < 0
 * ```
 */
export function compareListOrder(a: SortKey, b: SortKey): number {
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}
