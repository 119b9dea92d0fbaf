/**
 * `tql/mongo`: validated TQL queries as MongoDB filter documents.
 *
 * @example
 * ```ts
 * import { check } from 'tql';
 * import { schedulingSchema } from 'tql/scheduling';
 * import { compileMongo } from 'tql/mongo';
 *
 * const filter = compileMongo(check('agent.role IN User,Administrator', schedulingSchema, 'agent'));
 * // { role: { $not: { $type: 'array' }, $in: ['User', 'Administrator'] } }
 * await db.collection('agents').find(filter).toArray();
 * ```
 *
 * @module tql/mongo
 */
export { compileMongo, mongoBackend, type CompileMongoOptions } from './compile-mongo.js';
export type { Scope, ScopeValue } from '../scope.js';
export { mongoFoldingDiffers } from './folding-divergence.js';
export { containsIgnoringCase } from './like-pattern.js';
export type {
  MongoBound,
  MongoElemMatch,
  MongoExpression,
  MongoExprFilter,
  MongoFieldCondition,
  MongoFieldFilter,
  MongoFilter,
  MongoLogicalFilter,
  MongoScalarCondition,
  MongoTypeAlias,
} from './filter.js';
