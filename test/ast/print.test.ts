/** The printer: both styles, quoting only when needed, and text that parses back to the same tree. */
import { describe, expect, test } from 'vitest';
import { and, group, or, predicate, query, text } from '../../src/ast/builders.js';
import type { Expr } from '../../src/ast/nodes.js';
import { print, printValue } from '../../src/ast/print.js';
import { stripSpans } from '../../src/ast/strip-spans.js';
import { parse } from '../../src/parser/parse.js';

const examples: readonly (readonly [string, Expr, string, string])[] = [
  ['one predicate', predicate('agent.name', 'LIKE', 'john'), 'agent.name~LIKE~john', 'agent.name LIKE john'],
  [
    'AND inside a group inside AND',
    and(predicate('agent.name', 'LIKE', 'john'), group(or(predicate('a.b', 'EQ', '1'), predicate('a.c', 'EQ', '2')))),
    'agent.name~LIKE~john~AND~(a.b~EQ~1~OR~a.c~EQ~2)',
    'agent.name LIKE john AND (a.b EQ 1 OR a.c EQ 2)',
  ],
  [
    'AND under OR needs no parentheses',
    or(and(predicate('a.b', 'EQ', '1'), predicate('a.c', 'EQ', '2')), predicate('a.d', 'EQ', '3')),
    'a.b~EQ~1~AND~a.c~EQ~2~OR~a.d~EQ~3',
    'a.b EQ 1 AND a.c EQ 2 OR a.d EQ 3',
  ],
  ['nested groups', group(group(predicate('a.b', 'EQ', '1'))), '((a.b~EQ~1))', '((a.b EQ 1))'],
  ['a list', predicate('a.b', 'IN', 'x', 'y z', null, 'null'), 'a.b~IN~x,"y z",null,"null"', 'a.b IN x, "y z", null, "null"'],
];

describe('styles', () => {
  test.for(examples)('%s', ([, expr, url, readable]) => {
    expect(print(expr, { style: 'url' })).toBe(url);
    expect(print(expr, { style: 'readable' })).toBe(readable);
    expect(print(expr)).toBe(readable);
    expect(print(query(expr))).toBe(readable);
  });

  test.for(examples)('%s parses back to the same tree', ([, expr, url, readable]) => {
    expect(stripSpans(parse(url).expression)).toEqual(stripSpans(expr));
    expect(stripSpans(parse(readable).expression)).toEqual(stripSpans(expr));
  });
});

describe('a value is quoted only when it must be', () => {
  test.for([
    ['john', 'john'],
    ['@example.com', '@example.com'],
    ['50%_off*', '50%_off*'],
    ['C:\\temp', 'C:\\temp'],
    ['AND', 'AND'],
    ['NULL', 'NULL'],
    ['nullable', 'nullable'],
    ['😀', '😀'],
    ['a\u00a0b', 'a\u00a0b'],
    ['', '""'],
    ['null', '"null"'],
    ['Pat Smith', '"Pat Smith"'],
    ['a~b', '"a~b"'],
    ['a\tb', '"a\tb"'],
    ['a\nb', '"a\nb"'],
    ['a\rb', '"a\rb"'],
    ['a,b', '"a,b"'],
    ['(a)', '"(a)"'],
    ['say "hi"', '"say \\"hi\\""'],
    ['C:\\my temp', '"C:\\\\my temp"'],
    ['"', '"\\""'],
  ] as const)('%j → %s', ([value, printed]) => {
    expect(printValue(text(value))).toBe(printed);
  });
});

test('print is what parse reads: the parsed text of a printed query prints the same again', () => {
  const source = ' a.b~EQ~"x"  AND  ( a.c IN  "y",z OR a.d LIKE "%" ) ';
  const once = print(parse(source), { style: 'url' });
  expect(once).toBe('a.b~EQ~x~AND~(a.c~IN~y,z~OR~a.d~LIKE~%)');
  expect(print(parse(once), { style: 'url' })).toBe(once);
});
