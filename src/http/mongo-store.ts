/**
 * A {@link ListStore} over a MongoDB collection (the `mongodb` driver's `Collection`, or the
 * in-process {@link mingoCollection}): the filter from the Mongo backend, keyset paging on
 * `(created_at, id)` in the query, sorted and limited by the engine.
 */
import type { Query } from 'mingo';
import { optionError } from '../errors/tql-error.js';
import { compileMongo, mongoScope } from '../backends/mongo/compile-mongo.js';
import type { Scope } from '../backends/scope.js';
import type { Keyed, ListStore, SortKey } from './list-store.js';
import { recordKey } from './record-key.js';

/** A filter document: the compiled TQL filter, or one of the paging conditions. */
export type MongoListFilter = Record<string, unknown>;

/** The options of `find` a list uses: order, page size and fields. */
export interface MongoFindOptions {
  readonly sort?: Readonly<Record<string, 1 | -1>>;
  readonly limit?: number;
  readonly projection?: Readonly<Record<string, 0 | 1>>;
}

/** The part of a MongoDB `Collection` a list needs. */
export interface MongoFindable<T> {
  /** Like the driver's `collection.find(filter, options).toArray()`. */
  find(filter: MongoListFilter, options?: MongoFindOptions): { toArray(): Promise<T[]> };
}

/** Options of {@link mongoListStore}. */
export interface MongoListStoreOptions {
  /**
   * Field equalities every find of the store ANDs first, at the top of the filter (see
   * `compileMongo`): pages and cursor look-ups see only the documents of the scope.
   */
  readonly scope?: Scope | undefined;
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
  // `_id` is the driver's, not part of the API record.
  const projection = { _id: 0 } as const;
  // Checked now, so that a bad scope fails when the store is made rather than on a request.
  const scope = mongoScope(typeof options === 'object' && options !== null ? options.scope : undefined) as MongoListFilter | undefined;
  const scoped = (filter: MongoListFilter): MongoListFilter => (scope === undefined ? filter : { $and: [scope, filter] });
  return {
    async keyOf(id) {
      const [found] = await collection.find(scoped({ id: { $eq: id } }), { limit: 1, projection }).toArray();
      return found === undefined ? undefined : recordKey(found, `the record with id ${JSON.stringify(id)}`);
    },
    async page(query, window) {
      const conditions: MongoListFilter[] = [];
      if (scope !== undefined) conditions.push(scope);
      if (query !== undefined) conditions.push(compileMongo(query) as MongoListFilter);
      if (window.from !== undefined) conditions.push(beyond(window.from, window.direction === 'older' ? '$lt' : '$gt'));
      const filter = conditions.length === 0 ? {} : conditions.length === 1 ? conditions[0]! : { $and: conditions };
      const order = window.direction === 'older' ? -1 : 1;
      const records = await collection.find(filter, { sort: { created_at: order, id: order }, limit: window.limit, projection }).toArray();
      return records.map((record, i): Keyed<T> => ({ key: recordKey(record, `document ${i}`), record }));
    },
  };
}

function beyond(k: SortKey, op: '$lt' | '$gt'): MongoListFilter {
  return { $or: [{ created_at: { [op]: k.createdAt } }, { created_at: { $eq: k.createdAt }, id: { [op]: k.id } }] };
}

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
    find(filter, options = {}) {
      return {
        async toArray() {
          const { Query } = await loadMingo();
          let cursor = new Query<MongoListFilter>(filter, { scriptEnabled: false }).find<T>(records, options.projection as Parameters<Query<MongoListFilter>['find']>[1]);
          if (options.sort !== undefined) cursor = cursor.sort({ ...options.sort });
          if (options.limit !== undefined) cursor = cursor.limit(options.limit);
          return cursor.all();
        },
      };
    },
  };
}

/**
 * mingo, loaded on the first find: it is an optional peer, and `tql/http` must load without it
 * for the memory and SQL stores.
 */
async function loadMingo(): Promise<{ Query: typeof Query }> {
  try {
    return await import('mingo');
  } catch {
    throw optionError('mingoCollection runs MongoDB filters with mingo, an optional peer dependency of tql: install it (npm install mingo).');
  }
}
