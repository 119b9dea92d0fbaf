/**
 * A differential target for the Mongo backend: the filter `compileMongo` writes, run by mingo in
 * process (through `mingoCollection`), or by a MongoDB collection of the caller's.
 */
import { compileMongo } from '../backends/mongo/compile-mongo.js';
import { readOptions } from '../errors/read-options.js';
import { optionError } from '../errors/tql-error.js';
import { mingoCollection } from '../http/mongo-store.js';
import type { AgreementTarget } from './check-agreement.js';
import { readTestingOptions } from './options.js';
import { ownElements } from './own-list.js';
import { instantsAsRead } from './mongo-instants.js';
import type { TestRecord } from './record-arbitrary.js';

/** The calls of a MongoDB driver collection the target makes (a scratch collection: it is emptied). */
export interface MongoScratchCollection {
  /** Removes the documents `filter` matches (`{}`: all). */
  deleteMany(filter: Record<string, never>): Promise<unknown>;
  /** Inserts copies of `documents`. */
  insertMany(documents: object[]): Promise<unknown>;
  /** The documents `filter` matches. */
  find(filter: object): {
    /** Every document found. */
    toArray(): Promise<object[]>;
  };
}

/** Options of {@link mongoTarget}. */
export interface MongoTargetOptions {
  /** A scratch collection of a MongoDB server; default: mingo over the loaded records, in process. */
  readonly collection?: MongoScratchCollection | undefined;
  /** The field holding each record's id. Default `id`. */
  readonly key?: string | undefined;
}

/**
 * A target for {@link checkAgreement} running `compileMongo`'s filters, by mingo or on `collection`.
 *
 * @example
 * ```ts
 * await assertAgreement({ schema: schedulingSchema, entity: 'agent', ...mongoTarget(), runs: 5, declared: mongoFoldingDiffers });
 * ```
 */
export function mongoTarget(options: MongoTargetOptions = {}): AgreementTarget {
  const { collection } = readOptions('mongoTarget', options, ['collection']);
  const { key = 'id' } = readTestingOptions('mongoTarget', options, { key: 'string' });
  if (collection !== undefined && (typeof collection !== 'object' || collection === null || typeof collection.find !== 'function' || typeof collection.insertMany !== 'function')) {
    throw optionError('mongoTarget: collection is a MongoDB collection (deleteMany, insertMany, find).');
  }
  let records: readonly TestRecord[] = [];
  return {
    async load(given) {
      const loaded = ownElements('mongoTarget: the records to load', given) as TestRecord[];
      records = loaded;
      if (collection === undefined) return;
      await collection.deleteMany({});
      // The driver adds _id to what it inserts: give it copies.
      if (loaded.length > 0) await collection.insertMany(loaded.map((r) => ({ ...r })));
    },
    async run(query) {
      const filter = compileMongo(query);
      const found = await (collection ?? mingoCollection(instantsAsRead(query.entity, records))).find(filter as never).toArray();
      return found.map((r) => (r as Record<string, unknown>)[key]);
    },
  };
}
