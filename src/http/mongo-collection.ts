/** The part of a MongoDB collection a list store reads through: the driver's `Collection` has it, and so does `mingoCollection`. */
import type { MongoListFilter } from './mongo-list-order.js';

/** The options of `find`, as the driver's `collection.find(filter, options)` takes them. */
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

/** The part of a MongoDB `Collection` a list needs; the driver's `Collection` has it. */
export interface MongoFindable<T> {
  /** Like the driver's `collection.aggregate(pipeline).toArray()`: every page is one aggregation. */
  aggregate(pipeline: MongoListFilter[]): MongoAggregation;
  /** The collection's name, which the pipelines' `$lookup` and `$unionWith` stages read from. */
  readonly collectionName: string;
  /** Like the driver's `collection.find(filter, options).toArray()`; not used by the store, whose records' type `T` it gives. */
  find?(filter: MongoListFilter, options?: MongoFindOptions): { toArray(): Promise<T[]> };
}
