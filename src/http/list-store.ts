/**
 * What a list endpoint reads records from. Lists are newest first: by `created_at` descending,
 * then by `id` descending (compared as code units: byte order in SQL, the same for ASCII ids)
 * between records created in the same second, so every record has one place in the order.
 */
import type { ValidatedQuery } from '../validate/validated-query.js';
import type { Cursor } from './list-params.js';

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

/**
 * Where a page link leads: the page after or before a record, or the first page (the link
 * without a cursor).
 */
export type PageLink = { readonly kind: 'starting_after' | 'ending_before'; readonly id: string } | { readonly kind: 'first' };

/** One page of a list, and the links to the pages on either side of it. */
export interface Page<T> {
  /** In list order: newest first. */
  readonly items: readonly Keyed<T>[];
  /** The page after this one, when it has records. */
  readonly next: PageLink | undefined;
  /** The page before this one, when it has records. */
  readonly previous: PageLink | undefined;
}

/** A source of records for {@link createListEndpoint}: memory, SQL, MongoDB or your own. */
export interface ListStore<T> {
  /**
   * Optional: the whole page with its links in one round trip to the database (the SQL store
   * has it). Without it, the page is read with `keyOf` and `page`, which takes a few. It must
   * answer as those would, and throw a `TqlError` (`invalid_option`) for a cursor that names
   * no record.
   */
  readPage?(query: ValidatedQuery | undefined, cursor: Cursor | undefined, limit: number): Promise<Page<T>>;
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
