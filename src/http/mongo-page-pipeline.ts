/**
 * The aggregation pipelines of the Mongo list store: a page, the probe for the link back and the
 * count, each as stages over one collection, and a whole page request as one pipeline.
 */
import type { ListOrder } from './list-order.js';
import type { Direction, PageRequest } from './list-store.js';
import { codeUnitForm } from './mongo-text-order.js';
import { mongoListOrder, type MongoListFilter, type MongoListOrder, type MongoPlace } from './mongo-list-order.js';

/** What every pipeline of one store and order shares. */
export interface PipelineContext {
  /** The collection's name, which `$lookup` and `$unionWith` read from. */
  readonly collection: string;
  /** The scope (undefined without one) ANDed before every other condition. */
  readonly scope: MongoListFilter | undefined;
  readonly order: ListOrder;
  readonly mongo: MongoListOrder;
}

/**
 * The context of `order` for a store over `collection`; throws a `TqlError` (`invalid_option`)
 * for an order the engine cannot sort (see {@link mongoListOrder}).
 *
 * @example
 * ```ts
 * const context = pipelineContext('agents', { tenant_id: { $eq: 'acme' } }, order);
 * ```
 */
export function pipelineContext(collection: string, scope: MongoListFilter | undefined, order: ListOrder): PipelineContext {
  return { collection, scope, order, mongo: mongoListOrder(order) };
}

/** The documents of the scope that match `filter`, as the first stage (the one an index serves). */
function matching(context: Pick<PipelineContext, 'scope'>, filter: MongoListFilter | undefined): MongoListFilter[] {
  // The scope first, then the filter as one operand: no $or of the filter can reach around it.
  const all = [context.scope, filter].filter((f): f is MongoListFilter => f !== undefined);
  return all.length === 0 ? [] : [{ $match: all.length === 1 ? all[0]! : { $and: all } }];
}

/** Every stored field but the computed ones and the driver's `_id`. */
function recordProjection(context: PipelineContext): MongoListFilter {
  return { _id: 0, ...Object.fromEntries(context.mongo.keyFields.map((f) => [f, 0])) };
}

/**
 * Up to `limit` matching documents strictly beyond `place` (from the list's end without one) in
 * `direction`, nearest first, as records.
 *
 * @example
 * ```ts
 * pageStages(context, filter, undefined, 'forward', 21); // [{ $match }, { $addFields }, { $addFields }, { $sort }, { $limit: 21 }, { $project }]
 * ```
 */
export function pageStages(context: PipelineContext, filter: MongoListFilter | undefined, place: MongoPlace | undefined, direction: Direction, limit: number): MongoListFilter[] {
  const { mongo } = context;
  return [
    ...matching(context, filter),
    ...mongo.addKeys,
    ...(place === undefined ? [] : [{ $match: { $expr: mongo.beyond(place, direction) } }]),
    { $sort: mongo.sort(direction) },
    { $limit: limit },
    { $project: recordProjection(context) },
  ];
}

/**
 * `{ behind: true }` when a matching document lies at `place` or behind it, away from a page read
 * in `direction`: whether the page has records before it (the nearest record of the page is the
 * first beyond the place, so nothing matching lies between).
 */
function behindStages(context: PipelineContext, filter: MongoListFilter | undefined, place: MongoPlace, direction: Direction): MongoListFilter[] {
  return [
    ...matching(context, filter),
    ...context.mongo.addKeys,
    { $match: { $expr: { $not: [context.mongo.beyond(place, direction)] } } },
    { $limit: 1 },
    { $project: { _id: 0, behind: { $literal: true } } },
  ];
}

/** `{ count: n }` for the matching documents (nothing when there are none). */
export function countStages(context: Pick<PipelineContext, 'scope'>, filter: MongoListFilter | undefined): MongoListFilter[] {
  return [...matching(context, filter), { $count: 'count' }];
}

/**
 * The document(s) whose key is `id` (a number for integer ids, a uuid lower-cased), within the
 * scope, with the computed keys: up to two, so that a key held twice is seen. The field is
 * matched by plain equality first (an index on it serves it), with the forms a store may hold
 * (integer ids as numbers or digits, uuids in lower or upper case), then exactly by the key's
 * computed value.
 *
 * @example
 * ```ts
 * recordStages(context, 'agnt_1'); // [{ $match: { id: { $eq: 'agnt_1' } } }, { $limit: 2 }, …]
 * ```
 */
export function recordStages(context: PipelineContext, id: string | number): MongoListFilter[] {
  const { order, mongo } = context;
  const key = order.keys.at(-1)!.attribute;
  // keyAttribute gives keys read from one plain field; mongoListOrder checked its name.
  const field = key.source.kind === 'field' ? key.source.field : key.name;
  const forms = typeof id === 'number' ? [id, String(id)] : key.id?.kind === 'uuid' ? [id, id.toUpperCase()] : [id];
  const exact = typeof id === 'string' ? codeUnitForm(id) : id;
  return [
    ...matching(context, { [field]: forms.length === 1 ? { $eq: forms[0] } : { $in: forms } }),
    ...mongo.addKeys,
    { $match: { $expr: { $eq: [mongo.valuePaths.at(-1)!, { $literal: exact }] } } },
    { $limit: 2 },
  ];
}

/** What one page request's pipeline gives, read back. */
export interface PageAnswer {
  /** Undefined when the cursor names no record. */
  readonly found: { readonly rows: unknown[]; readonly behind: boolean; readonly count: number | undefined; readonly cursorRecords: number } | undefined;
}

/**
 * One pipeline for the whole of `request`: the page (one record more than asked, to know
 * whether the list goes on), whether records lie behind it, and the count when asked for.
 *
 * - First page, or a cursor token's place: the page, then `$unionWith` the probe and the count,
 *   each a document of its own (no 16 MB document to build).
 * - After or before a record: the record's computed keys first, then the probe, the count and the
 *   page as `$lookup`s bound to them; the page is `$unwind`ed (MongoDB does not build the array).
 *
 * Read it back with {@link readPageAnswer}.
 *
 * @example
 * ```ts
 * await collection.aggregate(pagePipeline(context, filter, request)).toArray();
 * ```
 */
export function pagePipeline(context: PipelineContext, filter: MongoListFilter | undefined, request: PageRequest): MongoListFilter[] {
  const { cursor, limit, count } = request;
  const from = context.collection;
  if (cursor === undefined || cursor.start.kind === 'key') {
    const place: MongoPlace | undefined = cursor?.start.kind === 'key' ? { kind: 'key', key: cursor.start.key } : undefined;
    const direction = cursor?.direction ?? 'forward';
    return [
      ...pageStages(context, filter, place, direction, limit + 1),
      { $replaceWith: { row: '$$ROOT' } },
      ...(place === undefined ? [] : [{ $unionWith: { coll: from, pipeline: behindStages(context, filter, place, direction) } }]),
      ...(count ? [{ $unionWith: { coll: from, pipeline: countStages(context, filter) } }] : []),
    ];
  }
  const { direction } = cursor;
  const names = context.mongo.valuePaths.map((_, i) => `c${i}`);
  const place: MongoPlace = { kind: 'variables', names };
  const first: MongoListFilter = { _id: null, cursorRecords: { $sum: 1 } };
  names.forEach((name, i) => (first[name] = { $first: context.mongo.valuePaths[i] }));
  const bound = Object.fromEntries(names.map((name) => [name, `$${name}`]));
  return [
    ...recordStages(context, cursor.start.id),
    { $group: first },
    { $lookup: { from, let: bound, pipeline: behindStages(context, filter, place, direction), as: 'behind' } },
    ...(count ? [{ $lookup: { from, pipeline: countStages(context, filter), as: 'count' } }] : []),
    { $lookup: { from, let: bound, pipeline: pageStages(context, filter, place, direction, limit + 1), as: 'row' } },
    { $unwind: { path: '$row', preserveNullAndEmptyArrays: true } },
  ];
}

/**
 * The page, probe and count out of the documents {@link pagePipeline} gave.
 *
 * @example
 * ```ts
 * readPageAnswer(request, [{ row: { id: 'a' } }, { behind: true }, { count: 7 }]).found; // { rows: [{ id: 'a' }], behind: true, count: 7, cursorRecords: 1 }
 * ```
 */
export function readPageAnswer(request: PageRequest, documents: readonly unknown[]): PageAnswer {
  const docs = documents as readonly Record<string, unknown>[];
  const rows = docs.filter((d) => d.row !== undefined && d.row !== null).map((d) => d.row);
  if (request.cursor?.start.kind === 'record') {
    const head = docs[0];
    if (head === undefined) return { found: undefined };
    const count = request.count ? (((head.count as { count?: number }[] | undefined)?.[0]?.count) ?? 0) : undefined;
    return { found: { rows, behind: Array.isArray(head.behind) && head.behind.length > 0, count, cursorRecords: Number(head.cursorRecords) } };
  }
  const behind = docs.some((d) => d.behind === true);
  const count = request.count ? Number(docs.find((d) => typeof d.count === 'number')?.count ?? 0) : undefined;
  return { found: { rows, behind, count, cursorRecords: 1 } };
}
