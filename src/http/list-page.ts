/**
 * Cursor paging over a {@link ListStore}: the records of one page and links to the pages on
 * either side, given exactly when following them shows records, so that a client walking the
 * list both ways sees every matching record once.
 */
import { optionError } from '../errors/tql-error.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import type { Cursor } from './list-params.js';
import type { Direction, Keyed, ListStore, Page, PageLink } from './list-store.js';

export type { Page, PageLink } from './list-store.js';

/**
 * Reads one page: the first one, the one after `starting_after` or the one before
 * `ending_before`, through the store's own `readPage` when it has one. Throws a `TqlError`
 * (`invalid_option`) when the cursor names no record.
 *
 * One extra record is read to know whether the list goes on, and one probe in the other
 * direction answers whether it goes back. A page reached by a cursor with no records in it
 * (`ending_before` the newest record, `starting_after` the oldest) links to the end of the
 * list on the other side, the cursor's record included: to the first page, or to the page of
 * the oldest records (as `starting_after` the record just newer than them).
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
  if (store.readPage !== undefined) return store.readPage(query, cursor, limit);
  if (cursor === undefined) {
    const rows = await store.page(query, { direction: 'older', from: undefined, limit: limit + 1 });
    return pageOf(rows, limit, 'older', undefined);
  }
  const from = await store.keyOf(cursor.id);
  if (from === undefined) throw missingCursor(cursor);
  const direction: Direction = cursor.kind === 'starting_after' ? 'older' : 'newer';
  const rows = await store.page(query, { direction, from, limit: limit + 1 });
  // The record nearest the cursor is the page's edge towards it (its first in list order going
  // older, its last going newer). Whether matching records lie behind it: one probe.
  const edge = rows[0];
  const behind = edge === undefined ? undefined : (await store.page(query, { direction: opposite(direction), from: edge.key, limit: 1 })).length > 0;
  return pageOf(rows, limit, direction, { behind, store, query });
}

/** How the page's other side is known: whether records lie behind its edge, and how to find the list's end. */
export interface BehindPage<T> {
  /**
   * Whether matching records lie behind the record nearest the cursor, away from the page (for
   * an empty page: behind the cursor, its record included); undefined when not read.
   */
  readonly behind: boolean | undefined;
  readonly store: ListStore<T>;
  readonly query: ValidatedQuery | undefined;
}

/**
 * The page of `rows` (up to `limit + 1`, nearest the cursor first, read in `direction`) with its
 * links; `other` is undefined for the first page, which has nothing before it. For a store's
 * own `readPage`: an empty page's link is found here, with one more read.
 *
 * @example
 * ```ts
 * await pageOf(rows, 20, 'older', undefined); // the first page: items newest first, next after its last
 * ```
 */
export async function pageOf<T>(rows: readonly Keyed<T>[], limit: number, direction: Direction, other: BehindPage<T> | undefined): Promise<Page<T>> {
  const within = rows.slice(0, limit);
  const more = rows.length > limit;
  if (direction === 'older') {
    const items = within;
    const next: PageLink | undefined = more ? { kind: 'starting_after', id: items.at(-1)!.key.id } : undefined;
    if (other === undefined) return { items, next, previous: undefined };
    const previous = items.length > 0 ? (other.behind ? { kind: 'ending_before' as const, id: items[0]!.key.id } : undefined) : await endOfList(other, 'newer', limit);
    return { items, next, previous };
  }
  const items = within.reverse();
  const previous: PageLink | undefined = more ? { kind: 'ending_before', id: items[0]!.key.id } : undefined;
  const next = items.length > 0 ? (other!.behind ? { kind: 'starting_after' as const, id: items.at(-1)!.key.id } : undefined) : await endOfList(other!, 'older', limit);
  return { items, next, previous };
}

/**
 * The link from an empty page to the end of the list in `direction`: the first page, or the
 * page of the `limit` oldest records, reached as the page after the record just newer than them.
 */
async function endOfList<T>(other: BehindPage<T>, direction: Direction, limit: number): Promise<PageLink | undefined> {
  if (other.behind === false) return undefined;
  if (direction === 'older') {
    // Nothing matches beyond the cursor on the newer side: the first page starts at it or after.
    if (other.behind === true) return { kind: 'first' };
    const any = await other.store.page(other.query, { direction: 'older', from: undefined, limit: 1 });
    return any.length > 0 ? { kind: 'first' } : undefined;
  }
  const oldest = await other.store.page(other.query, { direction: 'newer', from: undefined, limit: limit + 1 });
  if (oldest.length === 0) return undefined;
  return oldest.length > limit ? { kind: 'starting_after', id: oldest[limit]!.key.id } : { kind: 'first' };
}

const opposite = (direction: Direction): Direction => (direction === 'older' ? 'newer' : 'older');

/** The error for a cursor whose record is not in the store. */
export function missingCursor(cursor: Cursor): Error {
  return optionError(`${cursor.kind}: there is no record with id ${JSON.stringify(cursor.id)}; use an id from a list response.`);
}
