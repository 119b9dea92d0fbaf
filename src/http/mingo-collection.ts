/**
 * An in-process stand-in for a MongoDB collection, evaluated by mingo (an optional peer,
 * loaded on first use), for services and tests without a MongoDB server.
 */
import type { Query } from 'mingo';
import { loadMingo } from '../backends/load-mingo.js';
import type { MongoListFilter } from './mongo-list-order.js';
import type { MongoFindable } from './mongo-collection.js';

/** The name a mingo collection looks itself up by in `$lookup` and `$unionWith`. */
const MINGO_COLLECTION = 'records';

/**
 * A collection over `records`, evaluated by mingo with scripts disabled, with `find` as the
 * driver has it. The records are not changed; pipelines give shallow copies of them.
 *
 * @example
 * ```ts
 * await mingoCollection(agents).find({ role: { $eq: 'User' } }, { sort: { created_at: -1 }, limit: 5 }).toArray();
 * const store = mongoListStore(mingoCollection(agents));
 * ```
 */
export function mingoCollection<T extends object>(records: readonly T[]): Required<MongoFindable<T>> {
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
