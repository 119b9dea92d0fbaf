/**
 * A list endpoint for an HTTP service, framework-free: a request (node:http or a URL) in, a
 * status and a JSON-ready body out (docs/server.md): the `filter` parameter in TQL, pages newest
 * first, `starting_after` / `ending_before` cursors, and `next_page` / `previous_page` URLs that
 * keep the filter.
 */
import type { IncomingMessage } from 'node:http';
import { safeCheck } from '../api/check.js';
import { readOptions } from '../errors/read-options.js';
import { isTqlError, optionError } from '../errors/tql-error.js';
import type { Limits } from '../parser/options.js';
import type { Profile } from '../parser/profiles.js';
import type { Schema } from '../schema/types.js';
import { resolveNow } from '../validate/resolve-now.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import { errorBody, type ErrorBody } from './error-body.js';
import { pageLink } from './list-links.js';
import { readPage } from './list-page.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, readListParams, type PageSize } from './list-params.js';
import type { ListStore } from './list-store.js';
import { requestUrl } from './request-url.js';

/** A list response body (docs/server.md, Pages). */
export interface ListBody<T> {
  readonly object: 'list';
  readonly next_page: string | null;
  readonly previous_page: string | null;
  readonly data: T[];
}

/** What to send: 200 with the page, or 400 with what is wrong with the request. */
export type ListResponse<T> =
  | { readonly status: 200; readonly body: ListBody<T> }
  | { readonly status: 400; readonly body: ErrorBody };

/** What {@link createListEndpoint} needs: the schema and entity to filter, where records live, and paging. */
export interface ListEndpointOptions<T, S extends Schema = Schema> {
  readonly schema: S;
  /** The entity the endpoint lists; filters must use its attributes. */
  readonly entity: S['entityNames'][number];
  readonly store: ListStore<T>;
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
}

/** Handles one list request. Never throws a `TqlError`: bad input is a 400 response. */
export type ListHandler<T> = (request: IncomingMessage | URL) => Promise<ListResponse<T>>;

/**
 * Builds the handler of a list endpoint. Errors in the options throw a `TqlError`
 * (`invalid_option`) here, once; errors in requests become 400 responses; errors of the store
 * (a lost database connection) reject the handler's promise as they are.
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
 * // GET /v1/agents?filter=agent.name+LIKE+john →
 * // 200 { object: 'list', next_page: 'http://127.0.0.1:8080/v1/agents?filter=agent.name%20LIKE%20john&starting_after=agnt_…', previous_page: null, data: [ … ] }
 * ```
 */
export function createListEndpoint<T, S extends Schema = Schema>(given: ListEndpointOptions<T, S>): ListHandler<T> {
  const options = readOptions('createListEndpoint', given, ['schema', 'entity', 'store', 'baseUrl', 'pageSize', 'profile', 'timeZone', 'limits', 'now']) as ListEndpointOptions<T, S>;
  const { schema, entity, store } = options;
  const baseUrl = checkBaseUrl(options.baseUrl);
  const pageSize = checkPageSize(readOptions('createListEndpoint (pageSize)', options.pageSize, ['default', 'max']));
  const checkOptions = { profile: options.profile, timeZone: options.timeZone, limits: options.limits };
  const now = options.now;
  if (now !== undefined && typeof now !== 'function') throw optionError('now is a function that returns the current instant (Unix seconds or a Date), for tests.');
  if (!(schema.entityNames as readonly string[]).includes(entity)) {
    throw optionError(`The schema has no entity ${JSON.stringify(entity)}; use one of ${schema.entityNames.join(', ')}.`);
  }
  return async (request) => {
    try {
      const url = request instanceof URL ? request : requestUrl(request, baseUrl);
      const params = readListParams(url, pageSize);
      let query: ValidatedQuery | undefined;
      if (params.filter !== undefined) {
        const r = safeCheck(params.filter, schema, entity, checkOptions);
        if (!r.ok) return { status: 400, body: errorBody(r.error) };
        // Relative times resolved once per request: every page and cursor look-up uses one instant.
        query = resolveNow(r.value, now);
      }
      const page = await readPage(store, query, params.cursor, params.limit);
      return {
        status: 200,
        body: {
          object: 'list',
          next_page: page.next === undefined ? null : pageLink(url, page.next),
          previous_page: page.previous === undefined ? null : pageLink(url, page.previous),
          data: page.items.map((i) => i.record),
        },
      };
    } catch (e) {
      if (isTqlError(e)) return { status: 400, body: errorBody(e) };
      throw e;
    }
  };
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

function checkPageSize(pageSize: PageSize | undefined): PageSize {
  const max = pageSize?.max ?? MAX_PAGE_SIZE;
  const fallback = pageSize?.default ?? Math.min(DEFAULT_PAGE_SIZE, max);
  if (!Number.isSafeInteger(max) || max < 1 || !Number.isSafeInteger(fallback) || fallback < 1 || fallback > max) {
    throw optionError(`pageSize needs whole numbers with 1 <= default <= max; got default ${String(pageSize?.default)}, max ${String(pageSize?.max)}.`);
  }
  return { default: fallback, max };
}
