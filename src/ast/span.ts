import type { Span } from './nodes.js';

/**
 * The span from the start of the first node to the end of the last (an AND's or OR's operands, a
 * list of values); `{ start: 0, end: 0 }` for no nodes.
 *
 * @example
 * ```ts
 * spanAcross([{ span: { start: 0, end: 4 } }, { span: { start: 9, end: 12 } }]); // { start: 0, end: 12 }
 * ```
 */
export function spanAcross(nodes: readonly { readonly span: Span }[]): Span {
  return { start: nodes[0]?.span.start ?? 0, end: nodes[nodes.length - 1]?.span.end ?? 0 };
}

/**
 * True for `{ start, end }` with numbers: the checks of hand-made trees and queries use it.
 *
 * @example
 * ```ts
 * isSpan({ start: 0, end: 3 }); // true
 * isSpan({ start: '0' });       // false
 * ```
 */
export function isSpan(value: unknown): value is Span {
  if (typeof value !== 'object' || value === null) return false;
  const { start, end } = value as { start?: unknown; end?: unknown };
  return typeof start === 'number' && typeof end === 'number';
}
