/**
 * The syntax tree as nested lists: each node's kind, what it says, and its span in the text.
 * One entry per node kind, so a new kind of node does not compile until it can be shown.
 */
import type { Node, NodeKind, Query } from '../../src/index.js';
import { h } from './dom.js';

interface Shown {
  readonly label: string;
  readonly children: readonly Node[];
}

const SHOW: { readonly [K in NodeKind]: (node: Extract<Node, { kind: K }>) => Shown } = {
  Query: (n) => ({ label: '', children: [n.expression] }),
  Or: (n) => ({ label: `${n.operands.length} operands`, children: n.operands }),
  And: (n) => ({ label: `${n.operands.length} operands`, children: n.operands }),
  Group: (n) => ({ label: '( … )', children: [n.expression] }),
  Predicate: (n) => ({ label: '', children: [n.attribute, n.operator, ...n.values] }),
  Attribute: (n) => ({ label: `${n.entity}.${n.property}`, children: [] }),
  Operator: (n) => ({ label: n.name, children: [] }),
  Text: (n) => ({ label: JSON.stringify(n.text), children: [] }),
  Null: () => ({ label: 'null', children: [] }),
};

function renderNode(node: Node): HTMLElement {
  const { label, children } = (SHOW[node.kind] as (n: Node) => Shown)(node);
  return h(
    'li',
    { 'data-kind': node.kind },
    h('span', { className: 'node' }, h('span', { className: 'kind' }, node.kind), label !== '' && h('span', { className: 'label' }, label), h('span', { className: 'span' }, `${node.span.start}–${node.span.end}`)),
    children.length > 0 && h('ul', {}, ...children.map(renderNode)),
  );
}

/** The tree of a parsed query. */
export function renderAst(query: Query): HTMLElement {
  return h('ul', { className: 'tree' }, renderNode(query));
}
