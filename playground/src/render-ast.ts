/**
 * The syntax tree as nested lists: each node's kind, what it says, and its span in the text.
 * One label per node kind, so a new kind of node does not compile until it can be shown.
 */
import type { Node, NodeKind, Query } from '../../src/ast/index.js';
import { childNodes } from '../../src/ast/children.js';
import { h } from './dom.js';

const LABEL: { readonly [K in NodeKind]: (node: Extract<Node, { kind: K }>) => string } = {
  Query: () => '',
  Or: (n) => `${n.operands.length} operands`,
  And: (n) => `${n.operands.length} operands`,
  Group: () => '( … )',
  Not: () => 'NOT ( … )',
  Predicate: () => '',
  Attribute: (n) => `${n.entity}.${n.property}`,
  Operator: (n) => n.name,
  Text: (n) => JSON.stringify(n.text),
  Null: () => 'null',
};

function renderNode(node: Node): HTMLElement {
  const label = (LABEL[node.kind] as (n: Node) => string)(node);
  const children = childNodes(node);
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
