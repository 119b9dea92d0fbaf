/**
 * Names of advised indexes that every engine keeps as written: PostgreSQL cuts identifiers at
 * 63 bytes of UTF-8 (the strictest limit; MySQL and MariaDB allow 64 characters), so a name cut
 * silently by the engine could equal another and, with `IF NOT EXISTS`, hide an index.
 */

/** PostgreSQL's identifier limit in bytes (NAMEDATALEN - 1). */
export const MAX_IDENTIFIER_BYTES = 63;

const encoder = new TextEncoder();

/** Bytes of `text` in UTF-8; a lone surrogate counts as the 3 bytes of its replacement. */
function utf8Bytes(text: string): number {
  return encoder.encode(text).length;
}

/** FNV-1a (32 bits) over the UTF-16 code units of `text`, as 8 hex digits: short and stable across runs. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The longest prefix of `text` within `budget` bytes of UTF-8 that ends on a code point boundary. */
function cutToBytes(text: string, budget: number): string {
  let out = '';
  let used = 0;
  for (const codePoint of text) {
    const bytes = utf8Bytes(codePoint);
    if (used + bytes > budget) break;
    out += codePoint;
    used += bytes;
  }
  return out;
}

/**
 * `<table>_<what>_idx` when it fits {@link MAX_IDENTIFIER_BYTES}; else its head cut on a code
 * point boundary, then `_`, 8 hex digits of a hash of the whole natural name, and `_idx`. Two
 * natural names that differ keep different names (up to a 32-bit hash collision, which the caller
 * resolves).
 *
 * @example
 * ```ts
 * indexName('book', 'title'); // 'book_title_idx'
 * indexName('ä'.repeat(31), 'title'); // 'ää…ä_<8 hex digits>_idx', 63 bytes or fewer
 * ```
 */
export function indexName(table: string, what: string): string {
  const natural = `${table}_${what}_idx`;
  if (utf8Bytes(natural) <= MAX_IDENTIFIER_BYTES) return natural;
  return fittedName(`${table}_${what}`, fnv1a(natural));
}

/**
 * A name for an index whose fitted name another index of the same advice already holds:
 * hashed over `table` and `what` apart, so it differs from the name already taken.
 *
 * @example
 * ```ts
 * distinctIndexName('a', 'b_c', 1); // 'a_b_c_<8 hex digits>_idx'
 * ```
 */
export function distinctIndexName(table: string, what: string, attempt: number): string {
  return fittedName(`${table}_${what}`, fnv1a(`${table}\u0000${what}\u0000${attempt}`));
}

function fittedName(head: string, hash: string): string {
  const tail = `_${hash}_idx`;
  return `${cutToBytes(head, MAX_IDENTIFIER_BYTES - tail.length)}${tail}`;
}
