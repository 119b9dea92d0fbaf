/** What `parse` builds: the tree of every kind of query, as S-expressions and with spans. */
import { describe, expect, test } from 'vitest';
import { and, group, or, predicate } from '../../src/ast/builders.js';
import { stripSpans } from '../../src/ast/strip-spans.js';
import { parse, safeParse } from '../../src/parser/parse.js';
import { sexpr } from '../ast/sexpr.js';

describe('every example of the public TQL documentation parses (design section 1)', () => {
  test.for([
    ['agent.name~LIKE~john', '(LIKE agent.name john)'],
    ['agent.two_factor_enabled EQ false', '(EQ agent.two_factor_enabled false)'],
    [
      'scheduling_request.selected_start_time GTE 2023-07-01 AND scheduling_request.selected_start_time LTE 2023-08-01',
      '(AND (GTE scheduling_request.selected_start_time 2023-07-01) (LTE scheduling_request.selected_start_time 2023-08-01))',
    ],
    [
      'scheduling_request.status~EQ~scheduled~AND~scheduling_request.end_user_email~LIKE~@example.com',
      '(AND (EQ scheduling_request.status scheduled) (LIKE scheduling_request.end_user_email @example.com))',
    ],
    ['scheduling_request.status~IN~new,sent', '(IN scheduling_request.status [new sent])'],
    ['scheduling_request.team_id~EQ~team_W4hPN4gKvru7c4BWerF4d', '(EQ scheduling_request.team_id team_W4hPN4gKvru7c4BWerF4d)'],
    [
      'scheduling_request.end_user_name~EQ~"Pat Smith"~AND~scheduling_request.status~EQ~sent',
      '(AND (EQ scheduling_request.end_user_name "Pat Smith") (EQ scheduling_request.status sent))',
    ],
    ['scheduling_request.selected_start_time~GTE~1700000000', '(GTE scheduling_request.selected_start_time 1700000000)'],
    ['resource.url_slug NOT_IN alice,bob', '(NOT_IN resource.url_slug [alice bob])'],
  ] as const)('%s', ([query, expected]) => {
    expect(sexpr(parse(query))).toBe(expected);
  });
});

describe('a separator is any run of spaces, tabs, newlines and ~', () => {
  test.for([
    'a.b EQ 1 AND a.c EQ 2',
    'a.b~EQ~1~AND~a.c~EQ~2',
    'a.b~~EQ  1 ~ AND~ a.c\tEQ\n2',
    'a.b\r\nEQ\r1\nAND\ta.c ~~~ EQ ~ 2',
    '  a.b EQ 1 AND a.c EQ 2  ',
    '~a.b EQ 1 AND a.c EQ 2~',
    '\n\t~ a.b EQ 1 AND a.c EQ 2 ~\r\n',
  ] as const)('%j', (query) => {
    expect(sexpr(parse(query))).toBe('(AND (EQ a.b 1) (EQ a.c 2))');
  });
});

describe('AND binds tighter than OR; parentheses group and are kept', () => {
  test.for([
    ['a.b EQ 1 OR a.c EQ 2 AND a.d EQ 3', '(OR (EQ a.b 1) (AND (EQ a.c 2) (EQ a.d 3)))'],
    ['a.b EQ 1 AND a.c EQ 2 OR a.d EQ 3', '(OR (AND (EQ a.b 1) (EQ a.c 2)) (EQ a.d 3))'],
    ['a.b EQ 1 AND a.c EQ 2 AND a.d EQ 3', '(AND (EQ a.b 1) (EQ a.c 2) (EQ a.d 3))'],
    ['a.b EQ 1 OR a.c EQ 2 OR a.d EQ 3', '(OR (EQ a.b 1) (EQ a.c 2) (EQ a.d 3))'],
    [
      'a.b EQ 1 AND a.c EQ 2 OR a.d EQ 3 AND a.e EQ 4 OR a.f EQ 5',
      '(OR (AND (EQ a.b 1) (EQ a.c 2)) (AND (EQ a.d 3) (EQ a.e 4)) (EQ a.f 5))',
    ],
    ['(a.b EQ 1 OR a.c EQ 2) AND a.d EQ 3', '(AND (group (OR (EQ a.b 1) (EQ a.c 2))) (EQ a.d 3))'],
    ['a.b EQ 1 AND (a.c EQ 2 OR a.d EQ 3)', '(AND (EQ a.b 1) (group (OR (EQ a.c 2) (EQ a.d 3))))'],
    ['(a.b EQ 1)', '(group (EQ a.b 1))'],
    ['((a.b EQ 1))', '(group (group (EQ a.b 1)))'],
    ['(a.b EQ 1 AND a.c EQ 2) AND a.d EQ 3', '(AND (group (AND (EQ a.b 1) (EQ a.c 2))) (EQ a.d 3))'],
    ['(a.b~EQ~1)~OR~(a.c~EQ~2)', '(OR (group (EQ a.b 1)) (group (EQ a.c 2)))'],
    ['( a.b EQ 1 )', '(group (EQ a.b 1))'],
    ['(~a.b~EQ~1~)', '(group (EQ a.b 1))'],
    ['((a.b EQ 1) AND (a.c EQ 2 OR (a.d EQ 3)))', '(group (AND (group (EQ a.b 1)) (group (OR (EQ a.c 2) (group (EQ a.d 3))))))'],
  ] as const)('%s', ([query, expected]) => {
    expect(sexpr(parse(query))).toBe(expected);
  });
});

describe('values', () => {
  test.for([
    ['a.b EQ john', '(EQ a.b john)'],
    ['a.b EQ "Pat Smith"', '(EQ a.b "Pat Smith")'],
    ['a.b EQ ""', '(EQ a.b "")'],
    ['a.b EQ null', '(EQ a.b null)'],
    ['a.b EQ "null"', '(EQ a.b "null")'],
    ['a.b EQ nullable', '(EQ a.b nullable)'],
    ['a.b EQ NULL', '(EQ a.b NULL)'],
    ['a.b EQ "say \\"hi\\""', '(EQ a.b "say \\"hi\\"")'],
    ['a.b EQ "C:\\\\temp"', '(EQ a.b "C:\\\\temp")'],
    ['a.b EQ C:\\temp', '(EQ a.b "C:\\\\temp")'],
    ['a.b EQ "a ~ b, (c)"', '(EQ a.b "a ~ b, (c)")'],
    ['a.b LIKE 50%_off*', '(LIKE a.b 50%_off*)'],
    ['a.b EQ #1234', '(EQ a.b #1234)'],
    ['a.b EQ 2023-07-01T10:00:00+02:00', '(EQ a.b 2023-07-01T10:00:00+02:00)'],
    ['a.b EQ José', '(EQ a.b José)'],
    ['a.b EQ Ångström', '(EQ a.b Ångström)'],
    ['a.b EQ 😀🎉', '(EQ a.b 😀🎉)'],
    ['a.b EQ "𝔘𝔫𝔦 code"', '(EQ a.b "𝔘𝔫𝔦 code")'],
    ['a.b EQ a\u00a0b', '(EQ a.b "a\u00a0b")'],
    ['a.b EQ {x}[y]', '(EQ a.b "{x}[y]")'],
  ] as const)('%s', ([query, expected]) => {
    expect(sexpr(parse(query))).toBe(expected);
  });

  test.for([
    ['a.b EQ AND', '(EQ a.b AND)'],
    ['a.b EQ OR', '(EQ a.b OR)'],
    ['a.b EQ AND AND a.c EQ OR', '(AND (EQ a.b AND) (EQ a.c OR))'],
    ['a.b EQ OR OR a.c EQ AND', '(OR (EQ a.b OR) (EQ a.c AND))'],
    ['a.b IN AND,OR', '(IN a.b [AND OR])'],
    ['a.b EQ EQ', '(EQ a.b EQ)'],
  ] as const)('after an operator a value is always read: %s', ([query, expected]) => {
    expect(sexpr(parse(query))).toBe(expected);
  });

  test.for([
    ['a.b IN x', '(IN a.b x)'],
    ['a.b IN x,y,z', '(IN a.b [x y z])'],
    ['a.b IN x, y,\tz', '(IN a.b [x y z])'],
    ['a.b IN x,\n  y', '(IN a.b [x y])'],
    ['a.b IN "c, d",e', '(IN a.b ["c, d" e])'],
    ['a.b IN null,"null",x', '(IN a.b [null "null" x])'],
    ['a.b IN "","",""', '(IN a.b ["" "" ""])'],
    ['a.b EQ a,b', '(EQ a.b [a b])'],
  ] as const)('a list: %s', ([query, expected]) => {
    expect(sexpr(parse(query))).toBe(expected);
  });
});

describe('attributes and operators', () => {
  test.for(['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE', 'LIKE', 'NOT_LIKE', 'IN', 'NOT_IN'])('a.b %s 1', (op) => {
    expect(sexpr(parse(`a.b ${op} 1`))).toBe(`(${op} a.b 1)`);
  });

  test.for([
    ['scheduling_request.psa_a_ticket_number EQ 1', 'scheduling_request', 'psa_a_ticket_number'],
    ['Agent.Name EQ 1', 'Agent', 'Name'],
    ['_x._1 EQ 1', '_x', '_1'],
    ['AND.OR EQ 1', 'AND', 'OR'],
  ] as const)('%s', ([query, entity, property]) => {
    const expr = parse(query).expression;
    expect(expr.kind === 'Predicate' && [expr.attribute.entity, expr.attribute.property]).toEqual([entity, property]);
  });
});

describe('spans', () => {
  test('every node has the UTF-16 range of its text', () => {
    const text = ' (a.b~EQ~"x y",😀) AND c.d LT 1 ';
    const query = parse(text);
    const slice = (s: { start: number; end: number }) => text.slice(s.start, s.end);
    expect(slice(query.span)).toBe(text);
    const and = query.expression;
    if (and.kind !== 'And') throw new Error('expected And');
    expect(slice(and.span)).toBe('(a.b~EQ~"x y",😀) AND c.d LT 1');
    const [grp, pred] = and.operands;
    expect(slice(grp.span)).toBe('(a.b~EQ~"x y",😀)');
    if (grp.kind !== 'Group' || grp.expression.kind !== 'Predicate' || pred.kind !== 'Predicate') throw new Error('shape');
    const inner = grp.expression;
    expect(slice(inner.span)).toBe('a.b~EQ~"x y",😀');
    expect(slice(inner.attribute.span)).toBe('a.b');
    expect(slice(inner.operator.span)).toBe('EQ');
    expect(inner.values.map((v) => slice(v.span))).toEqual(['"x y"', '😀']);
    expect(slice(pred.span)).toBe('c.d LT 1');
  });

  test('the query root keeps the text it was parsed from', () => {
    const text = '~a.b~EQ~1~';
    expect(parse(text)).toMatchObject({ kind: 'Query', text, span: { start: 0, end: 10 } });
  });
});

test('builders describe the same trees parse builds', () => {
  const built = or(
    and(predicate('a.b', 'EQ', '1'), group(or(predicate('a.c', 'IN', 'x', null), predicate('a.d', 'LIKE', 'y z')))),
    predicate('a.e', 'NOT_EQ', null),
  );
  const parsed = parse('a.b EQ 1 AND (a.c IN x,null OR a.d LIKE "y z") OR a.e NOT_EQ null').expression;
  expect(stripSpans(parsed)).toEqual(stripSpans(built));
});

describe('safeParse', () => {
  test('a.b EQ 1', () => {
    const result = safeParse('a.b EQ 1');
    expect(result.ok && sexpr(result.value)).toBe('(EQ a.b 1)');
  });

  test('a.b EQ', () => {
    const result = safeParse('a.b EQ');
    expect(!result.ok && result.error.code).toBe('syntax_error');
  });
});
