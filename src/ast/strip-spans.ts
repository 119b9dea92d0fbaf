/**
 * Removes source positions from a syntax tree, so that trees can be compared by meaning:
 * `stripSpans(parse(print(q)).expression)` equals `stripSpans(q.expression)`.
 */
import type { Node } from './nodes.js';

/** `T` with every `span` property removed, all the way down. */
export type Unspanned<T> = T extends readonly unknown[]
  ? { readonly [K in keyof T]: Unspanned<T[K]> }
  : T extends object
    ? { readonly [K in Exclude<keyof T, 'span'>]: Unspanned<T[K]> }
    : T;

/**
 * A copy of `node` without any `span`. The Query root keeps its `text`.
 *
 * @example
 * ```ts
 * stripSpans(parse('a.b EQ 1').expression);
 * // { kind: 'Predicate', attribute: { kind: 'Attribute', entity: 'a', property: 'b' },
 * //   operator: { kind: 'Operator', name: 'EQ' }, values: [{ kind: 'Text', text: '1' }] }
 * ```
 */
export function stripSpans<N extends Node>(node: N): Unspanned<N> {
  return strip(node) as Unspanned<N>;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (key !== 'span') copy[key] = strip(field);
  return copy;
}
