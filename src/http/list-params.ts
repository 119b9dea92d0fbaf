/** Reading a list request's query parameters: the filter, the page cursor and the page size. */
import { optionError } from '../errors/tql-error.js';

/** `starting_after=<id>` (the page after that record) or `ending_before=<id>` (the page before it). */
export type Cursor =
  | { readonly kind: 'starting_after'; readonly id: string }
  | { readonly kind: 'ending_before'; readonly id: string };

/** What a list request asks for: the filter, where to start, and how many records. */
export interface ListParams {
  /** The filter text, or undefined when the request has none (absent or blank). */
  readonly filter: string | undefined;
  readonly cursor: Cursor | undefined;
  readonly limit: number;
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
 * The list parameters of `url`'s query string. `URLSearchParams` has already turned `+` into a
 * space, so `filter=agent.name+LIKE+john`, `filter=agent.name%20LIKE%20john` and
 * `filter=agent.name~LIKE~john` all give a filter the parser reads alike. Throws a `TqlError`
 * (`invalid_option`) for a repeated parameter, both cursors at once, or a bad `limit`.
 *
 * @example
 * ```ts
 * readListParams(new URL('http://h/v1/agents?filter=agent.name+LIKE+john&limit=5'));
 * // { filter: 'agent.name LIKE john', cursor: undefined, limit: 5 }
 * ```
 */
export function readListParams(url: URL, pageSize: PageSize = {}): ListParams {
  const params = url.searchParams;
  const filter = single(params, 'filter');
  const after = single(params, 'starting_after');
  const before = single(params, 'ending_before');
  if (after !== undefined && before !== undefined) {
    throw optionError('Use starting_after or ending_before, not both: each names the record next to the page you want.');
  }
  const cursor: Cursor | undefined =
    after !== undefined ? { kind: 'starting_after', id: cursorId('starting_after', after) } : before !== undefined ? { kind: 'ending_before', id: cursorId('ending_before', before) } : undefined;
  return {
    filter: filter === undefined || filter.trim() === '' ? undefined : filter,
    cursor,
    limit: readLimit(single(params, 'limit'), pageSize),
  };
}

function single(params: URLSearchParams, name: string): string | undefined {
  const all = params.getAll(name);
  if (all.length > 1) {
    const hint = name === 'filter' ? ' Join predicates in one filter with AND.' : '';
    throw optionError(`The parameter ${name} was given ${all.length} times; give it once.${hint}`);
  }
  return all[0];
}

function cursorId(name: string, id: string): string {
  if (!isRecordId(id)) throw optionError(`${name} takes the id of a record from a list response (for example the last id of a page).`);
  return id;
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

function readLimit(raw: string | undefined, pageSize: PageSize): number {
  const max = pageSize.max ?? MAX_PAGE_SIZE;
  if (raw === undefined) return Math.min(pageSize.default ?? DEFAULT_PAGE_SIZE, max);
  const n = /^[0-9]{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n >= 1 && n <= max)) throw optionError(`limit takes a whole number from 1 to ${max}, not ${JSON.stringify(raw.slice(0, 40))}.`);
  return n;
}
