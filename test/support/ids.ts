/**
 * Ids for comparing what engines select: engines return rows in no particular order, so tests
 * compare lists sorted by code units (JavaScript's default sort), the same order everywhere.
 */

/**
 * The ids of `records`, sorted.
 *
 * @example
 * ```ts
 * sortedIds([{ id: 'b' }, { id: 'a' }]); // ['a', 'b']
 * ```
 */
export function sortedIds(records: readonly { readonly id: string }[]): string[] {
  return records.map((r) => r.id).sort();
}

/**
 * A copy of `records` sorted by id.
 *
 * @example
 * ```ts
 * sortedById([{ id: 'b', n: 1 }, { id: 'a', n: 2 }]); // [{ id: 'a', n: 2 }, { id: 'b', n: 1 }]
 * ```
 */
export function sortedById<T extends { readonly id: string }>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
