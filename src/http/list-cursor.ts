/**
 * Cursor tokens: the opaque `cursor` parameter of the links of a sorted list. A token carries the
 * place in the order (a value per sort key and the record's key) and what it was made for (the
 * sort and a fingerprint of the filter), so that the page it leads to needs no look-up, stays
 * right when its record is deleted, and a token used with another sort or filter is refused
 * rather than read as a place in a list it was not made for.
 */
import { optionError } from '../errors/tql-error.js';
import { sortValueKind, type ListKey, type ListOrder, type OrderKey, type SortValue } from './list-order.js';
import type { Direction } from './list-store.js';

/** The longest token read: a key per sort attribute, each value at most a filter value's length. */
export const MAX_CURSOR_LENGTH = 8192;
const VERSION = 1;

/** A decoded token: which way to read, and from where. */
export interface CursorToken {
  readonly direction: Direction;
  readonly key: ListKey;
}

/**
 * The token for the page `direction` of `key`, in `order`, for the filter text `filter`.
 *
 * @example
 * ```ts
 * encodeCursor(order, undefined, { direction: 'forward', key }); // 'WzEsImYiLCItY3JlYXRl…'
 * ```
 */
export function encodeCursor(order: ListOrder, filter: string | undefined, token: CursorToken): string {
  const json = JSON.stringify([VERSION, token.direction === 'forward' ? 'f' : 'b', order.text, fingerprint(filter), ...token.key.values]);
  return base64url(json);
}

/**
 * The place a token carries, checked against the request it came with: the same sort and filter,
 * and values of each key's type. Throws a `TqlError` (`invalid_option`) that names the `cursor`
 * parameter and says what to do otherwise.
 *
 * @example
 * ```ts
 * decodeCursor(text, order, 'agent.name LIKE jo'); // { direction: 'forward', key: { values: [1700000000, 'agnt_1'], id: 'agnt_1' } }
 * ```
 */
export function decodeCursor(text: string, order: ListOrder, filter: string | undefined): CursorToken {
  const parts = text.length <= MAX_CURSOR_LENGTH && /^[A-Za-z0-9_-]+$/.test(text) ? parsed(text) : undefined;
  if (parts === undefined || parts[0] !== VERSION || (parts[1] !== 'f' && parts[1] !== 'b') || typeof parts[2] !== 'string' || typeof parts[3] !== 'string') {
    throw optionError('cursor is not one this API wrote: follow next_page or previous_page as they are, or leave cursor out for the first page.');
  }
  if (parts[2] !== order.text) {
    throw optionError(
      `cursor was made for sort=${parts[2]}, and this request sorts by ${order.text}: follow the links of the list you are walking, or leave cursor out to start the new order at its first page.`,
    );
  }
  if (parts[3] !== fingerprint(filter)) {
    throw optionError('cursor was made for another filter: follow the links of the list you are walking, or leave cursor out to start the new filter at its first page.');
  }
  const values = parts.slice(4);
  if (values.length !== order.keys.length || !values.every((v, i) => fits(v, order.keys[i]!, i === values.length - 1))) {
    throw optionError('cursor is not one this API wrote for this list: follow next_page or previous_page as they are, or leave cursor out for the first page.');
  }
  return { direction: parts[1] === 'f' ? 'forward' : 'backward', key: { values: values as SortValue[], id: String(values.at(-1)) } };
}

function parsed(text: string): unknown[] | undefined {
  try {
    const value: unknown = JSON.parse(fromBase64url(text));
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a token's value can be the sort value of `key`: its type's, or null (never for the record's key). */
function fits(value: unknown, { attribute }: OrderKey, isKey: boolean): boolean {
  if (value === null) return !isKey;
  const kind = sortValueKind(attribute);
  if (kind === 'text') return typeof value === 'string';
  return kind === 'integer' ? Number.isSafeInteger(value) : typeof value === 'number' && Number.isFinite(value);
}

/** A fingerprint of the filter text (two 32-bit FNV-1a hashes): equal texts give equal prints. */
function fingerprint(filter: string | undefined): string {
  if (filter === undefined) return '';
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ filter.length;
  for (let i = 0; i < filter.length; i++) {
    const c = filter.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return (a >>> 0).toString(36) + (b >>> 0).toString(36);
}

/** Base64url of the text's UTF-8, without padding; `btoa` and `TextEncoder` are in every runtime a Fetch handler runs on. */
function base64url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text of a base64url token; throws on one that is not base64 or not UTF-8. */
function fromBase64url(token: string): string {
  const binary = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
