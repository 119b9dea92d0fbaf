/**
 * Cursor paging over a {@link ListStore}: the records of one page and whether a non-empty page
 * exists on either side, so links are given exactly when following them shows records.
 */
import { optionError } from '../errors/tql-error.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import type { Cursor } from './list-params.js';
import type { Keyed, ListStore, SortKey } from './list-store.js';

/** One page of a list, and where the pages before and after it start. */
export interface Page<T> {
  /** In list order: newest first. */
  readonly items: readonly Keyed<T>[];
  /** The id for `starting_after` of the next page, when that page has records. */
  readonly nextAfter: string | undefined;
  /** The id for `ending_before` of the previous page, when that page has records. */
  readonly previousBefore: string | undefined;
}

/**
 * Reads one page: the first one, the one after `starting_after` or the one before
 * `ending_before`. One extra record is read to know whether the list goes on, and one probe in
 * the other direction answers whether it goes back. A page reached by a cursor always leads
 * back when records lie on the other side, also when it is empty: from the cursor's record,
 * so `ending_before` the newest record links on to the records after it. Throws a
 * `TqlError` (`invalid_option`) when the cursor names no record.
 *
 * @example
 * ```ts
 * const page = await readPage(memoryListStore(agents), query, { kind: 'starting_after', id: 'agnt_x' }, 20);
 * page.items.length; // up to 20
 * ```
 */
export async function readPage<T>(
  store: ListStore<T>,
  query: ValidatedQuery | undefined,
  cursor: Cursor | undefined,
  limit: number,
): Promise<Page<T>> {
  if (cursor === undefined) {
    const rows = await store.page(query, { direction: 'older', from: undefined, limit: limit + 1 });
    const items = rows.slice(0, limit);
    return { items, nextAfter: rows.length > limit ? items.at(-1)!.key.id : undefined, previousBefore: undefined };
  }
  const from = await store.keyOf(cursor.id);
  if (from === undefined) {
    throw optionError(`${cursor.kind}: there is no record with id ${JSON.stringify(cursor.id)}; use an id from a list response.`);
  }
  /** Whether records lie beyond `key` in `direction`: one probe. */
  const beyond = async (key: SortKey, direction: 'older' | 'newer') => (await store.page(query, { direction, from: key, limit: 1 })).length > 0;
  if (cursor.kind === 'starting_after') {
    const rows = await store.page(query, { direction: 'older', from, limit: limit + 1 });
    const items = rows.slice(0, limit);
    // An empty page still leads back, from the cursor itself: the records newer than it.
    const first = items[0]?.key ?? from;
    return {
      items,
      nextAfter: rows.length > limit ? items.at(-1)!.key.id : undefined,
      previousBefore: (await beyond(first, 'newer')) ? first.id : undefined,
    };
  }
  const rows = await store.page(query, { direction: 'newer', from, limit: limit + 1 });
  const items = rows.slice(0, limit).reverse();
  // An empty page (ending_before the newest record) still leads on, from the cursor itself.
  const last = items.at(-1)?.key ?? from;
  return {
    items,
    nextAfter: (await beyond(last, 'older')) ? last.id : undefined,
    previousBefore: rows.length > limit ? items[0]!.key.id : undefined,
  };
}
