/**
 * Cursor paging over a {@link ListStore}: the records of one page and whether a non-empty page
 * exists on either side, so links are given exactly when following them shows records.
 */
import { optionError } from '../errors/tql-error.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import type { Cursor } from './list-params.js';
import type { Keyed, ListStore } from './list-store.js';

/** One page of a list, and whether there are records before and after it. */
export interface Page<T> {
  /** In list order: newest first. */
  readonly items: readonly Keyed<T>[];
  readonly hasNext: boolean;
  readonly hasPrevious: boolean;
}

/**
 * Reads one page: the first one, the one after `starting_after` or the one before
 * `ending_before`. One extra record is read to know whether the list goes on, and one probe in
 * the other direction answers whether it goes back. An empty page has no links. Throws a
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
    return { items: rows.slice(0, limit), hasNext: rows.length > limit, hasPrevious: false };
  }
  const from = await store.keyOf(cursor.id);
  if (from === undefined) {
    throw optionError(`${cursor.kind}: there is no record with id ${JSON.stringify(cursor.id)}; use an id from a list response.`);
  }
  if (cursor.kind === 'starting_after') {
    const rows = await store.page(query, { direction: 'older', from, limit: limit + 1 });
    const items = rows.slice(0, limit);
    const first = items[0];
    const hasPrevious = first !== undefined && (await store.page(query, { direction: 'newer', from: first.key, limit: 1 })).length > 0;
    return { items, hasNext: rows.length > limit, hasPrevious };
  }
  const rows = await store.page(query, { direction: 'newer', from, limit: limit + 1 });
  const items = rows.slice(0, limit).reverse();
  const last = items.at(-1);
  const hasNext = last !== undefined && (await store.page(query, { direction: 'older', from: last.key, limit: 1 })).length > 0;
  return { items, hasNext, hasPrevious: rows.length > limit };
}
