/**
 * Cursor paging over a {@link ListStore}: the records of one page and links to the pages on
 * either side, given exactly when following them shows records, so that a client walking the
 * list both ways sees every matching record once.
 */
import type { ValidatedQuery } from '../validate/validated-query.js';
import type { ListOrder } from './list-order.js';
import type { Direction, Keyed, ListStore, Page, PageLink, PageRequest } from './list-store.js';
import { describeValue } from '../errors/describe-value.js';
import { isArrayOption } from '../errors/read-options.js';
import { optionError } from '../errors/tql-error.js';

/**
 * Reads one page through the store's own `readPage` when it has one; undefined when the cursor
 * names no record.
 *
 * One extra record is read to know whether the list goes on, and one probe in the other
 * direction answers whether it goes back. A page reached by a cursor with no records in it
 * (`ending_before` the first record, `starting_after` the last) links to the end of the list on
 * the other side, the cursor's place included: to the first page, or to the page of the last
 * records (as the page after the record just before them).
 *
 * @example
 * ```ts
 * const page = await readPage(memoryListStore(agents), { query, order, cursor: undefined, limit: 20, count: false });
 * page?.items.length; // up to 20
 * ```
 */
export async function readPage<T>(store: ListStore<T>, request: PageRequest): Promise<Page<T> | undefined> {
  if (store.readPage !== undefined) return store.readPage(request);
  const { query, order, cursor, limit } = request;
  const totalCount = request.count ? await store.count!(query) : undefined;
  if (cursor === undefined) {
    const rows = await store.page(query, { order, direction: 'forward', from: undefined, limit: limit + 1 });
    return { ...(await pageOf(rows, limit, 'forward', undefined)), totalCount };
  }
  const from = cursor.start.kind === 'key' ? cursor.start.key : await store.keyOf(cursor.start.id, order);
  if (from === undefined) return undefined;
  const { direction } = cursor;
  const rows = await store.page(query, { order, direction, from, limit: limit + 1 });
  // The record nearest the cursor is the page's edge towards it (its first in list order going
  // forward, its last going backward). Whether matching records lie behind it: one probe; an
  // empty page asks behind the cursor's place, that place included.
  const edge = rows[0]?.key;
  const behind = edge === undefined ? undefined : (await store.page(query, { order, direction: opposite(direction), from: edge, limit: 1 })).length > 0;
  return { ...(await pageOf(rows, limit, direction, { behind, store, query, order })), totalCount };
}

/** How the page's other side is known: whether records lie behind its edge, and how to find the list's end. */
export interface BehindPage<T> {
  /**
   * Whether matching records lie behind the record nearest the cursor, away from the page (for
   * an empty page: behind the cursor, its place included); undefined when not read.
   */
  readonly behind: boolean | undefined;
  readonly store: ListStore<T>;
  readonly query: ValidatedQuery | undefined;
  readonly order: ListOrder;
}

/**
 * The page of `rows` (up to `limit + 1`, nearest the cursor first, read in `direction`) with its
 * links; `other` is undefined for the first page, which has nothing before it. For a store's
 * own `readPage`: an empty page's link is found here, with one more read.
 *
 * @example
 * ```ts
 * await pageOf(rows, 20, 'forward', undefined); // the first page: items in list order, next after its last
 * ```
 */
export async function pageOf<T>(rows: readonly Keyed<T>[], limit: number, direction: Direction, other: BehindPage<T> | undefined): Promise<Page<T>> {
  if (!isArrayOption(rows)) throw optionError(`pageOf: rows are the store's rows, an array of { item, key }, not ${describeValue(rows)}.`);
  if (!Number.isSafeInteger(limit) || limit < 1) throw optionError(`pageOf: limit is the page size, a whole number ≥ 1, not ${describeValue(limit)}.`);
  if (direction !== 'forward' && direction !== 'backward') throw optionError(`pageOf: direction is "forward" or "backward", not ${describeValue(direction)}.`);
  if (other === undefined ? direction === 'backward' : typeof other !== 'object' || other === null) {
    throw optionError(`pageOf: other is what lies behind the page ({ behind, store, query, order }), undefined only for the first page, read forward; not ${describeValue(other)}.`);
  }
  if (rows.length > limit + 1) throw optionError(`pageOf: rows are at most limit + 1 (${limit + 1}) of the store's rows, not ${rows.length}.`);
  const within = rows.slice(0, limit);
  const more = rows.length > limit;
  // The page's edges are read for its links: each a row { item, key }.
  for (const edge of [within[0], within.at(-1)]) {
    if (within.length > 0 && (typeof edge !== 'object' || edge === null)) throw optionError(`pageOf: rows are the store's rows, each { item, key }, not ${describeValue(edge)}.`);
  }
  if (direction === 'forward') {
    const items = within;
    const next: PageLink | undefined = more ? { kind: 'after', key: items.at(-1)!.key } : undefined;
    if (other === undefined) return { items, next, previous: undefined };
    const previous = items.length > 0 ? (other.behind ? { kind: 'before' as const, key: items[0]!.key } : undefined) : await endOfList(other, 'backward', limit);
    return { items, next, previous };
  }
  const items = within.reverse();
  const previous: PageLink | undefined = more ? { kind: 'before', key: items[0]!.key } : undefined;
  const next = items.length > 0 ? (other!.behind ? { kind: 'after' as const, key: items.at(-1)!.key } : undefined) : await endOfList(other!, 'forward', limit);
  return { items, next, previous };
}

/**
 * The link from an empty page to the end of the list in `direction`: the first page, or the
 * page of the `limit` last records, reached as the page after the record just before them.
 */
async function endOfList<T>(other: BehindPage<T>, direction: Direction, limit: number): Promise<PageLink | undefined> {
  if (other.behind === false) return undefined;
  const { store, query, order } = other;
  if (direction === 'forward') {
    // Nothing matches beyond the cursor towards the first page: the first page starts at it or after.
    if (other.behind === true) return { kind: 'first' };
    const any = await store.page(query, { order, direction: 'forward', from: undefined, limit: 1 });
    return any.length > 0 ? { kind: 'first' } : undefined;
  }
  const last = await store.page(query, { order, direction: 'backward', from: undefined, limit: limit + 1 });
  if (last.length === 0) return undefined;
  return last.length > limit ? { kind: 'after', key: last[limit]!.key } : { kind: 'first' };
}

const opposite = (direction: Direction): Direction => (direction === 'forward' ? 'backward' : 'forward');
