/**
 * The MongoDB driver (`mongodb` 7): it takes `compileMongo` output as it is. These helpers only
 * give it the driver's own types, so `collection.find(tqlFilter<Agent>(q))` needs no cast.
 *
 * @module tql/mongodb
 */
import type { Document, Filter } from 'mongodb';
import { compileMongo, type CompileMongoOptions } from '../backends/mongo/compile-mongo.js';
import type { ValidatedQuery } from '../validate/validated-query.js';

/**
 * The query as a driver `Filter` for `find`, `countDocuments`, `deleteMany` and the like.
 *
 * @example
 * ```ts
 * const q = check('agent.name~LIKE~john', schedulingSchema, 'agent');
 * const agents = await db.collection<Agent>('agents').find(tqlFilter<Agent>(q)).toArray();
 * ```
 */
export function tqlFilter<TSchema extends Document = Document>(query: ValidatedQuery, options?: Pick<CompileMongoOptions, 'now'>): Filter<TSchema> {
  return compileMongo(query, { now: options?.now }) as Filter<TSchema>;
}

/**
 * The query as a `$match` stage, for the start of an aggregation pipeline.
 *
 * @example
 * ```ts
 * await db.collection('scheduling_requests').aggregate([tqlMatch(q), { $count: 'n' }]).toArray();
 * ```
 */
export function tqlMatch(query: ValidatedQuery, options?: Pick<CompileMongoOptions, 'now'>): { $match: Document } {
  return { $match: compileMongo(query, { now: options?.now }) as Document };
}
