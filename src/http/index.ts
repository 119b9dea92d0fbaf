/**
 * List endpoints for HTTP services: the TQL `filter` parameter, `sort`, cursor pages,
 * `next_page` / `previous_page` links and counts, over records in memory, in SQL or in MongoDB.
 *
 * @example
 * ```ts
 * const list = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: memoryListStore(agents) });
 * const { status, body } = await list(req); // 200 { object: 'list', … } or 400 { error, code, issues }
 * ```
 *
 * What an endpoint author uses: the endpoint, the stores (or the `ListStore` interface to write
 * one), the error body for errors of your own, and the paging constants. How pages and links are
 * read and written stays inside.
 *
 * @module tql/http
 */
export { createListEndpoint, type ListBody, type ListEndpointOptions, type ListHandler, type ListRequest, type ListResponse } from './list-endpoint.js';
export { errorBody, plainErrorBody, type ErrorBody } from './error-body.js';
export { fetchListHandler } from './fetch-handler.js';
export { nodeListHandler } from './node-handler.js';
export { listReply, type ListReply, type ListReplyOptions } from './list-reply.js';
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, LIST_PARAMETERS, type Cursor, type ListParameter, type ListParams, type PageSize } from './list-params.js';
export {
  compareListOrder,
  type Direction,
  type Keyed,
  type ListKey,
  type ListOrder,
  type ListStore,
  type OrderKey,
  type Page,
  type PageLink,
  type PageRequest,
  type PageStart,
  type PageWindow,
  type SortValue,
} from './list-store.js';
export { isSortable, sortValueReader, listKeyReader, compareCodePoints, type SortValueReader } from './list-order.js';
export { keyAttribute, readSort, sortableEntity, MAX_SORT_KEYS, type ListKeyDefinition, type SortOnlyAttributes } from './list-sort.js';
export { pageOf, type BehindPage } from './list-page.js';
export { memoryListStore, type MemoryListStoreOptions } from './memory-store.js';
export { openSqlListStore, sqlListStore, type OpenSqlListStoreOptions, type SqlListStoreOptions, type SqlRecordReader } from './sql-store.js';
export { mingoCollection, mongoListStore, type MongoAggregation, type MongoFindable, type MongoFindOptions, type MongoListFilter, type MongoListStoreOptions } from './mongo-store.js';
export type { Scope, ScopeValue } from '../backends/scope.js';
export { listOpenApi, listOperation, listParameters, withListEndpoint, type JsonSchema, type ListOpenApiEndpoint, type ListOpenApiOptions, type ListOperation, type OpenApiDocument, type OpenApiOperation, type OpenApiParameter } from './openapi.js';
