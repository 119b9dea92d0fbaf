/**
 * A {@link ListStore} over a MongoDB collection (the `mongodb` driver's `Collection`, or the
 * in-process {@link mingoCollection}): the filter from the Mongo backend, keyset paging on
 * `(created_at, id)` in the query, sorted and limited by the engine.
 *
 * `created_at` may be stored as Unix seconds (the default), Unix milliseconds or a BSON date
 * (the `createdAt` option). The list orders records by its whole second, then by id; the engine
 * sorts by the stored value, which agrees but among records of one second stored with a
 * fraction. So each page is put in the list order, and when a full page ends in a second, that
 * second's records are read again in id order (one more find, on the same index), since others
 * of it may come before by id.
 *
 * With whole seconds stored and a collection that can aggregate (the driver's `Collection`,
 * {@link mingoCollection}), a page is one round trip: the first with `find`, a page after a
 * cursor with one aggregation that looks the cursor up and the page and the link back with it.
 */
import type { Query } from 'mingo';
import { readOptions } from '../errors/read-options.js';
import { loadMingo } from '../backends/load-mingo.js';
import { compileMongo, mongoScope } from '../backends/mongo/compile-mongo.js';
import type { Scope } from '../backends/scope.js';
import type { TimestampStorageDefinition } from '../schema/types.js';
import { missingCursor, pageOf } from './list-page.js';
import { compareListOrder, type Direction, type Keyed, type ListStore } from './list-store.js';
import { mongoListOrder, type MongoListFilter } from './mongo-list-order.js';

export type { MongoListFilter } from './mongo-list-order.js';

/** The options of `find` a list uses: order, page size and fields. */
export interface MongoFindOptions {
  readonly sort?: Readonly<Record<string, 1 | -1>>;
  readonly limit?: number;
  readonly projection?: Readonly<Record<string, 0 | 1>>;
}

/** What `aggregate` gives back, as the driver's `AggregationCursor` does. */
export interface MongoAggregation {
  /** Every document the pipeline gives. */
  toArray(): Promise<unknown[]>;
}

/** The part of a MongoDB `Collection` a list needs. */
export interface MongoFindable<T> {
  /** Like the driver's `collection.find(filter, options).toArray()`. */
  find(filter: MongoListFilter, options?: MongoFindOptions): { toArray(): Promise<T[]> };
  /**
   * Optional, with {@link collectionName}: like the driver's `collection.aggregate(pipeline).toArray()`.
   * A page after a cursor is then one round trip (the driver's `Collection` has both).
   */
  aggregate?(pipeline: MongoListFilter[]): MongoAggregation;
  /** The collection's name, which the page's `$lookup` stages read from. */
  readonly collectionName?: string;
}

/** Options of {@link mongoListStore}. */
export interface MongoListStoreOptions {
  /**
   * Field equalities every find of the store ANDs first, at the top of the filter (see
   * `compileMongo`): pages and cursor look-ups see only the documents of the scope.
   */
  readonly scope?: Scope | undefined;
  /**
   * How the documents store `created_at`: `'unix_seconds'` (the default; integers),
   * `'unix_milliseconds'` or `'date'` (a BSON date). ISO-8601 text is refused: MongoDB sorts
   * text as text, not by instant.
   */
  readonly createdAt?: TimestampStorageDefinition | undefined;
}

/**
 * A list store over a MongoDB collection: the filter from `compileMongo`, keyset paging on
 * `(created_at, id)` in the filter, sorted and limited by the engine.
 *
 * @example
 * ```ts
 * const store = mongoListStore(db.collection<Agent>('agents'));          // a MongoDB server
 * const local = mongoListStore(mingoCollection(sampleData().agents));    // in process
 * const tenant = mongoListStore(db.collection<Agent>('agents'), { scope: { tenant_id: 'acme' } });
 * ```
 */
export function mongoListStore<T>(collection: MongoFindable<T>, options: MongoListStoreOptions = {}): ListStore<T> {
  const opts = readOptions('mongoListStore', options, ['scope', 'createdAt']);
  // `_id` is the driver's, not part of the API record.
  const projection = { _id: 0 } as const;
  // Checked now, so that a bad scope or storage fails when the store is made rather than on a request.
  const scope = mongoScope(opts.scope) as MongoListFilter | undefined;
  const order = mongoListOrder(opts.createdAt);
  const find = async (conditions: readonly MongoListFilter[], limit: number, sort?: Readonly<Record<string, 1 | -1>>): Promise<Keyed<T>[]> => {
    // The scope first, at the top: no condition can reach around it.
    const all = scope === undefined ? conditions : [scope, ...conditions];
    const filter = all.length === 0 ? {} : all.length === 1 ? all[0]! : { $and: [...all] };
    const records = await collection.find(filter, { ...(sort === undefined ? {} : { sort }), limit, projection }).toArray();
    return records.map((record, i) => ({ key: order.key(record, `document ${i}`), record }));
  };
  const store: ListStore<T> = {
    async keyOf(id) {
      const [found] = await find([{ id: { $eq: id } }], 1);
      return found?.key;
    },
    async page(query, window) {
      const conditions: MongoListFilter[] = [];
      if (query !== undefined) conditions.push(compileMongo(query) as MongoListFilter);
      if (window.from !== undefined) conditions.push(order.beyond(window.from, window.direction));
      const way = window.direction === 'older' ? -1 : 1;
      const page = await find(conditions, window.limit, { created_at: way, id: way });
      const last = page.at(-1)?.key.createdAt;
      if (!order.fractions || last === undefined) return page;
      // Each second's records are all there but the last second's, when the page is full: read
      // that one again in id order, as it may hold records that come before by id.
      const lastSecond = page.length < window.limit ? page.filter((k) => k.key.createdAt === last) : await find([...conditions, order.within(last)], window.limit, { id: way });
      const merged = [...page.filter((k) => k.key.createdAt !== last), ...lastSecond];
      merged.sort((a, b) => -way * compareListOrder(a.key, b.key));
      return merged.slice(0, window.limit);
    },
  };
  const aggregate = collection.aggregate;
  const name = collection.collectionName;
  // One round trip a page where the engine's order is the list's (whole seconds stored) and
  // the collection can look itself up.
  if (order.fractions || typeof aggregate !== 'function' || typeof name !== 'string') return store;
  const scoped = (conditions: MongoListFilter[]): MongoListFilter => {
    const all = scope === undefined ? conditions : [scope, ...conditions];
    return all.length === 1 ? all[0]! : { $and: all };
  };
  return {
    ...store,
    async readPage(query, cursor, limit) {
      if (cursor === undefined) return pageOf(await store.page(query, { direction: 'older', from: undefined, limit: limit + 1 }), limit, 'older', undefined);
      const filter: MongoListFilter[] = query === undefined ? [] : [compileMongo(query) as MongoListFilter];
      const direction: Direction = cursor.kind === 'starting_after' ? 'older' : 'newer';
      const pipeline = cursorPagePipeline(name, scoped, filter, cursor.id, direction, limit + 1, projection);
      const [found] = (await aggregate.call(collection, pipeline).toArray()) as { page?: unknown; behind?: unknown }[];
      if (found === undefined) throw missingCursor(cursor);
      const rows = (Array.isArray(found.page) ? (found.page as T[]) : []).map((record, i) => ({ key: order.key(record, `document ${i}`), record }));
      const behind = Array.isArray(found.behind) && found.behind.length > 0;
      return pageOf(rows, limit, direction, { behind, store, query });
    },
  };
}

/**
 * A page after (or before) the document with id `cursorId`, in one aggregation: the cursor's
 * document, the page as a `$lookup` of the collection bounded by the cursor's `created_at` and
 * id, and a second `$lookup` of one document behind the cursor, for the link back. The bounds
 * are `$expr` comparisons on the lookup's variables, which MongoDB 5.0+ can serve from an index
 * on the looked-up collection (no server here to show the plan; mingo runs it in the tests);
 * `$type` keeps them to numbers and strings, as the `find` bounds are.
 */
function cursorPagePipeline(
  from: string,
  scoped: (conditions: MongoListFilter[]) => MongoListFilter,
  filter: MongoListFilter[],
  cursorId: string,
  direction: Direction,
  limit: number,
  projection: MongoListFilter,
): MongoListFilter[] {
  const [beyond, behind] = direction === 'older' ? ['$lt', '$gt'] : ['$gt', '$lt'];
  const way = direction === 'older' ? -1 : 1;
  const past = (op: string, orEqual: boolean) => ({
    $or: [
      { [op]: ['$created_at', '$$at'] },
      { $and: [{ $eq: ['$created_at', '$$at'] }, { $eq: [{ $type: '$id' }, 'string'] }, { [orEqual ? `${op}e` : op]: ['$id', '$$id'] }] },
    ],
  });
  const lookup = (as: string, op: string, orEqual: boolean, rest: MongoListFilter[]) => ({
    $lookup: { from, let: { at: '$created_at', id: '$id' }, pipeline: [{ $match: scoped([...filter, { created_at: { $type: 'number' } }]) }, { $match: { $expr: past(op, orEqual) } }, ...rest], as },
  });
  return [
    { $match: scoped([{ id: { $eq: cursorId } }]) },
    { $limit: 1 },
    { $project: { _id: 0, id: 1, created_at: 1 } },
    lookup('page', beyond, false, [{ $sort: { created_at: way, id: way } }, { $limit: limit }, { $project: projection }]),
    // The cursor's own document counts as behind the page.
    lookup('behind', behind, true, [{ $limit: 1 }, { $project: { _id: 1 } }]),
  ];
}

/** The name a mingo collection looks itself up by. */
const MINGO_COLLECTION = 'records';

/**
 * An in-process stand-in for a MongoDB collection over `records`, evaluated by mingo (scripts
 * disabled), for services and tests without a MongoDB server.
 *
 * @example
 * ```ts
 * await mingoCollection(agents).find({ role: { $eq: 'User' } }, { sort: { created_at: -1 }, limit: 5 }).toArray();
 * ```
 */
export function mingoCollection<T extends object>(records: readonly T[]): MongoFindable<T> {
  return {
    collectionName: MINGO_COLLECTION,
    aggregate(pipeline) {
      return {
        async toArray() {
          const { Aggregator } = await loadMingo('mingoCollection');
          const resolve = (name: string) => (name === MINGO_COLLECTION ? [...records] : undefined);
          return new Aggregator(pipeline, { scriptEnabled: false, collectionResolver: resolve as never }).run([...records]);
        },
      };
    },
    find(filter, options = {}) {
      return {
        async toArray() {
          const { Query } = await loadMingo('mingoCollection');
          let cursor = new Query<MongoListFilter>(filter, { scriptEnabled: false }).find<T>(records, options.projection as Parameters<Query<MongoListFilter>['find']>[1]);
          if (options.sort !== undefined) cursor = cursor.sort({ ...options.sort });
          if (options.limit !== undefined) cursor = cursor.limit(options.limit);
          return cursor.all();
        },
      };
    },
  };
}

