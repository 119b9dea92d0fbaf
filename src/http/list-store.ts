/**
 * What a list endpoint reads records from: pages of the records matching a filter, in a
 * {@link ListOrder} (the request's `sort`, the record's key last), from a place in that order.
 */
import { describeValue } from '../errors/describe-value.js';
import { readOptions } from '../errors/read-options.js';
import { optionError } from '../errors/tql-error.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import type { ListKey, ListOrder } from './list-order.js';

export { compareListOrder, type ListKey, type ListOrder, type OrderKey, type SortValue } from './list-order.js';

/** `forward`: down the list, towards its last page. `backward`: up, towards the first. */
export type Direction = 'forward' | 'backward';

/** A slice of the list: records strictly beyond `from` (or from the end) in `direction`. */
export interface PageWindow {
  readonly order: ListOrder;
  readonly direction: Direction;
  /** Exclusive; undefined starts at the list's first record (`forward`) or its last (`backward`). */
  readonly from: ListKey | undefined;
  /** The most records to return, at least 1. */
  readonly limit: number;
}

/** A record with its place in the order. */
export interface Keyed<T> {
  readonly key: ListKey;
  readonly record: T;
}

/**
 * Where a cursor puts the page: past the record with this key (`starting_after` /
 * `ending_before`, whose place the store looks up), or past a place a cursor token carries.
 */
export type PageStart = { readonly kind: 'record'; readonly id: string | number } | { readonly kind: 'key'; readonly key: ListKey };

/** What one page request asks a store for. */
export interface PageRequest {
  readonly query: ValidatedQuery | undefined;
  readonly order: ListOrder;
  /** Undefined for the first page. */
  readonly cursor: { readonly direction: Direction; readonly start: PageStart } | undefined;
  readonly limit: number;
  /** Whether the page also counts every matching record (`total_count`). */
  readonly count: boolean;
}

/**
 * Where a page link leads: the page after or before a place in the list, or the first page (the
 * link without a cursor).
 */
export type PageLink = { readonly kind: 'after' | 'before'; readonly key: ListKey } | { readonly kind: 'first' };

/** One page of a list, and the links to the pages on either side of it. */
export interface Page<T> {
  /** In list order. */
  readonly items: readonly Keyed<T>[];
  /** The page after this one, when it has records. */
  readonly next: PageLink | undefined;
  /** The page before this one, when it has records. */
  readonly previous: PageLink | undefined;
  /** Every record the filter matches, when the request asked for the count. */
  readonly totalCount?: number | undefined;
}

/** A source of records for {@link createListEndpoint}: memory, SQL, MongoDB or your own. */
export interface ListStore<T> {
  /**
   * Optional: the whole page with its links (and count) in one round trip to the database (the
   * SQL store has it). Without it, the page is read with `keyOf`, `page` and `count`, which takes
   * a few. It must answer as those would; undefined when the cursor names no record.
   */
  readPage?(request: PageRequest): Promise<Page<T> | undefined>;
  /** The place in `order` of the record with this key, whether it matches a filter or not; undefined when there is none. */
  keyOf(id: string | number, order: ListOrder): Promise<ListKey | undefined>;
  /**
   * Up to `window.limit` records matching `query` (every record when it is undefined) in the
   * window, nearest to `window.from` first.
   */
  page(query: ValidatedQuery | undefined, window: PageWindow): Promise<Keyed<T>[]>;
  /** Optional: how many records match `query`. Without it, the endpoint refuses `total_count`. */
  count?(query: ValidatedQuery | undefined): Promise<number>;
}

/**
 * Throws unless `store` has what a list endpoint calls: `keyOf` and `page` (`readPage` and
 * `count` are optional, but functions when given). Read through the options guard, so a getter
 * that throws is an `invalid_option` too.
 *
 * @example
 * ```ts
 * checkStore('createListEndpoint', memoryListStore(agents, { schema, entity: 'agent' })); // passes
 * checkStore('createListEndpoint', null); // throws invalid_option
 * ```
 */
export function checkStore(fn: string, store: unknown): void {
  const wanted = `${fn}: store is a list store (sqlListStore, memoryListStore, mongoListStore, or an object with keyOf and page)`;
  if (typeof store !== 'object' || store === null) throw optionError(`${wanted}, not ${describeValue(store)}.`);
  const methods = readOptions(fn, store as Record<string, unknown>, ['keyOf', 'page', 'readPage', 'count']);
  const wrong = (['keyOf', 'page', 'readPage', 'count'] as const).filter((m) => (m === 'keyOf' || m === 'page' || methods[m] !== undefined) && typeof methods[m] !== 'function');
  if (wrong.length > 0) throw optionError(`${wanted}; its ${wrong.join(' and ')} ${wrong.length === 1 ? 'is not a function' : 'are not functions'}.`);
}
