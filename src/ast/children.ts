/** The children of a syntax-tree node, for code that walks or draws the whole tree. */
import type { Node, NodeKind } from './nodes.js';

/** One entry per node kind, so a new kind of node does not compile until its children are known. */
const CHILDREN: { readonly [K in NodeKind]: (node: Extract<Node, { kind: K }>) => readonly Node[] } = {
  Query: (n) => [n.expression],
  Or: (n) => n.operands,
  And: (n) => n.operands,
  Group: (n) => [n.expression],
  Not: (n) => [n.expression],
  Predicate: (n) => [n.attribute, n.operator, ...n.values],
  Attribute: () => [],
  Operator: () => [],
  Text: () => [],
  Null: () => [],
};

/**
 * The direct children of `node`, in text order.
 *
 * @example
 * ```ts
 * childNodes(parse('agent.name IN a,b').expression).map((n) => n.kind); // ['Attribute', 'Operator', 'Text', 'Text']
 * ```
 */
export function childNodes(node: Node): readonly Node[] {
  // The table is keyed by kind, so the node matches its entry; TS cannot see the correlation.
  return (CHILDREN[node.kind] as (n: Node) => readonly Node[])(node);
}
