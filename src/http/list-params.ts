/** Reading a list request's query parameters: the filter, the sort, the page cursor, the page size and what to include. */
import { readOptions } from '../errors/read-options.js';
import { optionError, type TqlError } from '../errors/tql-error.js';

/**
 * Where a page starts: after or before a record named by its key (`starting_after=<id>`,
 * `ending_before=<id>`, as the API spec writes them), or at the place an opaque `cursor` token
 * from a link of a sorted list carries.
 */
export type Cursor =
  | { readonly kind: 'starting_after'; readonly id: string }
  | { readonly kind: 'ending_before'; readonly id: string }
  | { readonly kind: 'cursor'; readonly token: string };

/** The list parameters a request may give, by name. */
export const LIST_PARAMETERS = ['filter', 'sort', 'limit', 'starting_after', 'ending_before', 'cursor', 'include'] as const;

/** One of {@link LIST_PARAMETERS}. */
export type ListParameter = (typeof LIST_PARAMETERS)[number];

/** What a list request asks for: the filter, the order, where to start, how many records, and the count. */
export interface ListParams {
  /** The filter text, or undefined when the request has none (absent or blank). */
  readonly filter: string | undefined;
  /** The `sort` text, or undefined for the endpoint's default order. */
  readonly sort: string | undefined;
  readonly cursor: Cursor | undefined;
  readonly limit: number;
  /** `include=total_count`: the body carries the number of matching records. */
  readonly totalCount: boolean;
}

/** The page sizes an endpoint allows. */
export interface PageSize {
  /** Records per page when the request has no `limit`. Default 20. */
  readonly default?: number | undefined;
  /** The largest `limit` accepted. Default 100. */
  readonly max?: number | undefined;
}

/** Records per page when a request has no `limit`. */
export const DEFAULT_PAGE_SIZE = 20;
/** The largest `limit` a request may ask for, unless the endpoint sets another. */
export const MAX_PAGE_SIZE = 100;

/**
 * The page sizes an endpoint was given, defaults filled in; a `TqlError` (`invalid_option`)
 * unless 1 <= default <= max, naming `fn`'s option when it cannot be read.
 *
 * @example
 * ```ts
 * readPageSize({ max: 10 }, 'createListEndpoint'); // { default: 10, max: 10 }
 * ```
 */
export function readPageSize(given: PageSize | undefined, fn: string): { readonly default: number; readonly max: number } {
  const pageSize = readOptions(`${fn} (pageSize)`, given, ['default', 'max']);
  const max = pageSize.max ?? MAX_PAGE_SIZE;
  const fallback = pageSize.default ?? Math.min(DEFAULT_PAGE_SIZE, max);
  if (!Number.isSafeInteger(max) || max < 1 || !Number.isSafeInteger(fallback) || fallback < 1 || fallback > max) {
    throw optionError(`pageSize needs whole numbers with 1 <= default <= max; got default ${String(pageSize.default)}, max ${String(pageSize.max)}.`);
  }
  return { default: fallback, max };
}

/** A parameter the request got wrong, and what is wrong with it (an `invalid_option` error). */
export interface ParameterProblem {
  readonly parameter: ListParameter;
  readonly error: TqlError;
}

/** What {@link readListParams} makes of a query string. */
export type ReadParams = { readonly ok: true; readonly params: ListParams } | ({ readonly ok: false } & ParameterProblem);

/**
 * The list parameters of `url`'s query string. `URLSearchParams` has already turned `+` into a
 * space, so `filter=agent.name+LIKE+john`, `filter=agent.name%20LIKE%20john` and
 * `filter=agent.name~LIKE~john` all give a filter the parser reads alike. A repeated parameter,
 * two cursors at once, a bad `limit` or `include` is a problem that names its parameter.
 *
 * @example
 * ```ts
 * readListParams(new URL('http://h/v1/agents?filter=agent.name+LIKE+john&limit=5'));
 * // { ok: true, params: { filter: 'agent.name LIKE john', sort: undefined, cursor: undefined, limit: 5, totalCount: false } }
 * ```
 */
export function readListParams(url: URL, pageSize: PageSize = {}): ReadParams {
  const params = url.searchParams;
  for (const name of LIST_PARAMETERS) {
    const count = params.getAll(name).length;
    if (count > 1) {
      const hint = name === 'filter' ? ' Join predicates in one filter with AND.' : name === 'sort' ? ' Name several attributes in one, separated by commas.' : '';
      return problem(name, `The parameter ${name} was given ${count} times; give it once.${hint}`);
    }
  }
  const given = (name: ListParameter) => params.get(name) ?? undefined;
  const cursors = (['starting_after', 'ending_before', 'cursor'] as const).filter((n) => params.has(n));
  if (cursors.length > 1) {
    return problem(cursors[1]!, `Use one of starting_after, ending_before and cursor, not ${cursors.join(' and ')}: each names the place next to the page you want.`);
  }
  let cursor: Cursor | undefined;
  const name = cursors[0];
  if (name !== undefined) {
    const value = given(name)!;
    if (name === 'cursor' ? value === '' : !isRecordId(value)) {
      const what = name === 'cursor' ? 'cursor takes the cursor of a next_page or previous_page link' : `${name} takes the id of a record from a list response (for example the last id of a page)`;
      return problem(name, `${what}.`);
    }
    cursor = name === 'cursor' ? { kind: 'cursor', token: value } : { kind: name, id: value };
  }
  const limit = readLimit(given('limit'), pageSize);
  if (typeof limit === 'string') return problem('limit', limit);
  const include = given('include');
  if (include !== undefined && include !== 'total_count') {
    return problem('include', `include takes total_count (the number of records the filter matches), not ${JSON.stringify(include.slice(0, 40))}.`);
  }
  const filter = given('filter');
  const sort = given('sort');
  return {
    ok: true,
    params: {
      filter: filter === undefined || filter.trim() === '' ? undefined : filter,
      sort: sort === undefined || sort.trim() === '' ? undefined : sort,
      cursor,
      limit,
      totalCount: include === 'total_count',
    },
  };
}

function problem(parameter: ListParameter, message: string): ReadParams {
  return { ok: false, parameter, error: optionError(message) };
}

/**
 * Whether `id` can be a record's id: 1 to 256 characters, no NUL and no unpaired surrogate.
 * Anything else names no record, and a database would refuse it (PostgreSQL text holds no NUL):
 * a request carrying one is the client's mistake, a 400, never the server's 500.
 *
 * @example
 * ```ts
 * isRecordId('agnt_2FLu'); // true
 * isRecordId('\u0000');   // false
 * ```
 */
export function isRecordId(id: string): boolean {
  return id !== '' && id.length <= 256 && !id.includes('\u0000') && !LONE_SURROGATE.test(id);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The page size, or what is wrong with the `limit` given. */
function readLimit(raw: string | undefined, pageSize: PageSize): number | string {
  const max = pageSize.max ?? MAX_PAGE_SIZE;
  if (raw === undefined) return Math.min(pageSize.default ?? DEFAULT_PAGE_SIZE, max);
  const n = /^[0-9]{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  return n >= 1 && n <= max ? n : `limit takes a whole number from 1 to ${max}, not ${JSON.stringify(raw.slice(0, 40))}.`;
}
