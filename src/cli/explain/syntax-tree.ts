/** The syntax tree of a query drawn as an indented tree, each node with its span in the text. */
import { childNodes } from '../../ast/children.js';
import type { Node, Query } from '../../ast/nodes.js';
import type { Style } from '../style.js';

const MAX_SOURCE = 48;

/** What a node says, after its kind and span: the source it covers, or its value. */
function label(node: Node, text: string): string {
  switch (node.kind) {
    case 'Attribute':
      return `${node.entity}.${node.property}`;
    case 'Operator':
      return node.name;
    case 'Text':
      return JSON.stringify(node.text);
    case 'Null':
      return 'null';
    case 'Query':
    case 'And':
    case 'Or':
    case 'Group':
    case 'Not':
    case 'Predicate': {
      const source = text.slice(node.span.start, node.span.end).replace(/\s+/g, ' ');
      return source.length > MAX_SOURCE ? `${source.slice(0, MAX_SOURCE - 1)}…` : source;
    }
  }
}

/**
 * ```text
 * Query [0,41) agent.name LIKE jo AND agent.schedulable EQ true
 * └─ And [0,41) agent.name LIKE jo AND agent.schedulable EQ true
 *    ├─ Predicate [0,18) agent.name LIKE jo
 *    │  ├─ Attribute [0,10) agent.name
 *    …
 * ```
 *
 * Spans are half-open ranges of UTF-16 code units, as in `Span`.
 *
 * @example
 * ```ts
 * io.stdout.write(drawSyntaxTree(parse('agent.name LIKE jo'), style(false)));
 * ```
 */
export function drawSyntaxTree(query: Query, s: Style): string {
  const lines: string[] = [];
  const visit = (node: Node, prefix: string, childPrefix: string) => {
    lines.push(`${prefix}${s.bold(node.kind)} ${s.dim(`[${node.span.start},${node.span.end})`)} ${label(node, query.text)}`);
    const kids = childNodes(node);
    kids.forEach((kid, i) => {
      const last = i === kids.length - 1;
      visit(kid, `${childPrefix}${last ? '└─ ' : '├─ '}`, `${childPrefix}${last ? '   ' : '│  '}`);
    });
  };
  visit(query, '', '');
  return `${lines.join('\n')}\n`;
}
