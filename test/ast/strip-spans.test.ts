/** stripSpans: the tree without positions, for comparing trees by meaning. */
import { expect, test } from 'vitest';
import { stripSpans } from '../../src/ast/strip-spans.js';
import { parse } from '../../src/parser/parse.js';

test('(a.b EQ x,null) OR c.d LT 1', () => {
  expect(stripSpans(parse('(a.b EQ x,null) OR c.d LT 1'))).toMatchInlineSnapshot(`
    {
      "expression": {
        "kind": "Or",
        "operands": [
          {
            "expression": {
              "attribute": {
                "entity": "a",
                "kind": "Attribute",
                "property": "b",
              },
              "kind": "Predicate",
              "operator": {
                "kind": "Operator",
                "name": "EQ",
              },
              "values": [
                {
                  "kind": "Text",
                  "text": "x",
                },
                {
                  "kind": "Null",
                },
              ],
            },
            "kind": "Group",
          },
          {
            "attribute": {
              "entity": "c",
              "kind": "Attribute",
              "property": "d",
            },
            "kind": "Predicate",
            "operator": {
              "kind": "Operator",
              "name": "LT",
            },
            "values": [
              {
                "kind": "Text",
                "text": "1",
              },
            ],
          },
        ],
      },
      "kind": "Query",
      "text": "(a.b EQ x,null) OR c.d LT 1",
    }
  `);
});

test('the parsed tree is left as it was', () => {
  const query = parse('a.b EQ 1');
  const before = JSON.stringify(query);
  stripSpans(query);
  expect(JSON.stringify(query)).toBe(before);
});

test('the same tree written two ways strips to the same value', () => {
  expect(stripSpans(parse('~a.b~EQ~"1"~').expression)).toEqual(stripSpans(parse('a.b EQ 1').expression));
});
