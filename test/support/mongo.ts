/**
 * Running Mongo filters on real engines for tests: mingo (in process, always) and a MongoDB
 * server when the environment variable `TQL_MONGO_URL` names one
 * (`TQL_MONGO_URL=mongodb://127.0.0.1:27017 npx vitest run`). Each server run uses a database of
 * its own and drops it at the end.
 */
import { Query } from 'mingo';
import { MongoClient, type Document } from 'mongodb';
import type { MongoFilter } from '../../src/backends/mongo/index.js';

/** The MongoDB server to test against, or undefined to skip those tests. */
export const MONGO_URL: string | undefined = process.env.TQL_MONGO_URL || undefined;

/** What a skipped server test says about itself, so the skip is never silent. */
export const MONGO_SKIP_REASON = 'no MongoDB server: set TQL_MONGO_URL=mongodb://127.0.0.1:27017 to run';

interface WithId {
  readonly id: string;
}

/**
 * The ids of the records `filter` selects, as mingo evaluates it (scripts disabled: no
 * `$where`, `$function`, `$accumulator` can run).
 *
 * @example
 * ```ts
 * mingoIds({ name: { $eq: 'Ada' } }, [{ id: 'a', name: 'Ada' }, { id: 'b' }]); // ['a']
 * ```
 */
export function mingoIds(filter: MongoFilter, records: readonly unknown[]): string[] {
  const query = new Query(filter as Record<string, unknown>, { scriptEnabled: false });
  return records.filter((r) => query.test(r as Record<string, unknown>)).map((r) => (r as WithId).id);
}

/** A scratch database on the server of {@link MONGO_URL}. */
export interface MongoScratch {
  /** Replaces the collection `name` with copies of `records`. */
  load(name: string, records: readonly unknown[]): Promise<void>;
  /** The ids of the records of collection `name` that `filter` selects. */
  ids(name: string, filter: MongoFilter): Promise<string[]>;
  /** Drops the database and closes the connection. */
  close(): Promise<void>;
}

/**
 * Connects to {@link MONGO_URL} and creates a database for this test file.
 *
 * @example
 * ```ts
 * const db = await openMongoScratch();
 * await db.load('agent', agents);
 * await db.ids('agent', compileMongo(query));
 * await db.close();
 * ```
 */
export async function openMongoScratch(): Promise<MongoScratch> {
  if (MONGO_URL === undefined) throw new Error(MONGO_SKIP_REASON);
  // ignoreUndefined: a field set to undefined is missing, as in the in-memory backend (not null).
  const client = await MongoClient.connect(MONGO_URL, { ignoreUndefined: true, serverSelectionTimeoutMS: 5000 });
  const db = client.db(`tql_test_${process.pid}_${Math.floor(Math.random() * 1e9)}`);
  return {
    async load(name, records) {
      await db.collection(name).drop().catch(() => undefined);
      // Copies: the driver adds an _id to each document it inserts.
      const docs = records.map((r) => structuredClone(r) as Document);
      if (docs.length > 0) await db.collection(name).insertMany(docs);
    },
    async ids(name, filter) {
      const docs = await db.collection(name).find(filter, { projection: { _id: 0, id: 1 } }).toArray();
      return docs.map((d) => String(d.id));
    },
    async close() {
      await db.dropDatabase().catch(() => undefined);
      await client.close();
    },
  };
}
