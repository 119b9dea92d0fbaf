/**
 * The hand-written parser is the limit the parse benches compare tql with, so it must read the
 * bench queries exactly as tql does: same tree, same values.
 */
import { describe, expect, test } from 'vitest';
import { handParse, type HandNode } from '../../../bench/peers/hand-parser.js';
import { growingQuery, GROWING_SIZES, TYPICAL_QUERIES, VARIANT_QUERIES } from '../../../bench/workloads/parse-workloads.js';
import { write, WRITERS } from '../../../bench/workloads/query-shapes.js';
import { parse } from '../../../src/parser/parse.js';
import type { Expr } from '../../../src/ast/nodes.js';

// ---- tql's tree in the hand parser's shape ----

function plain(e: Expr): HandNode {
  switch (e.kind) {
    case 'Group':
      return plain(e.expression);
    case 'Not':
      throw new Error('The hand parser, like the bench queries, has no NOT.');
    case 'And':
      return { kind: 'and', operands: e.operands.map(plain) };
    case 'Or':
      return { kind: 'or', operands: e.operands.map(plain) };
    case 'Predicate':
      return {
        kind: 'pred',
        attribute: `${e.attribute.entity}.${e.attribute.property}`,
        operator: e.operator.name,
        values: e.values.map((v) => (v.kind === 'Text' ? v.text : 'null')),
      };
  }
}

const benchTexts = [...TYPICAL_QUERIES, ...VARIANT_QUERIES, ...GROWING_SIZES.map(growingQuery)].map((w) => write(w.shape, WRITERS.tql)!);

// ---- the tests ----

describe('handParse', () => {
  test.for(benchTexts)('reads %s as tql does', (text) => {
    expect(handParse(text)).toEqual(plain(parse(text).expression));
  });

  test.for([
    'agent.name~LIKE~john',
    'scheduling_request.end_user_name~EQ~"Pat Smith"~AND~scheduling_request.status~EQ~sent',
    '(agent.name~EQ~a)~OR~(agent.name~EQ~b)',
    'agent.role IN a, b,"c, d"',
    'agent.name EQ "say \\"hi\\" \\\\ bye"',
  ])('reads the compatibility form %s as tql does', (text) => {
    expect(handParse(text)).toEqual(plain(parse(text).expression));
  });

  test.for(['agent.name', 'agent.name EQ', '(agent.name EQ a', 'agent.name EQ a b', 'agent.name EQ "open'])(
    'rejects %s',
    (text) => {
      expect(() => handParse(text)).toThrow(/^expected /);
    },
  );
});
