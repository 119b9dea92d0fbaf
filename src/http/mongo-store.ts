/**
 * A {@link ListStore} over a MongoDB collection (the `mongodb` driver's `Collection`, or the
 * in-process {@link mingoCollection}): the filter from the Mongo backend, the order's keys
 * computed in an aggregation (`mongo-list-order.ts`), sorted, bounded and limited by the engine,
 * one aggregation a page.
 */
import { BoundedCache } from '../api/bounded-cache.js';
import { compileMongo, mongoScope } from '../backends/mongo/compile-mongo.js';
import type { Scope } from '../backends/scope.js';
import { readOptions } from '../errors/read-options.js';
import { inputError, optionError } from '../errors/tql-error.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import { listKeyReader, type ListOrder } from './list-order.js';
import { pageOf } from './list-page.js';
import type { Keyed, ListStore } from './list-store.js';
import { countStages, pagePipeline, pipelineContext, pageStages, readPageAnswer, recordStages, type PipelineContext } from './mongo-page-pipeline.js';
import type { MongoFindable } from './mongo-collection.js';
import type { MongoListFilter } from './mongo-list-order.js';

export type { MongoListFilter } from './mongo-list-order.js';
export type { MongoAggregation, MongoFindable, MongoFindOptions } from './mongo-collection.js';
export { mingoCollection } from './mingo-collection.js';

/** Options of {@link mongoListStore}. */
export interface MongoListStoreOptions {
  /**
   * Field equalities every pipeline of the store matches first, at the top (see
   * `compileMongo`): pages, counts and cursor look-ups see only the documents of the scope.
   */
  readonly scope?: Scope | undefined;
}

/** Orders whose pipeline parts are kept per store. */
const ORDERS_KEPT = 16;

/**
 * A list store over a MongoDB collection, in any order over field and variant attributes: a
 * timestamp by its whole second in its storage (Unix seconds or milliseconds, BSON dates, ISO
 * text in UTC), numbers by value, text by code point, ids by kind (integers as numbers, uuids
 * lower-cased); a null, missing or mistyped value after every value, either way. Each page,
 * with its link back and the count when asked, is one aggregation (MongoDB 4.4+: `$unionWith`,
 * `$replaceAll`). An empty page reached past the list's last record takes a second one, to find
 * the page its `previous_page` leads to.
 *
 * A document without the key, or two documents with one key, are refused with a `TqlError`
 * (`invalid_input`) when a page or a cursor meets them (the endpoint answers a 500); a unique
 * index on the key keeps them out.
 *
 * @example
 * ```ts
 * const store = mongoListStore(db.collection<Agent>('agents'));          // a MongoDB server
 * const local = mongoListStore(mingoCollection(sampleData().agents));    // in process
 * const tenant = mongoListStore(db.collection<Agent>('agents'), { scope: { tenant_id: 'acme' } });
 * ```
 */
export function mongoListStore<T>(collection: MongoFindable<T>, options: MongoListStoreOptions = {}): ListStore<T> {
  const opts = readOptions('mongoListStore', options, ['scope']);
  // Checked now, so that a bad scope or collection fails when the store is made rather than on a request.
  const scope = mongoScope(opts.scope) as MongoListFilter | undefined;
  const aggregate = typeof collection === 'object' && collection !== null ? collection.aggregate : undefined;
  const name = typeof collection === 'object' && collection !== null ? collection.collectionName : undefined;
  if (typeof aggregate !== 'function' || typeof name !== 'string') {
    throw optionError('mongoListStore takes a MongoDB collection: the driver\'s Collection, or mingoCollection(records) (aggregate and collectionName).');
  }
  const run = (pipeline: MongoListFilter[]): Promise<unknown[]> => aggregate.call(collection, pipeline).toArray();
  const contexts = new BoundedCache<ListOrder, PipelineContext>(ORDERS_KEPT);
  const contextOf = (order: ListOrder): PipelineContext => {
    let context = contexts.get(order);
    if (context === undefined) contexts.set(order, (context = pipelineContext(name, scope, order)));
    return context;
  };
  const keyed = (order: ListOrder, rows: readonly unknown[]): Keyed<T>[] => {
    const read = listKeyReader(order);
    const items = rows.map((record, i) => ({ key: read(record, `document ${i}`), record: record as T }));
    const seen = new Set<string | number>();
    for (const { key } of items) {
      const id = key.values.at(-1) as string | number;
      if (seen.has(id)) throw duplicateKey(key.id);
      seen.add(id);
    }
    return items;
  };

  const store: ListStore<T> = {
    async readPage(request) {
      const context = contextOf(request.order);
      const filter = filterOf(request.query);
      const { found } = readPageAnswer(request, await run(pagePipeline(context, filter, request)));
      if (found === undefined) return undefined;
      // Only a record cursor finds records of its own: two of them hold one key.
      if (found.cursorRecords > 1) throw duplicateKey(String((request.cursor?.start as { id?: unknown }).id));
      const rows = keyed(request.order, found.rows);
      const { query, order, limit, cursor } = request;
      const page = await pageOf(rows, limit, cursor?.direction ?? 'forward', cursor === undefined ? undefined : { behind: found.behind, store, query, order });
      return { ...page, totalCount: found.count };
    },
    async keyOf(id, order) {
      const found = await run([...recordStages(contextOf(order), id), { $project: { _id: 0 } }]);
      if (found.length > 1) throw duplicateKey(String(id));
      return found.length === 0 ? undefined : keyed(order, found)[0]!.key;
    },
    async page(query, window) {
      const place = window.from === undefined ? undefined : { kind: 'key' as const, key: window.from };
      return keyed(window.order, await run(pageStages(contextOf(window.order), filterOf(query), place, window.direction, window.limit)));
    },
    async count(query) {
      const [found] = (await run(countStages({ scope }, filterOf(query)))) as { count?: number }[];
      return found?.count ?? 0;
    },
  };
  return store;
}

function filterOf(query: ValidatedQuery | undefined): MongoListFilter | undefined {
  return query === undefined ? undefined : (compileMongo(query) as MongoListFilter);
}

function duplicateKey(id: string): Error {
  return inputError(`A list needs a different key on every record; two records have the key ${JSON.stringify(id)}.`);
}
