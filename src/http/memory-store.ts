/** A {@link ListStore} over an array of records, filtered by the in-memory backend. */
import { BoundedCache } from '../api/bounded-cache.js';
import { compilePredicate } from '../backends/memory/index.js';
import { inScope, scopeEntries, type Scope } from '../backends/scope.js';
import { readOptions } from '../errors/read-options.js';
import { inputError } from '../errors/tql-error.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import { compareListOrder, listKeyReader, type ListKey, type ListOrder } from './list-order.js';
import type { Keyed, ListStore, PageWindow } from './list-store.js';

/** Options of {@link memoryListStore}. */
export interface MemoryListStoreOptions {
  /**
   * Field equalities (own properties, compared with `===`) a record must meet before the filter
   * is tried: pages, counts and cursor look-ups see only the records of the scope.
   */
  readonly scope?: Scope | undefined;
}

/** The records of one order, sorted, and each one's place by key. */
interface Sorted<T> {
  readonly items: readonly Keyed<T>[];
  readonly byKey: ReadonlyMap<string | number, ListKey>;
}

/** Orders kept sorted at once per store (each a copy of the array's references). */
const ORDERS_KEPT = 4;

/**
 * Sorts a copy of `records` once per order asked for (the last few orders are kept); each page
 * then starts where the window's key falls (a binary search) and reads on until it has enough
 * matches. Values are read through the attributes' sources and storages, as filters read them.
 * A record without a key, or two records with one key, make every page of that order fail with
 * a `TqlError` (`invalid_input`): the list endpoint answers it as the server's fault (500).
 *
 * @example
 * ```ts
 * const store = memoryListStore(sampleData().agents);
 * const agents = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store });
 * const acme = memoryListStore(records, { scope: { tenant_id: 'acme' } });
 * ```
 */
export function memoryListStore<T extends object>(records: readonly T[], options: MemoryListStoreOptions = {}): ListStore<T> {
  const given = readOptions('memoryListStore', options, ['scope']);
  const scope = scopeEntries(given.scope);
  if (!Array.isArray(records)) throw inputError('memoryListStore takes an array of records.');
  // Out of scope is as if absent: not listed, not counted, and not found as a cursor.
  const listed = scope === undefined ? [...records] : records.filter((record) => inScope(scope, record));
  const sortedBy = new BoundedCache<ListOrder, Sorted<T>>(ORDERS_KEPT);
  const sorted = (order: ListOrder): Sorted<T> => {
    let s = sortedBy.get(order);
    if (s === undefined) sortedBy.set(order, (s = sortRecords(listed, order)));
    return s;
  };
  return {
    keyOf: async (id, order) => sorted(order).byKey.get(id),
    page: async (query, window) => scan(sorted(window.order).items, predicate(query), window),
    count: async (query) => {
      const matches = predicate(query);
      let n = 0;
      for (const record of listed) if (matches(record)) n++;
      return n;
    },
  };
}

function sortRecords<T>(records: readonly T[], order: ListOrder): Sorted<T> {
  const read = listKeyReader(order);
  const items = records.map((record, i) => ({ key: read(record, `record ${i}`), record }));
  items.sort((a, b) => compareListOrder(order, a.key, b.key));
  const byKey = new Map<string | number, ListKey>();
  for (const { key } of items) {
    const id = key.values.at(-1) as string | number;
    if (byKey.has(id)) throw inputError(`A list needs a different key on every record; two records have the key ${JSON.stringify(key.id)}.`);
    byKey.set(id, key);
  }
  return { items, byKey };
}

function predicate(query: ValidatedQuery | undefined): (record: unknown) => boolean {
  return query === undefined ? () => true : compilePredicate(query);
}

function scan<T>(items: readonly Keyed<T>[], matches: (record: unknown) => boolean, window: PageWindow): Keyed<T>[] {
  const out: Keyed<T>[] = [];
  const step = window.direction === 'forward' ? 1 : -1;
  for (let i = start(items, window); i >= 0 && i < items.length && out.length < window.limit; i += step) {
    const item = items[i]!;
    if (matches(item.record)) out.push(item);
  }
  return out;
}

/** The index of the first record strictly beyond `window.from` in the window's direction. */
function start<T>(items: readonly Keyed<T>[], window: PageWindow): number {
  const { from, order } = window;
  if (from === undefined) return window.direction === 'forward' ? 0 : items.length - 1;
  // The first index whose record comes after `from` in list order.
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareListOrder(order, items[mid]!.key, from) <= 0) lo = mid + 1;
    else hi = mid;
  }
  if (window.direction === 'forward') return lo;
  // Backward: the last index that comes strictly before `from`.
  let j = lo - 1;
  while (j >= 0 && compareListOrder(order, items[j]!.key, from) === 0) j--;
  return j;
}
