/** Phrases that error messages share. */

/**
 * `a`, `a or b`, `a, b or c`: the choices a message offers.
 *
 * @example
 * ```ts
 * orList(['EQ', 'NOT_EQ', 'IN']); // 'EQ, NOT_EQ or IN'
 * ```
 */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
