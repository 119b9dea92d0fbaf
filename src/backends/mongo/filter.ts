/**
 * The MongoDB filter documents the compiler produces, as types, and the few builders that make
 * them. The types list only the operators tql emits, so a filter is plain data that the official
 * driver (`collection.find(filter)`) and mingo accept as it is.
 */
import type { Scalar } from '../../validate/validated-query.js';

/** `$type` aliases tql uses to say "a value of the attribute's type is present". */
export type MongoTypeAlias = 'string' | 'bool';

/** A bound of a range: a number, a `Date` for timestamps stored as BSON dates, a text for `iso_canonical` ones. */
export type MongoBound = number | Date | string;

/**
 * A condition on one field. Every condition tql emits on a scalar carries
 * `$not: { $type: 'array' }`, because MongoDB matches array fields elementwise and tql reads a
 * scalar attribute stored as an array as missing (like the in-memory backend).
 */
export interface MongoScalarCondition {
  readonly $not?: { readonly $type: 'array' };
  readonly $type?: MongoTypeAlias;
  readonly $eq?: Scalar | Date;
  readonly $in?: Scalar[];
  readonly $lt?: MongoBound;
  readonly $lte?: MongoBound;
  readonly $gt?: MongoBound;
  readonly $gte?: MongoBound;
  /** Built only from escaped literals (see `like-pattern.ts`); never with options. */
  readonly $regex?: string;
}

/**
 * "Some element of the array matches": the collection attributes. A filter on the element's
 * fields for an array of objects, a condition on the element itself for an array of scalars.
 */
export interface MongoElemMatch {
  readonly $elemMatch: MongoFilter | MongoScalarCondition;
}

/** What a field of a {@link MongoFieldFilter} is held to: a scalar condition or `$elemMatch`. */
export type MongoFieldCondition = MongoScalarCondition | MongoElemMatch;

/** Conditions by field name. Field names come only from the schema, never from a query. */
export interface MongoFieldFilter {
  readonly [field: string]: MongoFieldCondition;
}

/**
 * An aggregation expression, as `$expr` takes it: tql writes one only for timestamps stored as
 * ISO-8601 text (`iso-text.ts`), from constants, field paths of the schema and validated numbers.
 */
export type MongoExpression =
  | string
  | number
  | boolean
  | null
  | readonly MongoExpression[]
  | { readonly [operator: string]: MongoExpression };

/** `{ $expr: … }`: documents for which the expression is true. */
export type MongoExprFilter = { readonly $expr: MongoExpression };

/**
 * `$and`, `$or` or `$nor` of filters: how tql joins predicates and writes the exact complements.
 * (The arrays are mutable only because the driver's `Filter<T>` asks for mutable ones.)
 */
export type MongoLogicalFilter =
  | { readonly $and: MongoFilter[] }
  | { readonly $or: MongoFilter[] }
  | { readonly $nor: MongoFilter[] };

/** A filter document for `collection.find(…)`, `$match` or mingo's `new Query(…)`. */
export type MongoFilter = MongoLogicalFilter | MongoFieldFilter | MongoExprFilter;

/** All of `filters`; a single filter is returned as it is. @example allOf([a, b]) // { $and: [a, b] } */
export function allOf(filters: readonly MongoFilter[]): MongoFilter {
  // No filters: every document, as SQL's (1 = 1). MongoDB refuses an empty $and.
  if (filters.length === 0) return {};
  return filters.length === 1 && filters[0] !== undefined ? filters[0] : { $and: [...filters] };
}

/** Any of `filters`; a single filter is returned as it is. @example anyOf([a]) // a */
export function anyOf(filters: readonly MongoFilter[]): MongoFilter {
  // No filters: no document, as SQL's (1 = 0). MongoDB refuses an empty $or; nothing escapes $nor of everything.
  if (filters.length === 0) return { $nor: [{}] };
  return filters.length === 1 && filters[0] !== undefined ? filters[0] : { $or: [...filters] };
}

/**
 * The documents `filter` does not match: its exact complement, for every document. An `$or` is
 * opened up: `$nor: [{ $or: [a, b] }]` is written `$nor: [a, b]`.
 *
 * @example
 * ```ts
 * noneOf({ $or: [a, b] }); // { $nor: [a, b] }
 * noneOf(a);               // { $nor: [a] }
 * ```
 */
export function noneOf(filter: MongoFilter): MongoFilter {
  const or = Object.keys(filter).length === 1 ? (filter as { readonly $or?: unknown }).$or : undefined;
  return Array.isArray(or) ? { $nor: or as MongoFilter[] } : { $nor: [filter] };
}

/** `condition` on a scalar, made to ignore array values (see {@link MongoScalarCondition}). @example scalar({ $eq: 'x' }) // { $not: { $type: 'array' }, $eq: 'x' } */
export function scalar(condition: Omit<MongoScalarCondition, '$not'>): MongoScalarCondition {
  return { $not: { $type: 'array' }, ...condition };
}

/**
 * `{ field: condition }`, or several such conditions on distinct fields in one document. Two
 * conditions on one field would overwrite each other in an object, so they go under `$and`.
 *
 * @example
 * ```ts
 * onFields([['object', scalar({ $eq: 'team' })], ['url_slug', scalar({ $type: 'string' })]]);
 * // { object: { … }, url_slug: { … } }
 * ```
 */
export function onFields(entries: readonly (readonly [string, MongoFieldCondition])[]): MongoFilter {
  const fields = new Set(entries.map(([f]) => f));
  if (fields.size < entries.length) return { $and: entries.map((e) => onFields([e])) };
  const doc: Record<string, MongoFieldCondition> = {};
  // defineProperty, not assignment: a field named `__proto__` must stay a plain own key.
  for (const [field, condition] of entries) {
    Object.defineProperty(doc, field, { value: condition, enumerable: true, writable: true, configurable: true });
  }
  return doc;
}
