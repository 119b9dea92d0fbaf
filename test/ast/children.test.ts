/** childNodes: the children of each kind of node, in text order. */
import { expect, test } from 'vitest';
import { childNodes } from '../../src/ast/children.js';
import type { Node } from '../../src/ast/nodes.js';
import { parse } from '../../src/parser/parse.js';

/** Each child as its kind, with the text of a Text node. */
const kinds = (node: Node): string[] => childNodes(node).map((c) => (c.kind === 'Text' ? `Text ${c.text}` : c.kind));

test.for([
  ['a.b IN x,"y z"', ['Attribute', 'Operator', 'Text x', 'Text y z']],
  ['a.b EQ null', ['Attribute', 'Operator', 'Null']],
  ['a.b EQ 1 AND a.c EQ 2 AND a.d EQ 3', ['Predicate', 'Predicate', 'Predicate']],
  ['a.b EQ 1 OR (a.c EQ 2 AND a.d EQ 3)', ['Predicate', 'Group']],
  ['(a.b EQ 1)', ['Predicate']],
] as const)('%s', ([text, expected]) => {
  const query = parse(text);
  expect(kinds(query)).toEqual([query.expression.kind]);
  expect(kinds(query.expression)).toEqual(expected);
});

test('a.b EQ x: attribute, operator and value have no children', () => {
  const predicate = parse('a.b EQ x').expression;
  expect(childNodes(predicate).map((c) => childNodes(c).length)).toEqual([0, 0, 0]);
});
