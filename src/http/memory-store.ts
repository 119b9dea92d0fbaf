/** A {@link ListStore} over an array of records, filtered by the in-memory backend. */
import { readOptions } from '../errors/read-options.js';
import { compilePredicate } from '../backends/memory/index.js';
import { inScope, scopeEntries, type Scope } from '../backends/scope.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import { compareListOrder, type Keyed, type ListStore, type PageWindow, type SortKey } from './list-store.js';
import type { TimestampStorageDefinition } from '../schema/types.js';
import { createdAtStorage, recordKey } from './record-key.js';

/** Options of {@link memoryListStore}. */
export interface MemoryListStoreOptions {
  /**
   * Field equalities (own properties, compared with `===`) a record must meet before the filter
   * is tried: pages and cursor look-ups see only the records of the scope.
   */
  readonly scope?: Scope | undefined;
  /**
   * How the records store `created_at`: the storage the schema declares for it
   * (`schema.entities.event.attributes.created_at.storage`, or a kind such as `'date'`). Unix
   * seconds unless given. Records are listed by the whole second of their `created_at`, then by
   * id, as every store lists them.
   */
  readonly createdAt?: TimestampStorageDefinition | undefined;
}

/**
 * Sorts a copy of `records` once; each page then starts where the window's key falls (a binary
 * search) and reads on until it has enough matches. Records need a string `id` and a valid
 * instant in `created_at`, stored as `options.createdAt` says (Unix seconds by default); others
 * throw a `TqlError` (`invalid_input`) that names the storage expected.
 *
 * @example
 * ```ts
 * const store = memoryListStore(sampleData().agents);
 * const page = await store.page(check('agent.schedulable EQ true', schedulingSchema, 'agent'),
 *   { direction: 'older', from: undefined, limit: 20 });
 * const acme = memoryListStore(records, { scope: { tenant_id: 'acme' } });
 * const events = memoryListStore([{ id: 'evt_1', created_at: new Date() }], { createdAt: 'date' });
 * ```
 */
export function memoryListStore<T extends object>(records: readonly T[], options: MemoryListStoreOptions = {}): ListStore<T> {
  const given = readOptions('memoryListStore', options, ['scope', 'createdAt']);
  const scope = scopeEntries(given.scope);
  const storage = createdAtStorage(given.createdAt, "memoryListStore's createdAt option");
  // Out of scope is as if absent: not listed, and not found as a cursor.
  const sorted: Keyed<T>[] = records.flatMap((record, i) =>
    scope !== undefined && !inScope(scope, record) ? [] : [{ key: recordKey(record, `record ${i}`, storage), record }],
  );
  sorted.sort((a, b) => compareListOrder(a.key, b.key));
  const byId = new Map<string, SortKey>(sorted.map((k) => [k.key.id, k.key]));
  return {
    keyOf: async (id) => byId.get(id),
    page: async (query, window) => scan(sorted, predicate(query), window),
  };
}

function predicate(query: ValidatedQuery | undefined): (record: unknown) => boolean {
  return query === undefined ? () => true : compilePredicate(query);
}

function scan<T>(sorted: readonly Keyed<T>[], matches: (record: unknown) => boolean, window: PageWindow): Keyed<T>[] {
  const out: Keyed<T>[] = [];
  const step = window.direction === 'older' ? 1 : -1;
  let i = start(sorted, window);
  for (; i >= 0 && i < sorted.length && out.length < window.limit; i += step) {
    const item = sorted[i]!;
    if (matches(item.record)) out.push(item);
  }
  return out;
}

/** The index of the first record strictly beyond `window.from` in the window's direction. */
function start<T>(sorted: readonly Keyed<T>[], window: PageWindow): number {
  const from = window.from;
  if (from === undefined) return window.direction === 'older' ? 0 : sorted.length - 1;
  // The first index whose record comes after `from` in list order.
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareListOrder(sorted[mid]!.key, from) <= 0) lo = mid + 1;
    else hi = mid;
  }
  if (window.direction === 'older') return lo;
  // Newer: the last index that comes strictly before `from`.
  let j = lo - 1;
  while (j >= 0 && compareListOrder(sorted[j]!.key, from) === 0) j--;
  return j;
}
