/**
 * A list endpoint for an HTTP service, framework-free: a request (node:http, a Fetch API
 * `Request`, or a URL) in, a status and a JSON-ready body out (docs/server.md): the `filter`
 * parameter in TQL, `sort`, cursor pages, `next_page` / `previous_page` URLs that keep the filter
 * and the sort, and the count on request.
 */
import { BoundedCache } from '../api/bounded-cache.js';
import { safeCheck } from '../api/check.js';
import { readOptions } from '../errors/read-options.js';
import { inputError, isTqlError, optionError, type TqlError } from '../errors/tql-error.js';
import { describeValue } from '../errors/describe-value.js';
import { entityArgument } from '../api/entity-argument.js';
import type { Limits } from '../parser/options.js';
import type { Profile } from '../parser/profiles.js';
import type { Attribute, Schema } from '../schema/types.js';
import { resolveNow } from '../validate/resolve-now.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import { errorBody, internalErrorBody, tellFailure, type ErrorBody } from './error-body.js';
import { decodeCursor, encodeCursor } from './list-cursor.js';
import { pageLink, type LinkCursor } from './list-links.js';
import { keyValueOf, type ListOrder } from './list-order.js';
import { readPage } from './list-page.js';
import { readListParams, readPageSize, type Cursor, type ListParameter, type ListParams, type PageSize } from './list-params.js';
import { defaultOrder, keyAttribute, readSort, sortableEntity, type ListKeyDefinition, type SortOnlyAttributes } from './list-sort.js';
import { checkStore, type ListStore, type PageLink, type PageRequest } from './list-store.js';
import { isListRequest, requestUrl, type ListRequest } from './request-url.js';

/** A list response body (docs/server.md, Pages). */
export interface ListBody<T> {
  readonly object: 'list';
  readonly next_page: string | null;
  readonly previous_page: string | null;
  /** Every record the filter matches (within the store's scope); only with `include=total_count`. */
  readonly total_count?: number;
  readonly data: T[];
}

/**
 * What to send: 200 with the page, 400 with what is wrong with the request, or 500 when the
 * store failed (a lost connection, data that does not fit its mapping), with a body that says
 * nothing of the store; the details go to `onError`.
 */
export type ListResponse<T> =
  | { readonly status: 200; readonly body: ListBody<T> }
  | { readonly status: 400; readonly body: ErrorBody }
  | { readonly status: 500; readonly body: ErrorBody };

/** What {@link createListEndpoint} needs: the schema and entity to filter, where records live, and paging. */
export interface ListEndpointOptions<T, S extends Schema = Schema> {
  readonly schema: S;
  /** The entity the endpoint lists; filters and sorts use its attributes. */
  readonly entity: S['entityNames'][number];
  readonly store: ListStore<T>;
  /**
   * The record's key, the last tie-break of every order and what `starting_after` names: an ID
   * (or String) attribute of the entity, or `{ field, kind }` for a field that is not one.
   * Default: the entity's `id` attribute, else the field `id` holding text ids.
   */
  readonly key?: ListKeyDefinition | undefined;
  /**
   * The order of a request without `sort`, written as the parameter is (`-created_at`).
   * Default: `-created_at` (newest first) when the entity has that attribute, else the key.
   */
  readonly sort?: string | undefined;
  /**
   * Attributes requests may sort by (and the default order may name) but not filter on, such
   * as `{ created_at: { type: 'Timestamp' } }` where the API does not filter by it.
   */
  readonly sortOnly?: SortOnlyAttributes | undefined;
  /** Whether requests may ask for `include=total_count` (a count of every match: one more scan). Default false. */
  readonly counts?: boolean | undefined;
  /**
   * The origin the links start with, e.g. `https://api.example.com`. Default: the request's
   * `Host` header (when it looks like a host name). Give it whenever the service knows it.
   */
  readonly baseUrl?: string | undefined;
  /** Default 20 per page, at most 100. */
  readonly pageSize?: PageSize | undefined;
  /** `timezest` accepts only what the public dialect has. Default `extended`. */
  readonly profile?: Profile | undefined;
  /** For dates without an offset in filters. Default `UTC`. */
  readonly timeZone?: string | undefined;
  readonly limits?: Partial<Limits> | undefined;
  /**
   * The clock relative times in filters (`now-7d`) count from, read once per request: Unix
   * seconds or a `Date`. Default: the real clock. Give a fixed one in tests.
   */
  readonly now?: (() => number | Date) | undefined;
  /**
   * Told of every failure of the store, which the client sees as a 500 with a generic body.
   * Default: `console.error`.
   */
  readonly onError?: ((error: unknown, url: URL) => void) | undefined;
}

/** Handles one list request. Never throws: bad input is a 400 response, a failing store a 500. */
export type ListHandler<T> = (request: ListRequest) => Promise<ListResponse<T>>;

const OPTIONS = ['schema', 'entity', 'store', 'key', 'sort', 'sortOnly', 'counts', 'baseUrl', 'pageSize', 'profile', 'timeZone', 'limits', 'now', 'onError'] as const;

/** Orders remembered per endpoint, by `sort` text. */
const ORDERS_KEPT = 64;

/**
 * Builds the handler of a list endpoint. Errors in the options throw a `TqlError`
 * (`invalid_option`) here, once; errors in requests become 400 responses that name the
 * parameter; failures of the store become 500 responses, told to `onError`.
 *
 * @example
 * ```ts
 * const listAgents = createListEndpoint({
 *   schema: schedulingSchema, entity: 'agent', store: memoryListStore(agents), baseUrl: 'http://127.0.0.1:8080',
 * });
 * http.createServer(async (req, res) => {
 *   const { status, body } = await listAgents(req);
 *   res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
 * });
 * // GET /v1/agents?filter=agent.name+LIKE+john&sort=name →
 * // 200 { object: 'list', next_page: 'http://127.0.0.1:8080/v1/agents?filter=agent.name%20LIKE%20john&sort=name&cursor=…', previous_page: null, data: [ … ] }
 * ```
 */
export function createListEndpoint<T, S extends Schema = Schema>(given: ListEndpointOptions<T, S>): ListHandler<T> {
  const options = readOptions('createListEndpoint', given, OPTIONS) as ListEndpointOptions<T, S>;
  const { schema, entity: entityName, store } = options;
  const baseUrl = checkBaseUrl(options.baseUrl);
  const pageSize = readPageSize(options.pageSize, 'createListEndpoint');
  const checkOptions = { profile: options.profile, timeZone: options.timeZone, limits: options.limits };
  const { now, onError = reportStoreFailure } = options;
  if (now !== undefined && typeof now !== 'function') throw optionError('now is a function that returns the current instant (Unix seconds or a Date), for tests.');
  if (typeof onError !== 'function') throw optionError('onError is a function that is told of every failure of the store.');
  const entity = entityArgument('createListEndpoint', schema, entityName);
  checkStore('createListEndpoint', store);
  const key = keyAttribute(entity, options.key);
  const sortable = sortableEntity(entity, options.sortOnly);
  const byDefault = defaultOrder(options.sort, sortable, key);
  const counts = options.counts === true && (store.count !== undefined || store.readPage !== undefined);
  if (options.counts === true && !counts) throw optionError('counts: the store has no count(query); give it one, or leave counts out.');
  const orders = new BoundedCache<string, ListOrder>(ORDERS_KEPT);
  const orderOf = (sort: string | undefined): ListOrder => {
    if (sort === undefined) return byDefault;
    let order = orders.get(sort);
    if (order === undefined) orders.set(sort, (order = readSort(sort, sortable, key)));
    return order;
  };

  return async (request) => {
    let url: URL;
    let read: ReturnType<typeof readRequest>;
    if (!isListRequest(request)) throw inputError(`A list handler takes a node:http request, a Fetch API Request or a URL, not ${describeValue(request)}.`);
    try {
      url = requestUrl(request, baseUrl);
      read = readRequest(url);
    } catch (e) {
      // tql's own errors from reading the request are the client's; anything else is a request
      // object whose reading throws (a getter, a proxy), the caller's.
      if (isTqlError(e)) return { status: 400, body: errorBody(e) };
      throw inputError('A list handler could not read its request: reading it threw an exception (a getter or a proxy trap). Pass the request the framework gave.');
    }
    if (!read.ok) return { status: 400, body: { ...errorBody(read.error), parameter: read.parameter } };
    const { params, request: pageRequest } = read;
    let page: Awaited<ReturnType<typeof readPage<T>>>;
    try {
      page = await readPage(store, pageRequest);
    } catch (e) {
      tellFailure(onError, e, url);
      return { status: 500, body: internalErrorBody() };
    }
    if (page === undefined) {
      const cursor = params.cursor as Extract<Cursor, { id: string }>;
      return { status: 400, body: { ...errorBody(optionError(`${cursor.kind}: there is no record with id ${JSON.stringify(cursor.id)}; use an id from a list response.`)), parameter: cursor.kind } };
    }
    const link = (to: PageLink | undefined) => (to === undefined ? null : pageLink(url, linkCursor(to, params, pageRequest.order)));
    const body: ListBody<T> = {
      object: 'list',
      next_page: link(page.next),
      previous_page: link(page.previous),
      ...(page.totalCount === undefined ? {} : { total_count: page.totalCount }),
      data: page.items.map((i) => i.record),
    };
    return { status: 200, body };
  };

  /** The page request of `url`, or the parameter it got wrong. */
  function readRequest(url: URL): { ok: true; params: ListParams; request: PageRequest } | { ok: false; parameter: ListParameter; error: TqlError } {
    const r = readListParams(url, pageSize);
    if (!r.ok) return r;
    const { params } = r;
    const fail = (parameter: ListParameter, error: unknown) => {
      if (isTqlError(error)) return { ok: false as const, parameter, error };
      throw error;
    };
    let order: ListOrder;
    try {
      order = orderOf(params.sort);
    } catch (e) {
      return fail('sort', e);
    }
    let query: ValidatedQuery | undefined;
    if (params.filter !== undefined) {
      const checked = safeCheck(params.filter, schema, entityName, checkOptions);
      if (!checked.ok) return { ok: false, parameter: 'filter', error: checked.error };
      // Relative times resolved once per request: every page and cursor look-up uses one instant.
      query = resolveNow(checked.value, now);
    }
    if (params.totalCount && !counts) return { ok: false, parameter: 'include', error: optionError('include=total_count: this endpoint does not count its records; leave include out.') };
    let cursor: PageRequest['cursor'];
    const given = params.cursor;
    if (given?.kind === 'cursor') {
      try {
        const token = decodeCursor(given.token, order, params.filter);
        cursor = { direction: token.direction, start: { kind: 'key', key: token.key } };
      } catch (e) {
        return fail('cursor', e);
      }
    } else if (given !== undefined) {
      const id = keyValueOf(given.id, key);
      if (id === undefined) return { ok: false, parameter: given.kind, error: optionError(`${given.kind} takes the ${describeKey(key)} of a record from a list response, not ${JSON.stringify(given.id.slice(0, 40))}.`) };
      cursor = { direction: given.kind === 'starting_after' ? 'forward' : 'backward', start: { kind: 'record', id } };
    }
    return { ok: true, params, request: { query, order, cursor, limit: params.limit, count: params.totalCount } };
  }
}

/**
 * The cursor of a link: the record's key as the API spec writes it (`starting_after=<id>`) when
 * the request did not sort, else a token bound to the sort and the filter.
 */
function linkCursor(link: PageLink, params: ListParams, order: ListOrder): LinkCursor {
  if (link.kind === 'first') return undefined;
  if (params.sort === undefined) return { name: link.kind === 'after' ? 'starting_after' : 'ending_before', value: link.key.id };
  return { name: 'cursor', value: encodeCursor(order, params.filter, { direction: link.kind === 'after' ? 'forward' : 'backward', key: link.key }) };
}

function describeKey(key: Attribute): string {
  const kind = key.id?.kind;
  return kind === 'integer' ? 'integer id' : kind === 'uuid' ? 'uuid' : 'id';
}

function reportStoreFailure(error: unknown, url: URL): void {
  console.error(`tql list endpoint: the store failed on ${url.pathname}:`, error);
}

function checkBaseUrl(baseUrl: string | undefined): string | undefined {
  if (baseUrl === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw optionError(`baseUrl is an http or https origin such as "https://api.example.com", not ${JSON.stringify(baseUrl)}.`);
  }
  return url.origin;
}

export type { ListRequest } from './request-url.js';
